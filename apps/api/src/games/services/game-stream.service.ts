import { Inject, Injectable } from '@nestjs/common';
import type { EventStore, RecordedEvent } from '@corbeille/event-store';
import { fold } from '@corbeille/kernel';
import { STOCK_TICKER_STREAM_PREFIX } from '@corbeille/projections';
import { stockTicker, type StockTickerEvent, type StockTickerState } from '@corbeille/stock-ticker';
import { decodeCursor, encodeCursor } from '../../common/pagination/cursor';
import type { ConnectionShape } from '../../common/pagination/connection.model';
import { EVENT_STORE } from '../../infrastructure/infrastructure.tokens';
import { toGameEventModel } from '../mappers/game-event.mapper';
import type { GameEventModel } from '../models/game-event.model';

const EVENT_CURSOR = 'event';

export function streamIdOf(gameId: string): string {
  return `${STOCK_TICKER_STREAM_PREFIX}${gameId}`;
}

export function toEngineEvent(event: RecordedEvent): StockTickerEvent {
  return { type: event.type, data: event.data } as StockTickerEvent;
}

/** Reads a game's stream from the event store: the source of truth behind events and time travel. */
@Injectable()
export class GameStreamService {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async exists(gameId: string): Promise<boolean> {
    return (await this.store.streamRevision(streamIdOf(gameId))) !== undefined;
  }

  readEvents(gameId: string, fromRevision = 0): Promise<RecordedEvent[]> {
    return this.store.readStream(streamIdOf(gameId), { fromRevision });
  }

  /** A page of the stream, ordered by position; cursors carry the position (and revision) of an event. */
  async eventsPage(gameId: string, first: number, after?: string | null): Promise<ConnectionShape<GameEventModel>> {
    const streamId = streamIdOf(gameId);
    const lastRevision = await this.store.streamRevision(streamId);
    const totalCount = lastRevision === undefined ? 0 : lastRevision + 1;
    const afterRevision = after ? (decodeCursor(EVENT_CURSOR, after, 2)[1] ?? -1) : -1;
    const fromRevision = afterRevision + 1;
    const read = lastRevision === undefined ? [] : await this.store.readStream(streamId, { fromRevision, maxCount: first + 1 });
    const page = read.slice(0, first);
    const edges = page.map((event) => ({
      cursor: encodeCursor(EVENT_CURSOR, event.position, event.revision),
      node: toGameEventModel(event),
    }));
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

  /** The engine's state after the last event selected by `keep` (all of them by default). */
  async foldState(
    gameId: string,
    keep: (event: RecordedEvent) => boolean = () => true,
  ): Promise<{ state: StockTickerState; last: RecordedEvent | undefined }> {
    const events = await this.readEvents(gameId);
    const kept: RecordedEvent[] = [];
    for (const event of events) {
      if (!keep(event)) break;
      kept.push(event);
    }
    return { state: fold(stockTicker, kept.map(toEngineEvent)), last: kept[kept.length - 1] };
  }
}
