import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  type AppendResult,
  type AppendedEvents,
  CatchUpSubscription,
  type EventHandler,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
  StoreUnavailableError,
  type StoreUnavailableReason,
  type Subscription,
  WrongExpectedRevisionError,
  toJson,
} from '@corbeille/event-store';
import { EventIdGenerator } from './event-ids';
import { type SqliteDatabase, type Statement, driverPath, openDatabase } from './sqlite-driver';
import {
  type BatchAppend,
  type BatchReply,
  type BatchWriter,
  InlineWriter,
  type SerialisedEvent,
  type SqlitePragmas,
  ThreadWriter,
  configureConnection,
} from './sqlite-writer';

export type { SqlitePragmas } from './sqlite-writer';

/** Where the group commit writes: a worker thread with its own connection, or the main thread's connection. */
export type SqliteWriterMode = 'thread' | 'inline';

export interface SqliteEventStoreOptions {
  /** The database file (its directory is created if missing), or ':memory:' for a private in-memory database. */
  readonly path: string;
  /** How often idle subscriptions re-read the log, to see appends made through other connections. */
  readonly pollIntervalMs?: number;
  /** How long a write waits for another connection's lock before failing with SQLITE_BUSY. */
  readonly busyTimeoutMs?: number;
  /**
   * 'inline' (the default) writes on the main thread; 'thread' writes files in a worker thread, off the
   * event loop (':memory:' is always inline: a thread cannot share it). The thread frees the main thread
   * of the commit (1.5-2.5 times more appends per second of main-thread time) but adds a round trip to
   * every append: on a machine with a core to spare for it. See docs/performance.md.
   */
  readonly writer?: SqliteWriterMode;
}

/** A row as the raw statements return it: the columns of COLUMNS, in that order. */
type EventRow = [position: number, id: string, streamId: string, revision: number, type: string, data: string, metadata: string, recordedAt: string];

/** What an append wrote: enough to describe its events without reading them back. */
interface Written extends AppendResult {
  readonly ids: readonly string[];
  readonly positions: readonly number[];
  readonly recordedAt: string;
  readonly events: readonly SerialisedEvent[];
}

/** An append waiting for its group commit. */
interface PendingAppend {
  readonly append: BatchAppend;
  readonly resolve: (written: Written) => void;
  readonly reject: (error: unknown) => void;
}

/** An append of a committed batch that wrote events. */
interface CommittedAppend {
  readonly append: BatchAppend;
  readonly positions: readonly number[];
  readonly firstRevision: number;
}

/** An append's result with the events as recorded (what reading them back would return). */
export interface RecordedAppend {
  readonly result: AppendResult;
  readonly events: RecordedEvent[];
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position    INTEGER PRIMARY KEY AUTOINCREMENT,
    id          TEXT NOT NULL UNIQUE,
    stream_id   TEXT NOT NULL,
    revision    INTEGER NOT NULL,
    type        TEXT NOT NULL,
    data        TEXT NOT NULL,
    metadata    TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    UNIQUE (stream_id, revision)
  );
