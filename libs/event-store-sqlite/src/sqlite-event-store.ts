import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  type AppendResult,
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
  revisionMatches,
  toJson,
} from '@corbeille/event-store';
import { EventIdGenerator } from './event-ids';
import { type SqliteDatabase, type Statement, type Transaction, openDatabase } from './sqlite-driver';

export interface SqliteEventStoreOptions {
  /** The database file (its directory is created if missing), or ':memory:' for a private in-memory database. */
  readonly path: string;
  /** How often idle subscriptions re-read the log, to see appends made through other connections. */
  readonly pollIntervalMs?: number;
  /** How long a write waits for another connection's lock before failing with SQLITE_BUSY. */
  readonly busyTimeoutMs?: number;
}

/** Connection settings as SQLite reports them. */
export interface SqlitePragmas {
  readonly journalMode: string;
  /** 2 = FULL. */
  readonly synchronous: number;
  readonly foreignKeys: boolean;
  readonly busyTimeoutMs: number;
}

/** A row as the raw statements return it: the columns of COLUMNS, in that order. */
type EventRow = [position: number, id: string, streamId: string, revision: number, type: string, data: string, metadata: string, recordedAt: string];

interface SerialisedEvent {
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
}

/** What an append wrote: enough to describe its events without reading them back. */
interface Written extends AppendResult {
  readonly ids: readonly string[];
  readonly positions: readonly number[];
  readonly recordedAt: string;
  readonly events: readonly SerialisedEvent[];
}

/** An append waiting for the next group commit. */
interface PendingAppend {
  readonly streamId: string;
  readonly events: readonly SerialisedEvent[];
  readonly expected: ExpectedRevision;
  readonly resolve: (written: Written) => void;
  readonly reject: (error: unknown) => void;
}

