import { randomUUID } from 'node:crypto';
import { CatchUpSubscription } from './catch-up-subscription';
import {
  type AppendResult,
  type EventHandler,
  type EventMetadata,
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
} from './event-store.port';
import { toJson } from './json';

/** Data and metadata are kept as JSON, so readers get fresh copies with the same shape a real store returns. */
interface StoredEvent {
  readonly id: string;
  readonly streamId: string;
  readonly revision: number;
  readonly position: number;
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
  readonly recordedAt: string;
}

/**
 * A complete in-process event store: the reference semantics for the port. Every operation runs
 * synchronously inside its promise, so appends are atomic and their revision check cannot race.
 */
export class InMemoryEventStore implements EventStore {
  /** The global log; the event at index i has position i + 1. */
  private readonly log: StoredEvent[] = [];
  private readonly streams = new Map<string, StoredEvent[]>();
  private readonly subscriptions = new Set<CatchUpSubscription>();
  private closed = false;

  async appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult> {
    this.assertOpen();
    const stream = this.streams.get(streamId);
    const actual = stream === undefined ? undefined : stream.length - 1;
    if (!revisionMatches(expectedRevision, actual)) {
      throw new WrongExpectedRevisionError(streamId, expectedRevision, actual);
    }
    if (events.length === 0) {
      return { nextExpectedRevision: actual ?? -1, position: stream?.at(-1)?.position ?? 0 };
    }
    const recordedAt = new Date().toISOString();
    const firstRevision = (actual ?? -1) + 1;
    // Serialise everything before writing anything, so a bad event fails the whole append.
    const stored = events.map(
      (event, index): StoredEvent => ({
        id: randomUUID(),
        streamId,
        revision: firstRevision + index,
        position: this.log.length + 1 + index,
        type: event.type,
        data: toJson(event.data, `Data of event ${index} (${event.type})`),
        metadata: toJson(event.metadata, `Metadata of event ${index} (${event.type})`),
        recordedAt,
      }),
    );
    this.log.push(...stored);
    if (stream === undefined) this.streams.set(streamId, stored);
    else stream.push(...stored);
    for (const subscription of this.subscriptions) subscription.notify();
    const last = stored[stored.length - 1] as StoredEvent;
    return { nextExpectedRevision: last.revision, position: last.position };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const stream = this.streams.get(streamId) ?? [];
    const count = options.maxCount ?? Number.POSITIVE_INFINITY;
    if (options.direction === 'backwards') {
      const from = Math.min(options.fromRevision ?? stream.length - 1, stream.length - 1);
      const selected: StoredEvent[] = [];
      for (let revision = from; revision >= 0 && selected.length < count; revision--) {
        selected.push(stream[revision] as StoredEvent);
      }
      return selected.map(toRecorded);
    }
    const from = options.fromRevision ?? 0;
    return stream.slice(from, from + count).map(toRecorded);
  }

  async streamRevision(streamId: string): Promise<number | undefined> {
    this.assertOpen();
    const stream = this.streams.get(streamId);
    return stream === undefined ? undefined : stream.length - 1;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    return this.eventsAfter(options.afterPosition ?? 0, options.maxCount ?? Number.POSITIVE_INFINITY);
  }

  subscribeToAll(
    handler: EventHandler,
    options: SubscribeToAllOptions & { onError?: (error: unknown) => void } = {},
  ): Subscription {
    this.assertOpen();
    const subscription: CatchUpSubscription = new CatchUpSubscription(
      async (afterPosition, limit) => this.eventsAfter(afterPosition, limit),
      handler,
      { ...options, onStop: () => this.subscriptions.delete(subscription) },
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.unsubscribe()));
  }

  private eventsAfter(afterPosition: number, limit: number): RecordedEvent[] {
    // Positions are dense, so the event after `afterPosition` sits at that index.
    const start = Math.max(0, Math.floor(afterPosition));
    return this.log.slice(start, start + limit).map(toRecorded);
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The event store is closed');
  }
}

function toRecorded(event: StoredEvent): RecordedEvent {
  return {
    id: event.id,
    streamId: event.streamId,
    revision: event.revision,
    position: event.position,
    type: event.type,
    data: JSON.parse(event.data) as unknown,
    metadata: JSON.parse(event.metadata) as EventMetadata,
    recordedAt: event.recordedAt,
  };
}