`;

const COLUMNS = 'position, id, stream_id, revision, type, data, metadata, recorded_at';
/** Rows read per query; larger reads are made of several queries, which keeps them fast and their memory flat. */
const READ_PAGE = 1_000;
const PAGE_SIZE = 500;

/**
 * An event store in one SQLite file. A stream's revision is its highest stored revision (found through
 * the UNIQUE (stream_id, revision) index); AUTOINCREMENT keeps positions increasing and never reused.
 *
 * Appends are group-committed: every append made during one turn of the event loop is written by one
 * BEGIN IMMEDIATE transaction, and so shares one fsync, at the end of that turn (a writer thread writes
 * the batches that arrived while it was busy together, by the next transaction). The transaction takes
 * the database's write lock before any revision check, so checks cannot race with another connection,
 * in this process or another one.
 * Each append runs in its own savepoint and is checked against the stream as the appends before it in
 * the same batch left it, so appends stay atomic and independent: one failing (wrong revision, or an
 * error from SQLite) writes nothing and does not affect the others. No promise resolves, and no
 * subscription hears of an append, before its transaction is committed with synchronous=FULL.
 *
 * For a file, the transactions run in a worker thread with a connection of its own (see sqlite-writer.ts),
 * so the fsync does not block the event loop; reads use the main thread's connection.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: SqliteDatabase;
  private readonly pollIntervalMs: number;
  private readonly subscriptions = new Set<CatchUpSubscription>();
  private readonly statements: Statements;
  private readonly ids = new EventIdGenerator();
  private readonly writer: BatchWriter;
  private pending: PendingAppend[] = [];
  private flushScheduled = false;
  /** Batches handed to the writer and not answered yet. */
  private inFlight = 0;
  /** Called once nothing is pending or in flight (close() waits for it). */
  private drainWaiters: (() => void)[] = [];
  private closing: Promise<void> | undefined;
  private readonly commits = { batches: 0, appends: 0 };

  constructor(options: SqliteEventStoreOptions) {
    const memory = options.path === ':memory:';
    if (!memory) mkdirSync(dirname(options.path), { recursive: true });
    const busyTimeoutMs = options.busyTimeoutMs ?? 5_000;
    this.pollIntervalMs = options.pollIntervalMs ?? 200;
    this.db = openDatabase(options.path, { timeout: busyTimeoutMs });
    configureConnection(this.db, busyTimeoutMs);
    this.db.exec(SCHEMA);

    this.statements = prepareStatements(this.db);
    const mode = memory ? 'inline' : (options.writer ?? defaultWriterMode());
    this.writer = mode === 'thread' ? new ThreadWriter({ path: options.path, busyTimeoutMs, driverPath: driverPath() }) : new InlineWriter(this.db);
  }

  /** Where this store's appends are written. */
  get writerMode(): SqliteWriterMode {
    return this.writer.threaded ? 'thread' : 'inline';
  }

  /**
   * How many batches (the appends of one turn of the event loop) have been handed to the writer, with
   * how many appends, and how many transactions wrote them (a writer thread writes the batches that
   * came while it was busy together).
   */
  groupCommits(): { readonly batches: number; readonly appends: number; readonly transactions: number } {
    return { ...this.commits, transactions: this.writer.transactions() };
  }

  async appendToStream(streamId: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    const { nextExpectedRevision, position } = await this.enqueue(streamId, events, expectedRevision);
    return { nextExpectedRevision, position };
  }

  /**
   * Appends like appendToStream, and also returns the events as recorded (ids, positions, fresh copies of
   * data and metadata), which spares a caller that needs them (the command handler) a read after the append.
   */
  async appendToStreamRecorded(streamId: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<RecordedAppend> {
    const written = await this.enqueue(streamId, events, expectedRevision);
    const { nextExpectedRevision, position } = written;
    const firstRevision = nextExpectedRevision - events.length + 1;
    const recorded = written.events.map((event, index): RecordedEvent => ({
      id: written.ids[index] as string,
      streamId,
      revision: firstRevision + index,
      position: written.positions[index] as number,
      type: event.type,
      data: JSON.parse(event.data) as unknown,
      metadata: JSON.parse(event.metadata) as EventMetadata,
      recordedAt: written.recordedAt,
    }));
    return { result: { nextExpectedRevision, position }, events: recorded };
  }

  private enqueue(streamId: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<Written> {
    let append: BatchAppend;
    try {
      if (this.closing) throw new Error('The event store is closed');
      const now = Date.now();
      const ids = events.map(() => this.ids.next(now));
      append = { streamId, expected: expectedRevision, events: serialise(events), ids, recordedAt: new Date(now).toISOString() };
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<Written>((resolve, reject) => {
      this.pending.push({ append, resolve, reject });
      // Settles the batches already answered without waiting for the event loop to deliver their answers.
      if (this.inFlight > 0) this.writer.poll();
      this.scheduleFlush();
    });
  }

  /** The next group commit leaves at the end of this turn of the event loop. */
  private scheduleFlush(): void {
    if (this.flushScheduled || this.pending.length === 0) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.maxCount ?? Number.POSITIVE_INFINITY;
    const backwards = options.direction === 'backwards';
    const statement = backwards ? this.statements.backwards : this.statements.forwards;
    let from = options.fromRevision ?? (backwards ? Number.MAX_SAFE_INTEGER : 0);
    const events: RecordedEvent[] = [];
    while (events.length < limit) {
      const page = Math.min(READ_PAGE, limit - events.length);
      const rows = statement.all(streamId, from, page) as EventRow[];
      for (const row of rows) events.push(toRecorded(row));
      if (rows.length < page) break;
      from = (rows[rows.length - 1] as EventRow)[3] + (backwards ? -1 : 1);
    }
    return events;
  }

  async streamRevision(streamId: string): Promise<number | undefined> {
    const head = this.statements.head.get(streamId) as [revision: number, position: number] | undefined;
    return head?.[0];
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.readAfter(options.afterPosition ?? 0, options.maxCount ?? Number.POSITIVE_INFINITY);
  }

  subscribeToAll(
    handler: EventHandler,
    options: SubscribeToAllOptions & { onError?: (error: unknown) => void } = {},
  ): Subscription {
    if (this.closing || !this.db.open) throw new Error('The event store is closed');
    const subscription: CatchUpSubscription = new CatchUpSubscription(
      async (afterPosition, limit) => this.readAfter(afterPosition, limit),
      handler,
      {
        ...options,
        pageSize: PAGE_SIZE,
        pollIntervalMs: this.pollIntervalMs,
        onStop: () => this.subscriptions.delete(subscription),
      },
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  /**
   * Caps the database file at `pages` pages (PRAGMA max_page_count; never below its current size):
   * an append that would grow it further fails with StoreUnavailableError('full'), as on a full disk.
   * Returns the cap in force. Lets an operator bound the log's disk use, and tests simulate a full disk.
   * The cap is set on the connection that writes (before its next batch) and on the one that reads.
   */
  limitPageCount(pages: number): number {
    if (!Number.isSafeInteger(pages) || pages < 1) throw new RangeError(`A page count must be a positive integer, got ${pages}`);
    if (!this.writer.threaded) return this.writer.limitPageCount(pages);
    this.db.pragma(`max_page_count = ${pages}`, { simple: true });
    return this.writer.limitPageCount(pages);
  }

  /** Reports the settings of the connection that writes (for health checks and tests). */
  pragmas(): SqlitePragmas {
    return this.writer.pragmas();
  }

  /**
   * Writes the appends still waiting for their group commit (and waits for the one being written),
   * stops every subscription, then stops the writer and closes the database. Appends made once
   * close() has been called are refused.
   */
  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    if (this.pending.length > 0 || this.inFlight > 0) {
      const drained = new Promise<void>((resolve) => this.drainWaiters.push(resolve));
      this.flush();
      await drained;
    }
    await Promise.all([...this.subscriptions].map((subscription) => subscription.unsubscribe()));
    await this.writer.close();
    if (this.db.open) this.db.close();
  }

  /** The group commit: hands every pending append to the writer as one batch; its reply settles them. */
  private flush(): void {
    this.flushScheduled = false;
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    this.inFlight += 1;
    this.commits.batches += 1;
    this.commits.appends += batch.length;
    this.writer.write(
      batch.map((pending) => pending.append),
      (reply) => this.settle(batch, reply),
    );
  }

  /** Settles a batch's promises once its transaction is committed (or has failed), then notifies the subscriptions. */
  private settle(batch: readonly PendingAppend[], reply: BatchReply): void {
    this.inFlight -= 1;
    let written = false;
    const committed: CommittedAppend[] = [];
    if ('failure' in reply) {
      // Nothing of the batch was committed (the lock could not be taken, or the commit failed).
      const failure = storeError(reply.failure);
      for (const pending of batch) pending.reject(failure);
    } else {
      batch.forEach((pending, index) => {
        const { append } = pending;
        const outcome = reply.outcomes[index];
        if (outcome === undefined) pending.reject(new Error('The event store writer gave no outcome for an append'));
        else if (outcome.ok) {
          const { revision, position, positions } = outcome;
          if (append.events.length > 0) {
            written = true;
            committed.push({ append, positions, firstRevision: revision - append.events.length + 1 });
          }
          pending.resolve({ nextExpectedRevision: revision, position, ids: append.ids, positions, recordedAt: append.recordedAt, events: append.events });
        } else if (outcome.conflict) pending.reject(new WrongExpectedRevisionError(append.streamId, append.expected, outcome.actual));
        else pending.reject(storeError(outcome.error));
      });
    }
    if (written && this.subscriptions.size > 0) {
      const afterPosition = 'failure' in reply ? undefined : reply.afterPosition;
      // The subscriptions take the events from here rather than reading them back.
      const appended = afterPosition === undefined ? undefined : appendedEvents(afterPosition, committed);
      for (const subscription of this.subscriptions) {
        if (appended) subscription.offer(appended);
        else subscription.notify();
      }
    }
    if (this.pending.length > 0) {
      // Closing: what is left leaves now rather than at the end of the turn.
      if (this.closing) this.flush();
      else this.scheduleFlush();
    } else if (this.inFlight === 0 && this.drainWaiters.length > 0) {
      for (const resolve of this.drainWaiters.splice(0)) resolve();
    }
  }

  private readAfter(afterPosition: number, limit: number): RecordedEvent[] {
    const events: RecordedEvent[] = [];
    let after = afterPosition;
    while (events.length < limit) {
      const page = Math.min(READ_PAGE, limit - events.length);
      const rows = this.statements.after.all(after, page) as EventRow[];
      for (const row of rows) events.push(toRecorded(row));
      if (rows.length < page) break;
      after = (rows[rows.length - 1] as EventRow)[0];
    }
    return events;
  }
}

type Statements = ReturnType<typeof prepareStatements>;

/** Every query returns raw rows (arrays): cheaper to build than objects, and read by index below. */
function prepareStatements(db: SqliteDatabase) {
  const raw = <Params extends unknown[]>(sql: string): Statement<Params> => db.prepare<Params>(sql).raw(true);
  return {
    head: raw<[string]>('SELECT revision, position FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1'),
    forwards: raw<[string, number, number]>(`SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision ASC LIMIT ?`),
    backwards: raw<[string, number, number]>(`SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`),
    after: raw<[number, number]>(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position ASC LIMIT ?`),
  };
}

