/**
 * The event-store port. Streams hold one aggregate's events (one game), numbered from revision 0.
 * The global log orders every event of every stream by `position` (strictly increasing, starting at 1
 * for adapters that number their own log; adapters only promise "increasing", never "dense").
 */

/** Metadata stored with every event. */
export interface EventMetadata {
  /** The command that caused this event: a retried command with the same id takes effect once. */
  readonly commandId: string;
  /** Who issued the command (a player id, "referee", "system", "bot:<seat>"). */
  readonly actor: string;
  readonly correlationId: string;
  readonly causationId: string;
  /** When the command was handled (ISO-8601). */
  readonly occurredAt: string;
  readonly [key: string]: unknown;
}

/** An event as it is appended. */
export interface NewEvent<Data = unknown> {
  readonly type: string;
  readonly data: Data;
  readonly metadata: EventMetadata;
}

/** An event as it is read back. */
export interface RecordedEvent<Data = unknown> extends NewEvent<Data> {
  /** A unique id for this stored event. */
  readonly id: string;
  readonly streamId: string;
  /** 0-based position in its stream. */
  readonly revision: number;
  /** Position in the global log (bigint-safe as a JS number up to 2^53). */
  readonly position: number;
  /** When the store recorded it (ISO-8601). */
  readonly recordedAt: string;
}

/**
 * What the writer expects of the stream before appending:
 * - 'no-stream': the stream must not exist;
 * - 'any': no check;
 * - 'stream-exists': the stream must exist;
 * - n: the stream's last revision must be exactly n.
 */
export type ExpectedRevision = 'no-stream' | 'any' | 'stream-exists' | number;

export interface AppendResult {
  /** Revision of the last event written (the stream's new current revision). */
  readonly nextExpectedRevision: number;
  /** Global position of the last event written. */
  readonly position: number;
}

export interface ReadStreamOptions {
  readonly direction?: 'forwards' | 'backwards';
  /** Revision to start from (inclusive). Defaults to the start (forwards) or the end (backwards). */
  readonly fromRevision?: number;
  readonly maxCount?: number;
}

export interface ReadAllOptions {
  /** Read events whose position is strictly greater than this one (0 = from the beginning). */
  readonly afterPosition?: number;
  readonly maxCount?: number;
}

export interface SubscribeToAllOptions {
  /** Deliver events strictly after this position (0 = the whole log), then go live. */
  readonly afterPosition?: number;
  /** Only events of streams with this prefix (e.g. "stock-ticker-"). */
  readonly streamPrefix?: string;
}

/** A live subscription: events arrive in position order, each delivered once. */
export interface Subscription {
  /** Stops delivery; resolves once no more events will be delivered. */
  unsubscribe(): Promise<void>;
}

export type EventHandler = (event: RecordedEvent) => void | Promise<void>;

export interface EventStore {
  /**
   * Appends events atomically: all are written or none. Throws WrongExpectedRevisionError if
   * the stream is not where `expectedRevision` says. Appending no events only checks the revision.
   */
  appendToStream(streamId: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult>;

  /** Reads a stream; an unknown stream reads as empty. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;

  /** The stream's last revision, or undefined if it does not exist. */
  streamRevision(streamId: string): Promise<number | undefined>;

  /** Reads the global log in position order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;

  /**
   * Catch-up subscription: delivers every stored event after `afterPosition`, then new ones as they
   * are appended, in position order, without gaps or duplicates. The handler is awaited before the next
   * event is delivered. If the handler throws, `onError` is called and the subscription stops.
   */
  subscribeToAll(handler: EventHandler, options?: SubscribeToAllOptions & { onError?: (error: unknown) => void }): Subscription;

  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | undefined,
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${actual === undefined ? 'no stream' : actual}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** Checks an expected revision against the actual one (shared by adapters that check it themselves). */
export function revisionMatches(expected: ExpectedRevision, actual: number | undefined): boolean {
  if (expected === 'any') return true;
  if (expected === 'no-stream') return actual === undefined;
  if (expected === 'stream-exists') return actual !== undefined;
  return actual === expected;
}

/** Why the store could not take a write. */
export type StoreUnavailableReason = 'full' | 'busy' | 'io' | 'unreachable';

/**
 * The store could not write (its disk is full, another writer holds the lock too long, an I/O error,
 * the server cannot be reached): nothing of the append was written, and it may be retried once the
 * cause has cleared. Adapters throw it instead of their driver's error so callers can tell a client
 * "try again" rather than "something broke".
 */
export class StoreUnavailableError extends Error {
  constructor(
    readonly reason: StoreUnavailableReason,
    override readonly cause: unknown,
  ) {
    super(`The event store could not write (${reason}): ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'StoreUnavailableError';
  }
}
