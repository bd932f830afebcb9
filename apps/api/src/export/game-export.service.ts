import { Inject, Injectable } from '@nestjs/common';
import type { EventStore, RecordedEvent } from '@corbeille/event-store';
import {
  chainOf,
  publishCommitments,
  fairnessOf,
  HashChainedEventStore,
  integrityStreamOf,
  publishFairness,
  seedEpochsOf,
  type PublishedFairness,
} from '@corbeille/integrity';
import type { Principal } from '../access/access.port';
import { GameAccessService } from '../games/services/game-access.service';
import { EVENT_STORE } from '../infrastructure/infrastructure.tokens';
import { publicMetadataOf } from './public-metadata';

/** The first line's `format`: what a reader of the file can expect of the lines after it. */
export const GAME_FILE_FORMAT = 'corbeille-game/1';

/** How many events are read from the store at a time while the file is written. */
const EXPORT_CHUNK = 500;

/** Line 1: what game this is, and the chain head the events must lead to. */
export interface GameFileHeader {
  readonly kind: 'header';
  readonly format: typeof GAME_FILE_FORMAT;
  readonly gameId: string;
  readonly gameType: string;
  readonly streamId: string;
  /** The engine version the game was created with (its first event's pin), else the running one. */
  readonly engineVersion: string;
  /** The options of the game's creation event. */
  readonly options: unknown;
  /** How many event lines follow. */
  readonly events: number;
  /** The last event's link: revision, position and hash (null for a stream written without the chain). */
  readonly chainHead: { readonly revision: number; readonly position: number; readonly hash: string } | null;
  /** Who the events were shown to: anonymous, spectator, player or referee. */
  readonly viewer: string;
}

/**
 * Lines 2 to n+1: the events as this reader may see them, links included: `redacted` when their data is not
 * shown whole; `metadataTrimmed` names the metadata keys left out (secrets, see public-metadata.ts), so
 * their hash cannot be recomputed by the reader, only their link checked.
 */
export type GameFileEvent = RecordedEvent & { readonly kind: 'event'; readonly redacted?: true; readonly metadataTrimmed?: readonly string[] };

/**
 * The last line: the game's fairness record as this reader may see it, the data of the `gameFairness` query
 * (docs/integrity.md): the seed's commitment and epochs (v1: seeds revealed so far), the plan commitments
 * with the nonces this reader may see, and (v2) every batch root and unit of chance, checkable offline with
 * `verifyPublishedFairness`; then the integrity stream's events (early reveals), metadata trimmed alike.
 */
export interface GameFileFairness extends PublishedFairness {
  readonly kind: 'fairness';
  readonly streamId: string;
  readonly scheme: string | null;
  readonly commitment: string | null;
  readonly epochs: readonly { readonly epoch: number; readonly commitment: string | null; readonly seed: string | null }[];
  readonly commitments: readonly {
    readonly revision: number;
    readonly position: number;
    readonly eventType: string;
    readonly scheme: string;
    readonly hash: string;
    readonly nonce: string | null;
  }[];
  readonly events: readonly (RecordedEvent & { readonly metadataTrimmed?: readonly string[] })[];
}

export type GameFileLine = GameFileHeader | GameFileEvent | GameFileFairness;

/**
 * A game as a portable file (`GET /games/:id/export.ndjson`): one JSON object per line, the header, every
 * event as the requester may see it through the same access and lens as the GraphQL `events` field, then
 * the public fairness record. `npm run verify-game -- <file>` checks it offline.
 */
@Injectable()
export class GameExportService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly access: GameAccessService,
  ) {}

  /** Yields the file line by line; the game is located (and access decided) before the first line. */
  async open(principal: Principal, gameId: string): Promise<AsyncGenerator<string>> {
    const located = await this.access.locate(gameId);
    const lens = await this.access.lensFor(principal, located);
    const viewer = await this.access.viewerFor(principal, located);
    const read = (options: Parameters<EventStore['readStream']>[1]) =>
      this.store instanceof HashChainedEventStore ? this.store.readStreamWithChain(located.streamId, options) : this.store.readStream(located.streamId, options);
    const [first] = await read({ fromRevision: 0, maxCount: 1 });
    const [last] = await read({ direction: 'backwards', maxCount: 1 });
    if (!first || !last) return (async function* none() {})();
    const link = chainOf(last.metadata);
    const pin = first.metadata['engine'] as { version?: unknown } | undefined;
    const header: GameFileHeader = {
      kind: 'header',
      format: GAME_FILE_FORMAT,
      gameId,
      gameType: located.game.type,
      streamId: located.streamId,
      engineVersion: typeof pin?.version === 'string' ? pin.version : located.game.engineVersion,
      options: (lens(first).data as { options?: unknown } | null)?.options ?? null,
      events: last.revision + 1,
      chainHead: link ? { revision: last.revision, position: last.position, hash: link.hash } : null,
      viewer: viewer.kind,
    };
    const store = this.store;
    return (async function* lines() {
      yield line(header);
      // Up to the head named in the header: events appended meanwhile belong to a later export.
      for (let fromRevision = 0; fromRevision <= last.revision; fromRevision += EXPORT_CHUNK) {
        const chunk = await read({ fromRevision, maxCount: Math.min(EXPORT_CHUNK, last.revision + 1 - fromRevision) });
        for (const event of chunk) {
          const seen = lens(event);
          const redacted = seen !== event && JSON.stringify(seen) !== JSON.stringify(event);
          yield line({ kind: 'event', ...withPublicMetadata(seen), ...(redacted ? { redacted: true as const } : {}) });
        }
      }
      // The record is judged on the events up to the head, as the file shows them.
      const events = await read({ fromRevision: 0, maxCount: last.revision + 1 });
      const integrity = integrityStreamOf(gameId);
      yield line(fairnessLine(integrity, events, await store.readStream(integrity), lens));
    })();
  }
}

/** The event with its public metadata only, naming the keys left out. */
function withPublicMetadata<E extends RecordedEvent>(event: E): E & { readonly metadataTrimmed?: readonly string[] } {
  const { metadata, trimmed } = publicMetadataOf(event.metadata);
  return { ...event, metadata, ...(trimmed.length > 0 ? { metadataTrimmed: trimmed } : {}) };
}

/** What `gameFairness` serves this reader (apps/api/src/integrity/services/game-integrity.service.ts), raw values kept. */
function fairnessLine(streamId: string, events: readonly RecordedEvent[], integrity: readonly RecordedEvent[], lens: (event: RecordedEvent) => RecordedEvent): GameFileFairness {
  const fairness = fairnessOf(events[0]?.metadata);
  const epochs = fairness ? seedEpochsOf(events, integrity) : [];
  const published = publishFairness(events, lens);
  return {
    kind: 'fairness',
    streamId,
    scheme: fairness?.scheme ?? null,
    commitment: fairness?.commitment ?? null,
    epochs: epochs.map(({ epoch, commitment, revealed }) => ({ epoch, commitment: commitment ?? null, seed: revealed?.seed ?? null })),
    commitments: publishCommitments(events, lens),
    batchRoots: published.batchRoots,
    units: published.units,
    events: integrity.map(withPublicMetadata),
  };
}

function line(value: GameFileLine): string {
  return `${JSON.stringify(value)}\n`;
}
