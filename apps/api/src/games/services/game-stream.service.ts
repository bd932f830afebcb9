import { Inject, Injectable } from '@nestjs/common';
import type { EventStore, RecordedEvent } from '@corbeille/event-store';
import { GAME_REGISTRY, streamIdFor, type RegisteredGame } from '@corbeille/projections';
import { foldLive, isVoidingMarker, voidedRevisions } from '@corbeille/rulings';
import { decodeCursor, encodeCursor } from '../../common/pagination/cursor';
import type { ConnectionShape } from '../../common/pagination/connection.model';
import { EVENT_STORE } from '../../infrastructure/infrastructure.tokens';
import type { EventPageRequest } from './event-filters';

const EVENT_CURSOR = 'event';

/** How many events a filtered read takes from the store at a time. */
const SCAN_CHUNK = 1000;
/** How many games `find` remembers (a map of ids; cleared when full). */
const KNOWN_GAMES = 100_000;

interface FoundPage {
  readonly page: readonly RecordedEvent[];
  readonly totalCount: number;
  readonly hasNextPage: boolean;
  readonly hasPreviousPage: boolean;
}

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

  private readonly knownGames = new Map<string, RegisteredGame>();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /**
   * The registered game whose stream holds this id. A stream never changes type and is never deleted,
   * so a game once found is remembered (up to KNOWN_GAMES of them) and costs no query the next time.
   */
  async find(gameId: string): Promise<{ game: RegisteredGame } | undefined> {
    const known = this.knownGames.get(gameId);
    if (known) return { game: known };
    for (const game of GAME_REGISTRY) {
      const revision = await this.store.streamRevision(streamIdFor(game, gameId));
      if (revision !== undefined) {
        if (this.knownGames.size >= KNOWN_GAMES) this.knownGames.clear();
        this.knownGames.set(gameId, game);
        return { game };
      }
    }
    return undefined;
  }

  readEvents(game: RegisteredGame, gameId: string, fromRevision = 0, maxCount?: number): Promise<RecordedEvent[]> {
    return this.store.readStream(streamIdFor(game, gameId), maxCount === undefined ? { fromRevision } : { fromRevision, maxCount });
  }

  /**
   * A page of the stream, ordered by position, forward or backward; cursors carry the position (and
   * revision) of an event. `show` is how the viewer sees an event; a filter is applied to that view,
   * never to the stored event, so a hidden value cannot be found by searching for it. With a filter the
   * whole stream is scanned in chunks to count the matches.
   */
  async eventsPage(
    game: RegisteredGame,
    gameId: string,
    request: EventPageRequest,
    show: (event: RecordedEvent) => RecordedEvent,
    matches?: (event: RecordedEvent) => boolean,
  ): Promise<ConnectionShape<RecordedEvent>> {
    const streamId = streamIdFor(game, gameId);
    const lastRevision = await this.store.streamRevision(streamId);
    if (lastRevision === undefined) return { edges: [], totalCount: 0, pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null } };
    const found = matches
      ? await this.scanPage(streamId, lastRevision, request, show, matches)
      : await this.directPage(streamId, lastRevision, request, show);
    const voided = await this.voidedIn(streamId, found.page);
    const edges = found.page.map((node) => {
      const voiding = voided.get(node.revision);
      return { cursor: encodeCursor(EVENT_CURSOR, node.position, node.revision), node: voiding ? { ...node, voidedByDispute: voiding.disputeId } : node };
    });
    return {
      edges,
      totalCount: found.totalCount,
      pageInfo: {
        hasNextPage: found.hasNextPage,
        hasPreviousPage: found.hasPreviousPage,
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges[edges.length - 1]?.cursor ?? null,
      },
    };
  }

  /** Without a filter, a page is read by revision straight from the store. */
  private async directPage(streamId: string, lastRevision: number, request: EventPageRequest, show: (event: RecordedEvent) => RecordedEvent): Promise<FoundPage> {
    const totalCount = lastRevision + 1;
    if (request.direction === 'forward') {
      const fromRevision = revisionOf(request.after, 'after', -1) + 1;
      const read = await this.store.readStream(streamId, { fromRevision, maxCount: request.first + 1 });
      return { page: read.slice(0, request.first).map(show), totalCount, hasNextPage: read.length > request.first, hasPreviousPage: fromRevision > 0 };
    }
    const beforeRevision = Math.min(revisionOf(request.before, 'before', totalCount), totalCount);
    const fromRevision = Math.max(0, beforeRevision - request.last);
    const read = beforeRevision > fromRevision ? await this.store.readStream(streamId, { fromRevision, maxCount: beforeRevision - fromRevision }) : [];
    return { page: read.map(show), totalCount, hasNextPage: beforeRevision < totalCount, hasPreviousPage: fromRevision > 0 };
  }

  /** With a filter, the stream is read in chunks: every event the viewer sees that matches is counted. */
  private async scanPage(
    streamId: string,
    lastRevision: number,
    request: EventPageRequest,
    show: (event: RecordedEvent) => RecordedEvent,
    matches: (event: RecordedEvent) => boolean,
  ): Promise<FoundPage> {
    const forward = request.direction === 'forward';
    const size = forward ? request.first : request.last;
    // Forward: matches after the cursor; backward: matches before it.
    const boundary = forward ? revisionOf(request.after, 'after', -1) : revisionOf(request.before, 'before', lastRevision + 1);
    let totalCount = 0;
    let outside = 0;
    const page: RecordedEvent[] = [];
    let more = false;
    for (let fromRevision = 0; fromRevision <= lastRevision; fromRevision += SCAN_CHUNK) {
      const chunk = await this.store.readStream(streamId, { fromRevision, maxCount: SCAN_CHUNK });
      for (const event of chunk) {
        const seen = show(event);
        if (!matches(seen)) continue;
        totalCount += 1;
        if (forward) {
          if (seen.revision <= boundary) outside += 1;
          else if (page.length < size) page.push(seen);
          else more = true;
        } else if (seen.revision >= boundary) {
          outside += 1;
        } else {
          page.push(seen);
          if (page.length > size) {
            page.shift();
            more = true;
          }
        }
      }
      if (chunk.length < SCAN_CHUNK) break;
    }
    return forward
      ? { page, totalCount, hasNextPage: more, hasPreviousPage: outside > 0 }
      : { page, totalCount, hasNextPage: outside > 0, hasPreviousPage: more };
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

/** The revision an event cursor points at, or `absent` without a cursor. */
function revisionOf(cursor: string | null, field: 'after' | 'before', absent: number): number {
  return cursor ? (decodeCursor(EVENT_CURSOR, cursor, 2, field)[1] ?? absent) : absent;
}

function evolveWith(game: RegisteredGame): (state: unknown, event: RecordedEvent) => unknown {
  return (state, event) => game.decider.evolve(state, { type: event.type, data: event.data });
}
