import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  type AllStreamJSONRecordedEvent,
  type AllStreamResolvedEvent,
  type AppendResult,
  type AppendToStreamOptions,
  type CurrentRevision,
  type EventData,
  type EventStoreDBClient,
  type Filter,
  NO_STREAM,
  type ReadAllOptions,
  type ReadStreamOptions,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  type SubscribeToAllOptions,
  UnavailableError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';

/**
 * A stand-in for an EventStoreDB server behind the v6 client, with the server semantics the adapter
 * relies on: $all positions are sparse byte offsets (commit = prepare), the log holds system events
 * and other writers' events, reading $all from a position includes it while subscribing from one
 * excludes it, a missing stream fails reads with StreamNotFoundError, and each append is checked and
 * written atomically after a network-like delay. `goAway()` and `comeBack()` play a server that
 * stops and starts again: meanwhile subscriptions fail and appends and reads throw UnavailableError.
 */
export class FakeEventStoreDbClient {
  private readonly log: AllStreamJSONRecordedEvent[] = [];
  private readonly subscriptions = new Set<FakeSubscription>();
  private nextPosition = BigInt(1_000);
  private appends = 0;
  private down = false;
  /** How many times subscribeToAll was called (a resubscription is one more). */
  subscribeCalls = 0;

  constructor() {
    this.write('$stats-127.0.0.1:2113', '$statsCollected', {});
    this.write('someone-elses-stream', 'TheirEvent', { theirs: true });
  }

  /** The fake, typed as the client the adapter takes. */
  asClient(): EventStoreDBClient {
    return this as unknown as EventStoreDBClient;
  }

  /** The server goes away: every open subscription fails, and so does everything until comeBack(). */
  goAway(): void {
    this.down = true;
    for (const subscription of [...this.subscriptions]) subscription.fail(new UnavailableError(undefined, 'The server went away'));
  }

  comeBack(): void {
    this.down = false;
  }

  async appendToStream(streamName: string, events: EventData[], options: AppendToStreamOptions = {}): Promise<AppendResult> {
    await new Promise((resolve) => setImmediate(resolve));
    if (this.down) throw new UnavailableError(undefined, 'No connection to the server');
    const current = this.currentRevision(streamName);
    const expected = options.expectedRevision ?? 'any';
    const matches =
      expected === 'any' ||
      (expected === NO_STREAM && current === NO_STREAM) ||
      (expected === STREAM_EXISTS && current !== NO_STREAM) ||
      (typeof expected === 'bigint' && current === expected);
    if (!matches) throw new WrongExpectedVersionError(undefined, { streamName, expected, current });
    let revision = current === NO_STREAM ? BigInt(-1) : current;
    let last: AllStreamJSONRecordedEvent | undefined;
    for (const event of events) {
      revision += BigInt(1);
      last = this.write(streamName, event.type, JSON.parse(JSON.stringify(event.data)) as unknown, event.metadata, revision);
    }
    // Interleave the server's own bookkeeping, as a real $all does.
    this.appends += 1;
    if (this.appends % 3 === 0) this.write(`$$${streamName}`, '$metadata', {});
    return { success: true, nextExpectedRevision: revision, position: last?.position };
  }

  readStream(streamName: string, options: ReadStreamOptions = {}): Readable {
    const stream = this.log.filter((event) => event.streamId === streamName);
    if (stream.length === 0) return failing(new StreamNotFoundError(undefined, streamName));
    const from = options.fromRevision;
    const count = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    const selected =
      options.direction === 'backwards'
        ? stream.filter((event) => typeof from !== 'bigint' || event.revision <= from).reverse()
        : stream.filter((event) => typeof from !== 'bigint' || event.revision >= from);
    return Readable.from(selected.slice(0, count).map((event): AllStreamResolvedEvent => ({ event })));
  }

  readAll(options: ReadAllOptions = {}): Readable {
    const from = options.fromPosition ?? START;
    if (options.direction === 'backwards' || from === 'end') throw new Error('The fake reads $all forwards from a position only');
    const count = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    const selected = this.log.filter((event) => from === START || event.position.commit >= from.commit);
    return Readable.from(selected.slice(0, count).map((event): AllStreamResolvedEvent => ({ event })));
  }

  subscribeToAll(options: SubscribeToAllOptions = {}): FakeSubscription {
    this.subscribeCalls += 1;
    const from = options.fromPosition ?? START;
    if (from === 'end') throw new Error('The fake subscribes from the start or a position only');
    const subscription = new FakeSubscription(
      this.log,
      from === START ? BigInt(-1) : from.commit,
      options.filter,
      () => this.subscriptions.delete(subscription),
    );
    this.subscriptions.add(subscription);
    if (this.down) setImmediate(() => subscription.fail(new UnavailableError(undefined, 'No connection to the server')));
    return subscription;
  }

  async dispose(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.unsubscribe()));
  }

  private currentRevision(streamName: string): CurrentRevision {
    const last = this.log.filter((event) => event.streamId === streamName).at(-1);
    return last === undefined ? NO_STREAM : last.revision;
  }

  private write(
    streamId: string,
    type: string,
    data: unknown,
    metadata: unknown = undefined,
    revision = BigInt(this.log.filter((event) => event.streamId === streamId).length),
  ): AllStreamJSONRecordedEvent {
    this.nextPosition += BigInt(100 + Math.floor(Math.random() * 400));
    const event = {
      streamId,
      id: randomUUID(),
      isJson: true,
      revision,
      type,
      created: new Date(),
      data,
      metadata,
      position: { commit: this.nextPosition, prepare: this.nextPosition },
    } as AllStreamJSONRecordedEvent;
    this.log.push(event);
    for (const subscription of this.subscriptions) subscription.notify();
    return event;
  }
}

/** A catch-up subscription to the fake's $all, honouring backpressure like the client's. */
class FakeSubscription extends Readable {
  private cursor = 0;
  private ended = false;

  constructor(
    private readonly log: readonly AllStreamJSONRecordedEvent[],
    private readonly after: bigint,
    private readonly eventFilter: Filter | undefined,
    private readonly onEnd: () => void,
  ) {
    super({ objectMode: true });
  }

  notify(): void {
    this.pump();
  }

  override _read(): void {
    this.pump();
  }

  async unsubscribe(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    this.onEnd();
    this.push(null);
  }

  /** The connection breaks: the stream errors, as the client's does. */
  fail(error: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.onEnd();
    this.destroy(error);
  }

  private pump(): void {
    while (!this.ended && this.cursor < this.log.length) {
      const event = this.log[this.cursor] as AllStreamJSONRecordedEvent;
      this.cursor += 1;
      if (event.position.commit <= this.after || !this.passes(event)) continue;
      if (!this.push({ event } satisfies AllStreamResolvedEvent)) return;
    }
  }

  private passes(event: AllStreamJSONRecordedEvent): boolean {
    if (this.eventFilter === undefined) return true;
    const value = this.eventFilter.filterOn === 'eventType' ? event.type : event.streamId;
    if ('prefixes' in this.eventFilter) return this.eventFilter.prefixes.some((prefix) => value.startsWith(prefix));
    return new RegExp(this.eventFilter.regex).test(value);
  }
}

function failing(error: Error): Readable {
  return new Readable({
    objectMode: true,
    read() {
      this.destroy(error);
    },
  });
}