type AppendOutcome = { readonly ok: true; readonly written: Written } | { readonly ok: false; readonly error: unknown };

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
 * BEGIN IMMEDIATE transaction, and so shares one fsync, at the end of that turn. The transaction takes
 * the database's write lock before any revision check, so checks cannot race with another connection,
 * in this process or another one. Each append runs in its own savepoint and is checked against the
 * stream as the appends before it in the same batch left it, so appends stay atomic and independent:
 * one failing (wrong revision, or an error from SQLite) writes nothing and does not affect the others.
 * No promise resolves before the transaction is committed with synchronous=FULL.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: SqliteDatabase;
  private readonly pollIntervalMs: number;
  private readonly subscriptions = new Set<CatchUpSubscription>();
  private readonly statements: Statements;
  private readonly ids = new EventIdGenerator();
  private readonly appendOne: Transaction<[PendingAppend], Written>;
  private readonly appendMany: Transaction<[readonly PendingAppend[]], AppendOutcome[]>;
  private pending: PendingAppend[] = [];
  private flushScheduled = false;

  constructor(options: SqliteEventStoreOptions) {
    if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
    const busyTimeoutMs = options.busyTimeoutMs ?? 5_000;
    this.pollIntervalMs = options.pollIntervalMs ?? 200;
    this.db = openDatabase(options.path, { timeout: busyTimeoutMs });
    this.db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('foreign_keys = ON');
    // A larger page cache keeps the indexes of a big log in memory (it does not change durability).
    this.db.pragma('cache_size = -65536');
    this.db.exec(SCHEMA);

    this.statements = prepareStatements(this.db);

    this.appendOne = this.db.transaction((append: PendingAppend) => this.write(append));
    // Called inside appendMany, appendOne runs as a savepoint: a failed append is rolled back on its own.
    this.appendMany = this.db.transaction((batch: readonly PendingAppend[]) =>
      batch.map((append): AppendOutcome => {
        try {
          return { ok: true, written: this.appendOne(append) };
        } catch (error) {
          // After SQLITE_FULL, BUSY or IOERR SQLite may have rolled back the whole transaction: then none of
          // the batch is written, and going on would run the remaining appends in transactions of their own.
          if (!this.db.inTransaction) throw storeError(error);
          return { ok: false, error: storeError(error) };
        }
      }),
    );
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
    let serialised: SerialisedEvent[];
    try {
      if (!this.db.open) throw new Error('The event store is closed');
      serialised = serialise(events);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<Written>((resolve, reject) => {
      this.pending.push({ streamId, events: serialised, expected: expectedRevision, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
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
    if (!this.db.open) throw new Error('The event store is closed');
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
   */
  limitPageCount(pages: number): number {
    if (!Number.isSafeInteger(pages) || pages < 1) throw new RangeError(`A page count must be a positive integer, got ${pages}`);
    return Number(this.db.pragma(`max_page_count = ${pages}`, { simple: true }));
  }

  /** Reports the connection's settings (for health checks and tests). */
  pragmas(): SqlitePragmas {
    return {
      journalMode: String(this.db.pragma('journal_mode', { simple: true })),
      synchronous: Number(this.db.pragma('synchronous', { simple: true })),
      foreignKeys: Number(this.db.pragma('foreign_keys', { simple: true })) === 1,
      busyTimeoutMs: Number(this.db.pragma('busy_timeout', { simple: true })),
    };
  }

  /** Writes the appends still waiting for their group commit, stops every subscription, then closes the database. */
  async close(): Promise<void> {
    if (this.db.open) this.flush();
    await Promise.all([...this.subscriptions].map((subscription) => subscription.unsubscribe()));
    if (this.db.open) this.db.close();
  }

  /** The group commit: writes every pending append in one transaction, then settles their promises. */
  private flush(): void {
    this.flushScheduled = false;
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    let outcomes: AppendOutcome[];
    try {
      if (!this.db.open) throw new Error('The event store is closed');
      // A lone append needs no savepoint of its own.
      outcomes = batch.length === 1 ? [{ ok: true, written: this.appendOne.immediate(batch[0] as PendingAppend) }] : this.appendMany.immediate(batch);
    } catch (error) {
      // Nothing of the batch was committed (the lock could not be taken, or the commit failed).
      const failure = storeError(error);
      outcomes = batch.map(() => ({ ok: false, error: failure }));
    }
    let written = false;
    outcomes.forEach((outcome, index) => {
      const append = batch[index] as PendingAppend;
      if (outcome.ok) {
        written ||= append.events.length > 0;
        append.resolve(outcome.written);
      } else append.reject(outcome.error);
    });
    if (written) for (const subscription of this.subscriptions) subscription.notify();
  }

  /** One append, inside a transaction or savepoint that holds the write lock. */
  private write(append: PendingAppend): Written {
    const { streamId, events, expected } = append;
    const head = this.statements.head.get(streamId) as [revision: number, position: number] | undefined;
    const actual = head?.[0];
    if (!revisionMatches(expected, actual)) throw new WrongExpectedRevisionError(streamId, expected, actual);
    let revision = actual ?? -1;
    let position = head?.[1] ?? 0;
    const now = Date.now();
    const recordedAt = new Date(now).toISOString();
    const ids: string[] = [];
    const positions: number[] = [];
    const insert = this.statements.insert;
    for (const event of events) {
      revision += 1;
      const id = this.ids.next(now);
      position = Number(insert.run(id, streamId, revision, event.type, event.data, event.metadata, recordedAt).lastInsertRowid);
      ids.push(id);
      positions.push(position);
    }
    return { nextExpectedRevision: revision, position, ids, positions, recordedAt, events };
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
    insert: db.prepare<[string, string, number, string, string, string, string]>(
      'INSERT INTO events (id, stream_id, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    forwards: raw<[string, number, number]>(`SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision ASC LIMIT ?`),
    backwards: raw<[string, number, number]>(`SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`),
    after: raw<[number, number]>(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position ASC LIMIT ?`),
  };
}

/** Opens (creating if needed) an event store in the SQLite file at `path`. */
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

export function openSqliteEventStore(
  path: string,
  options: Omit<SqliteEventStoreOptions, 'path'> = {},
): SqliteEventStore {
  return new SqliteEventStore({ ...options, path });
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
