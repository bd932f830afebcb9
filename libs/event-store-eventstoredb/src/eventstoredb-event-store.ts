import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  type JSONType,
  type ReadPosition,
  START,
  StreamNotFoundError,
  UnavailableError,
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
  StoreUnavailableError,
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

export type EventStoreDbEventStoreOptions = (
  /** For example `esdb://localhost:2113?tls=false`. */
  | { readonly connectionString: string }
  /** A client to use (and dispose of on close). */
  | { readonly client: EventStoreDBClient }
) & { readonly resubscribe?: ResubscribeOptions };

/** How a subscription whose connection broke subscribes again, from the last event it delivered. */
export interface ResubscribeOptions {
  /** Wait before the first new attempt (default 100 ms); doubled after each failed one... */
  readonly initialDelayMs?: number;
  /** ...up to this (default 5 s). Attempts go on until the subscription is stopped. */
  readonly maxDelayMs?: number;
  /** Told of each broken connection before the wait (for logs and tests). */
  readonly onConnectionError?: (error: unknown, attempt: number, delayMs: number) => void;
}

/** A failure of the subscriber's handler, which stops the subscription (unlike a connection's). */
class HandlerFailure {
  constructor(readonly error: unknown) {}
}

const READ_ALL_PAGE = 1_000;

/**
 * The event store on an EventStoreDB server (client v6). Streams map one to one; the port's global
 * log is $all without the server's system events, and positions are $all commit positions.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<Subscription>();
  private readonly resubscribe: ResubscribeOptions;

  constructor(options: EventStoreDbEventStoreOptions) {
    this.client = 'client' in options ? options.client : EventStoreDBClient.connectionString(options.connectionString);
    this.resubscribe = options.resubscribe ?? {};
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
      // No connection to the server: the client did not get the append through; the command may be retried.
      if (error instanceof UnavailableError) throw new StoreUnavailableError('unreachable', error);
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
    // From the last event delivered: after a broken connection, nothing is missed and nothing repeated.
    const connect = () =>
      this.client.subscribeToAll({
        fromPosition: last > 0 ? toEsdbPosition(last) : START,
        filter:
          options.streamPrefix === undefined
            ? excludeSystemEvents()
            : streamNameFilter({ prefixes: [options.streamPrefix] }),
      });
    let source = connect();
    let stopped = false;
    let wake: (() => void) | undefined;
    const subscription: Subscription = {
      // Stops delivery at once; a handler already running is not awaited, so this cannot deadlock inside it.
      unsubscribe: async () => {
        if (stopped) return;
        stopped = true;
        this.subscriptions.delete(subscription);
        wake?.();
        await source.unsubscribe();
      },
    };
    this.subscriptions.add(subscription);
    const initialDelayMs = this.resubscribe.initialDelayMs ?? 100;
    const maxDelayMs = this.resubscribe.maxDelayMs ?? 5_000;
    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });

    const deliver = async (): Promise<void> => {
      let attempt = 0;
      while (!stopped) {
        try {
          // Iterating awaits the handler before pulling the next event, so delivery is sequential.
          for await (const resolved of source) {
            if (stopped) return;
            const event = resolved.event;
            if (!event || isSystemEvent(event)) continue;
            const position = toPositionNumber(event.position);
            // The server starts after `fromPosition`; this also guards against ever delivering an event twice.
            if (position <= last) continue;
            attempt = 0;
            try {
              await handler(fromEsdbEvent(event));
            } catch (error) {
              throw new HandlerFailure(error);
            }
            last = position;
          }
          // The server ended the subscription without being asked to: subscribe again.
          if (stopped) return;
        } catch (failure) {
          if (stopped) return;
          if (failure instanceof HandlerFailure) {
            await subscription.unsubscribe();
            // Without onError the failure surfaces as an unhandled rejection rather than a silent stop.
            if (!options.onError) throw failure.error;
            options.onError(failure.error);
            return;
          }
          // The connection broke (the server went away, a network fault): wait, then subscribe again.
          attempt += 1;
          const delayMs = Math.min(maxDelayMs, initialDelayMs * 2 ** (attempt - 1));
          this.resubscribe.onConnectionError?.(failure, attempt, delayMs);
          await pause(delayMs);
          if (stopped) return;
          source = connect();
          continue;
        }
        attempt += 1;
        await pause(Math.min(maxDelayMs, initialDelayMs * 2 ** (attempt - 1)));
        if (!stopped) source = connect();
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
