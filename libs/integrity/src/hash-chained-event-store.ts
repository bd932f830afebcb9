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
} from '@corbeille/event-store';
import { CHAIN_ALGORITHM, type ChainLink, chainHash, chainOf, withoutChain } from './chain';

export interface HashChainedEventStoreOptions {
  /** How many streams' last hash to remember, so that an append at a known revision needs no read. Default 1,000; 0 turns it off. */
  readonly cachedStreams?: number;
  /** How many times an 'any' or 'stream-exists' append is tried when other writers keep getting in first. Default 20. */
  readonly maxAttempts?: number;
}

/** An append's result with the events as recorded (what the SQLite store's appendToStreamRecorded returns). */
export interface RecordedAppend {
  readonly result: AppendResult;
  readonly events: RecordedEvent[];
}

interface RecordingStore extends EventStore {
  appendToStreamRecorded(streamId: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<RecordedAppend>;
}

/** Where the new events go: the concrete revision the append will check, and the hash they chain from. */
interface Target {
  readonly expected: 'no-stream' | number;
  readonly firstRevision: number;
  readonly previous: string | null;
}

interface CachedHead {
  readonly revision: number;
  readonly hash: string;
}

/**
 * Makes any EventStore tamper-evident: every appended event gets `metadata.chain`, a link holding the
 * SHA-256 of its content and of its predecessor's hash (see chainHash), so a stream is a hash chain
 * that verifyStreamChain can check.
 *
 * The chain of an append is computed for the revisions that append will get:
 * - 'no-stream': the first event is revision 0 and chains from nothing;
 * - n: the events follow revision n, whose hash is taken from a small cache of the last hash written per
 *   stream or read from the store. If revision n does not exist the append is refused with the inner
 *   store's WrongExpectedRevisionError semantics, and the inner store's own check makes a race with
 *   another writer fail exactly as it would without the chain;
 * - 'any' and 'stream-exists': the stream's last event is read, and the append expects exactly that
 *   revision; if another writer gets in first the append is recomputed and tried again, up to
 *   `maxAttempts` times, after which it fails with WrongExpectedRevisionError (so under sustained
 *   contention 'any' can fail, which it never does on a plain store).
 *
 * The decorator is transparent to its readers: readStream, readAll, subscribeToAll and
 * appendToStreamRecorded return metadata exactly as appended, without the link (so the port's contract
 * holds); readStreamWithChain and readAllWithChain return events as stored, links included. `chain` is
 * therefore a reserved metadata key: a caller's own `chain` member is replaced. Appends of no events
 * only check the revision, as on the inner store. An event that follows one without a link (written
 * before the chain was turned on) starts a new chain (previous = null).
 */
export class HashChainedEventStore implements EventStore {
  private readonly heads = new Map<string, CachedHead>();
  private readonly cachedStreams: number;
  private readonly maxAttempts: number;

  constructor(
    private readonly inner: EventStore,
    options: HashChainedEventStoreOptions = {},
  ) {
    this.cachedStreams = options.cachedStreams ?? 1_000;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 20);
  }

  async appendToStream(streamId: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    return this.appendChained(streamId, events, expectedRevision, (chained, expected) => this.inner.appendToStream(streamId, chained, expected), (result) => result);
  }

