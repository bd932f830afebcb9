import { Inject, Injectable } from '@nestjs/common';
import type { EventStore, RecordedEvent } from '@corbeille/event-store';
import { GAME_REGISTRY, streamIdFor, type RegisteredGame } from '@corbeille/projections';
import { foldLive, isVoidingMarker, voidedRevisions } from '@corbeille/rulings';
import { decodeCursor, encodeCursor } from '../../common/pagination/cursor';
import type { ConnectionShape } from '../../common/pagination/connection.model';
import { EVENT_STORE } from '../../infrastructure/infrastructure.tokens';

const EVENT_CURSOR = 'event';

/** How many games keep their latest folded state in memory. */
const LATEST_STATES = 256;

export interface FoldedState {
  /** The engine's state (of the game's own state type). */
  readonly state: unknown;
  readonly last: RecordedEvent | undefined;
}

/**
 * Reads a game's stream from the event store: the source of truth behind events, state and time travel.
 * The latest state of recent games is kept, so a read after a move folds only the new events.
 */
@Injectable()
export class GameStreamService {
  private readonly latest = new Map<string, FoldedState & { readonly revision: number }>();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** The registered game whose stream holds this id, with the stream's last revision. */
  async find(gameId: string): Promise<{ game: RegisteredGame; revision: number } | undefined> {
    for (const game of GAME_REGISTRY) {
      const revision = await this.store.streamRevision(streamIdFor(game, gameId));
      if (revision !== undefined) return { game, revision };
    }
    return undefined;
  }

  readEvents(game: RegisteredGame, gameId: string, fromRevision = 0, maxCount?: number): Promise<RecordedEvent[]> {
    return this.store.readStream(streamIdFor(game, gameId), maxCount === undefined ? { fromRevision } : { fromRevision, maxCount });
  }

  /** A page of the stream, ordered by position; cursors carry the position (and revision) of an event. */
  async eventsPage(
    game: RegisteredGame,
    gameId: string,
    first: number,
    after: string | null | undefined,
    show: (event: RecordedEvent) => RecordedEvent,
  ): Promise<ConnectionShape<RecordedEvent>> {
    const streamId = streamIdFor(game, gameId);
    const lastRevision = await this.store.streamRevision(streamId);
    const totalCount = lastRevision === undefined ? 0 : lastRevision + 1;
    const afterRevision = after ? (decodeCursor(EVENT_CURSOR, after, 2)[1] ?? -1) : -1;
    const fromRevision = afterRevision + 1;
    const read = lastRevision === undefined ? [] : await this.store.readStream(streamId, { fromRevision, maxCount: first + 1 });
    const page = read.slice(0, first);
    const voided = await this.voidedIn(streamId, read);
    const edges = page.map((event) => {
      const node = show(event);
      const voiding = voided.get(event.revision);
      return { cursor: encodeCursor(EVENT_CURSOR, event.position, event.revision), node: voiding ? { ...node, voidedByDispute: voiding.disputeId } : node };
    });
    return {
      edges,
      totalCount,
      pageInfo: {
        hasNextPage: read.length > first,
        hasPreviousPage: fromRevision > 0,
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges[edges.length - 1]?.cursor ?? null,
      },
    };
  }

  /**
   * Which events a rewind voided (by revision): the whole stream is read when the page may hold some,
   * since a marker voids events before it and may itself be voided by a later one.
   */
  private async voidedIn(streamId: string, page: readonly RecordedEvent[]) {
    const first = page[0];
    if (!first) return new Map<number, { disputeId: string }>();
    const later = await this.store.readStream(streamId, { fromRevision: first.revision });
    if (!later.some(isVoidingMarker)) return new Map<number, { disputeId: string }>();
    return voidedRevisions(await this.store.readStream(streamId));
  }

  /** The engine's state after the last event selected by `keep` (time travel), or after all of them. */
  async foldState(game: RegisteredGame, gameId: string, keep?: (event: RecordedEvent) => boolean): Promise<FoldedState> {
    if (keep === undefined) return this.foldLatest(game, gameId);
    const kept: RecordedEvent[] = [];
    for (const event of await this.readEvents(game, gameId)) {
      if (!keep(event)) break;
      kept.push(event);
    }
    // The game as it stood then: rewinds recorded up to the point skip what they voided.
    return { state: foldLive(game.decider, kept), last: kept[kept.length - 1] };
  }

  private async foldLatest(game: RegisteredGame, gameId: string): Promise<FoldedState> {
    const streamId = streamIdFor(game, gameId);
    const revision = await this.store.streamRevision(streamId);
    if (revision === undefined) return { state: game.decider.initialState(), last: undefined };
    const cached = this.latest.get(streamId);
    if (cached && cached.revision === revision) return cached;
    // States are immutable values, so a cached one can be folded further and shared between readers.
    let from = cached && cached.revision < revision ? cached : undefined;
    let events = await this.readEvents(game, gameId, from ? from.revision + 1 : 0);
    // A rewind since the cached state voids events it holds: fold the whole stream again.
    if (from && events.some(isVoidingMarker)) {
      from = undefined;
      events = await this.readEvents(game, gameId, 0);
    }
    const state = from ? events.reduce(evolveWith(game), from.state) : foldLive(game.decider, events);
    const last = events[events.length - 1] ?? from?.last;
    const folded = { state, last, revision: last?.revision ?? revision };
    this.latest.delete(streamId);
    this.latest.set(streamId, folded);
    if (this.latest.size > LATEST_STATES) {
      const oldest = this.latest.keys().next().value;
      if (oldest !== undefined) this.latest.delete(oldest);
    }
    return folded;
  }
}

function evolveWith(game: RegisteredGame): (state: unknown, event: RecordedEvent) => unknown {
  return (state, event) => game.decider.evolve(state, { type: event.type, data: event.data });
}