/** SQLite result codes (better-sqlite3's `error.code`) that mean "not written, try again later". */
const UNAVAILABLE: readonly [RegExp, StoreUnavailableReason][] = [
  [/^SQLITE_FULL/, 'full'],
  [/^SQLITE_(BUSY|LOCKED)/, 'busy'],
  [/^SQLITE_(IOERR|READONLY|CANTOPEN)/, 'io'],
];

/** A driver error of the kind a retry may overcome, as the port's StoreUnavailableError; anything else as it is. */
function storeError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return error;
  const reason = UNAVAILABLE.find(([pattern]) => pattern.test(code))?.[1];
  return reason === undefined ? error : new StoreUnavailableError(reason, error);
}

function defaultWriterMode(): SqliteWriterMode {
  return 'inline';
}

/** Opens (creating if needed) an event store in the SQLite file at `path`. */
export function openSqliteEventStore(
  path: string,
  options: Omit<SqliteEventStoreOptions, 'path'> = {},
): SqliteEventStore {
  return new SqliteEventStore({ ...options, path });
}

/** The events of a committed batch, for the subscriptions: each event is built (and parsed) for each subscriber that wants it. */
function appendedEvents(afterPosition: number, committed: readonly CommittedAppend[]): AppendedEvents {
  const positions: number[] = [];
  const streamIds: string[] = [];
  const owners: CommittedAppend[] = [];
  const offsets: number[] = [];
  for (const entry of committed) {
    for (let offset = 0; offset < entry.positions.length; offset++) {
      positions.push(entry.positions[offset] as number);
      streamIds.push(entry.append.streamId);
      owners.push(entry);
      offsets.push(offset);
    }
  }
  return {
    afterPosition,
    positions,
    streamIds,
    event(index: number): RecordedEvent {
      const { append, firstRevision } = owners[index] as CommittedAppend;
      const offset = offsets[index] as number;
      const event = append.events[offset] as SerialisedEvent;
      return {
        id: append.ids[offset] as string,
        streamId: append.streamId,
        revision: firstRevision + offset,
        position: positions[index] as number,
        type: event.type,
        data: JSON.parse(event.data) as unknown,
        metadata: JSON.parse(event.metadata) as EventMetadata,
        recordedAt: append.recordedAt,
      };
    },
  };
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row[1],
    streamId: row[2],
    revision: row[3],
    position: row[0],
    type: row[4],
    data: JSON.parse(row[5]) as unknown,
    metadata: JSON.parse(row[6]) as EventMetadata,
    recordedAt: row[7],
  };
}

/**
 * Serialises every event before anything is written, so an event JSON cannot represent fails the whole
 * append. The events of one command share their metadata object: it is serialised once.
 */
function serialise(events: readonly NewEvent[]): SerialisedEvent[] {
  let lastMetadata: EventMetadata | undefined;
  let lastJson = '';
  return events.map((event, index) => {
    if (event.metadata !== lastMetadata || index === 0) {
      lastJson = toJson(event.metadata, `Metadata of event ${index} (${event.type})`);
      lastMetadata = event.metadata;
    }
    return { type: event.type, data: toJson(event.data, `Data of event ${index} (${event.type})`), metadata: lastJson };
  });
}
