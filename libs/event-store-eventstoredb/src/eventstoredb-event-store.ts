import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  type JSONType,
  type ReadPosition,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  streamNameFilter,
} from '@eventstore/db-client';
import {
  type AppendResult,
  type EventHandler,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
  WrongExpectedRevisionError,
  revisionMatches,
  toJson,
} from '@corbeille/event-store';
import {
  fromEsdbEvent,
  isSystemEvent,
  toEsdbExpectedRevision,
  toEsdbPosition,
  toEsdbRevision,
  toPositionNumber,
  toWrongExpectedRevisionError,
} from './eventstoredb-mapping';

export type EventStoreDbEventStoreOptions =
  /** For example `esdb://localhost:2113?tls=false`. */
  | { readonly connectionString: string }
  /** A client to use (and dispose of on close). */
  | { readonly client: EventStoreDBClient };

const READ_ALL_PAGE = 1_000;

/**
 * The event store on an EventStoreDB server (client v6). Streams map one to one; the port's global
 * log is $all without the server's system events, and positions are $all commit positions.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<Subscription>();

  constructor(options: EventStoreDbEventStoreOptions) {
    this.client = 'client' in options ? options.client : EventStoreDBClient.connectionString(options.connectionString);
  }

  /** Connects lazily: the first operation opens the connection. */
  static fromConnectionString(connectionString: string): EventStoreDbEventStore {
    return new EventStoreDbEventStore({ connectionString });
  }

  async appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult> {
    if (events.length === 0) return this.checkRevision(streamId, expectedRevision);
    const proposed = events.map((event, index) => {
      // The client serialises inside a promise that never settles if JSON.stringify throws: check first.
      toJson(event.data, `Data of event ${index} (${event.type})`);
      toJson(event.metadata, `Metadata of event ${index} (${event.type})`);
      // jsonEvent only accepts objects, arrays and strings, but serialises any JSON value alike.
      return jsonEvent({ type: event.type, data: event.data as JSONType, metadata: event.metadata });
    });
    try {
      const result = await this.client.appendToStream(streamId, proposed, {
        expectedRevision: toEsdbExpectedRevision(expectedRevision),
      });
      return {
        nextExpectedRevision: Number(result.nextExpectedRevision),
        position: toPositionNumber(result.position),
      };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) throw toWrongExpectedRevisionError(streamId, expectedRevision, error);
      throw error;
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    if (options.maxCount === 0) return [];
    const backwards = options.direction === 'backwards';
    const read = this.client.readStream(streamId, {
      direction: backwards ? BACKWARDS : FORWARDS,
      fromRevision: options.fromRevision === undefined ? (backwards ? END : START) : toEsdbRevision(options.fromRevision),
      ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
    });
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of read) {
        if (resolved.event) events.push(fromEsdbEvent(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async streamRevision(streamId: string): Promise<number | undefined> {
    const [last] = await this.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    return last?.revision;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const wanted = options.maxCount ?? Number.POSITIVE_INFINITY;
    let last = options.afterPosition ?? 0;
    let from: ReadPosition = last > 0 ? toEsdbPosition(last) : START;
    const events: RecordedEvent[] = [];
    while (events.length < wanted) {
      // A read from a position includes the event at that position, hence the one extra.
      const pageSize = Math.min(READ_ALL_PAGE, wanted - events.length + 1);
      const page = this.client.readAll({ fromPosition: from, direction: FORWARDS, maxCount: pageSize });
      let received = 0;
      for await (const resolved of page) {
        received += 1;
        const event = resolved.event;
        if (!event) continue;
        from = event.position;
        const position = toPositionNumber(event.position);
        if (position <= last) continue;
        last = position;
        if (!isSystemEvent(event) && events.length < wanted) events.push(fromEsdbEvent(event));
      }
      if (received < pageSize) break;
    }
    return events;
  }

  subscribeToAll(
    handler: EventHandler,
    options: SubscribeToAllOptions & { onError?: (error: unknown) => void } = {},
  ): Subscription {
    let last = options.afterPosition ?? 0;
    const source = this.client.subscribeToAll({
      fromPosition: last > 0 ? toEsdbPosition(last) : START,
      filter:
        options.streamPrefix === undefined
          ? excludeSystemEvents()
          : streamNameFilter({ prefixes: [options.streamPrefix] }),
    });
    let stopped = false;
    const subscription: Subscription = {
      // Stops delivery at once; a handler already running is not awaited, so this cannot deadlock inside it.
      unsubscribe: async () => {
        if (stopped) return;
        stopped = true;
        this.subscriptions.delete(subscription);
        await source.unsubscribe();
      },
    };
    this.subscriptions.add(subscription);

    const deliver = async (): Promise<void> => {
      try {
        // Iterating awaits the handler before pulling the next event, so delivery is sequential.
        for await (const resolved of source) {
          if (stopped) return;
          const event = resolved.event;
          if (!event || isSystemEvent(event)) continue;
          const position = toPositionNumber(event.position);
          // The server starts after `fromPosition`; this also guards against ever delivering an event twice.
          if (position <= last) continue;
          last = position;
          await handler(fromEsdbEvent(event));
        }
      } catch (error) {
        if (stopped) return;
        await subscription.unsubscribe();
        // Without onError the failure surfaces as an unhandled rejection rather than a silent stop.
        if (!options.onError) throw error;
        options.onError(error);
      }
    };
    void deliver();
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.unsubscribe()));
    await this.client.dispose();
  }

  /** Appending no events only checks the revision; the server is not asked, as it reports no position for it. */
  private async checkRevision(streamId: string, expected: ExpectedRevision): Promise<AppendResult> {
    const [last] = await this.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    if (!revisionMatches(expected, last?.revision)) throw new WrongExpectedRevisionError(streamId, expected, last?.revision);
    return { nextExpectedRevision: last?.revision ?? -1, position: last?.position ?? 0 };
  }
}