  /**
   * Appends like appendToStream and returns the events as recorded: from the inner store's answer when it
   * gives them, else read back by revision.
   */
  async appendToStreamRecorded(streamId: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<RecordedAppend> {
    return this.appendChained(
      streamId,
      events,
      expectedRevision,
      async (chained, expected) => {
        if (recordsAppends(this.inner)) {
          const recorded = await this.inner.appendToStreamRecorded(streamId, chained, expected);
          return { result: recorded.result, events: recorded.events.map(unlinked) };
        }
        const result = await this.inner.appendToStream(streamId, chained, expected);
        if (chained.length === 0) return { result, events: [] };
        const fromRevision = result.nextExpectedRevision - chained.length + 1;
        return { result, events: await this.readStream(streamId, { fromRevision, maxCount: chained.length }) };
      },
      (recorded) => recorded.result,
    );
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return (await this.inner.readStream(streamId, options)).map(unlinked);
  }

  /** Reads a stream as stored, chain links included: what verifyStreamChain needs. */
  readStreamWithChain(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.inner.readStream(streamId, options);
  }

  streamRevision(streamId: string): Promise<number | undefined> {
    return this.inner.streamRevision(streamId);
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return (await this.inner.readAll(options)).map(unlinked);
  }

  /** Reads the global log as stored, chain links included. */
  readAllWithChain(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.inner.readAll(options);
  }

  subscribeToAll(handler: EventHandler, options?: SubscribeToAllOptions & { onError?: (error: unknown) => void }): Subscription {
    return this.inner.subscribeToAll((event) => handler(unlinked(event)), options);
  }

  close(): Promise<void> {
    this.heads.clear();
    return this.inner.close();
  }

  private async appendChained<T>(
    streamId: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
    write: (events: readonly NewEvent[], expected: ExpectedRevision) => Promise<T>,
    resultOf: (written: T) => AppendResult,
  ): Promise<T> {
    if (events.length === 0) return write(events, expectedRevision);
    const retries = expectedRevision === 'any' || expectedRevision === 'stream-exists';
    for (let attempt = 1; ; attempt++) {
      const target = await this.target(streamId, expectedRevision);
      const chained = chainEvents(streamId, events, target);
      try {
        const written = await write(chained, target.expected);
        const last = chained[chained.length - 1] as NewEvent;
        const lastRevision = target.firstRevision + chained.length - 1;
        if (resultOf(written).nextExpectedRevision === lastRevision) this.remember(streamId, lastRevision, (chainOf(last.metadata) as ChainLink).hash);
        else this.heads.delete(streamId);
        return written;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        this.heads.delete(streamId);
        if (!retries) throw error;
        if (attempt >= this.maxAttempts) throw new WrongExpectedRevisionError(streamId, expectedRevision, error.actual);
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
  }

  /** The revision the append will check and the hash its first event chains from. */
  private async target(streamId: string, expectedRevision: ExpectedRevision): Promise<Target> {
    if (expectedRevision === 'no-stream') return { expected: 'no-stream', firstRevision: 0, previous: null };
    if (typeof expectedRevision === 'number') return this.targetAt(streamId, expectedRevision);
    const [last] = await this.inner.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    if (last === undefined) {
      if (expectedRevision === 'stream-exists') throw new WrongExpectedRevisionError(streamId, expectedRevision, undefined);
      return { expected: 'no-stream', firstRevision: 0, previous: null };
    }
    return { expected: last.revision, firstRevision: last.revision + 1, previous: chainOf(last.metadata)?.hash ?? null };
  }

  private async targetAt(streamId: string, revision: number): Promise<Target> {
    const cached = this.heads.get(streamId);
    if (cached?.revision === revision) return { expected: revision, firstRevision: revision + 1, previous: cached.hash };
    for (let attempt = 1; ; attempt++) {
      const [event] = Number.isInteger(revision) && revision >= 0 ? await this.inner.readStream(streamId, { fromRevision: revision, maxCount: 1 }) : [];
      if (event?.revision === revision) {
        return { expected: revision, firstRevision: revision + 1, previous: chainOf(event.metadata)?.hash ?? null };
      }
      const actual = await this.inner.streamRevision(streamId);
      // The revision appeared between the two reads: read it again.
      if (actual !== revision || attempt >= this.maxAttempts) throw new WrongExpectedRevisionError(streamId, revision, actual);
    }
  }

  private remember(streamId: string, revision: number, hash: string): void {
    if (this.cachedStreams <= 0) return;
    this.heads.delete(streamId);
    this.heads.set(streamId, { revision, hash });
    if (this.heads.size > this.cachedStreams) {
      const oldest = this.heads.keys().next();
      if (!oldest.done) this.heads.delete(oldest.value);
    }
  }
}

/** Wraps a store so that every event appended through it carries a hash-chain link. */
export function withHashChain(store: EventStore, options?: HashChainedEventStoreOptions): HashChainedEventStore {
  return store instanceof HashChainedEventStore ? store : new HashChainedEventStore(store, options);
}

function chainEvents(streamId: string, events: readonly NewEvent[], target: Target): NewEvent[] {
  let previous = target.previous;
  return events.map((event, index): NewEvent => {
    const hash = chainHash({ streamId, revision: target.firstRevision + index, type: event.type, data: event.data, metadata: event.metadata }, previous);
    const chain: ChainLink = { algorithm: CHAIN_ALGORITHM, previous, hash };
    previous = hash;
    return { type: event.type, data: event.data, metadata: { ...event.metadata, chain } };
  });
}

/** The event as its writer appended it: without the link, which only the chain's readers need. */
function unlinked(event: RecordedEvent): RecordedEvent {
  return Object.hasOwn(event.metadata, 'chain') ? { ...event, metadata: withoutChain(event.metadata) } : event;
}

function recordsAppends(store: EventStore): store is RecordingStore {
  return typeof (store as Partial<RecordingStore>).appendToStreamRecorded === 'function';
}
