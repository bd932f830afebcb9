import { randomUUID } from 'node:crypto';
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
  type Subscription,
  WrongExpectedRevisionError,
  revisionMatches,
  toJson,
} from '@corbeille/event-store';
import { type SqliteDatabase, type Transaction, openDatabase } from './sqlite-driver';

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

interface EventRow {
  readonly position: number;
  readonly id: string;
  readonly stream_id: string;
  readonly revision: number;
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
  readonly recorded_at: string;
}

interface SerialisedEvent {
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
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
/** SQLite's "no limit". */
const NO_LIMIT = -1;
const PAGE_SIZE = 500;

/**
 * An event store in one SQLite file. A stream's revision is its highest stored revision (found through
 * the UNIQUE (stream_id, revision) index); AUTOINCREMENT keeps positions increasing and never reused.
 * Each append is one BEGIN IMMEDIATE transaction, which takes the database's write lock before the
 * revision check, so the check cannot race with another connection, in this process or another one.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: SqliteDatabase;
  private readonly pollIntervalMs: number;
  private readonly subscriptions = new Set<CatchUpSubscription>();
  private readonly statements: Statements;
  private readonly append: Transaction<[string, readonly SerialisedEvent[], ExpectedRevision], AppendResult>;

  constructor(options: SqliteEventStoreOptions) {
    if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
    const busyTimeoutMs = options.busyTimeoutMs ?? 5_000;
    this.pollIntervalMs = options.pollIntervalMs ?? 200;
    this.db = openDatabase(options.path, { timeout: busyTimeoutMs });
    this.db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('foreign_keys = ON');
    this.db.exec(SCHEMA);

    this.statements = prepareStatements(this.db);

    this.append = this.db.transaction((streamId: string, events: readonly SerialisedEvent[], expected: ExpectedRevision) => {
      const head = this.statements.head.get(streamId) as { revision: number; position: number } | undefined;
      const actual = head?.revision;
      if (!revisionMatches(expected, actual)) throw new WrongExpectedRevisionError(streamId, expected, actual);
      const recordedAt = new Date().toISOString();
      let revision = actual ?? -1;
      let position = head?.position ?? 0;
      for (const event of events) {
        revision += 1;
        const result = this.statements.insert.run(randomUUID(), streamId, revision, event.type, event.data, event.metadata, recordedAt);
        position = Number(result.lastInsertRowid);
      }
      return { nextExpectedRevision: revision, position };
    });
  }

  async appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult> {
    const serialised = events.map((event, index) => ({
      type: event.type,
      data: toJson(event.data, `Data of event ${index} (${event.type})`),
      metadata: toJson(event.metadata, `Metadata of event ${index} (${event.type})`),
    }));
    const result = this.append.immediate(streamId, serialised, expectedRevision);
    if (events.length > 0) for (const subscription of this.subscriptions) subscription.notify();
    return result;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.maxCount ?? NO_LIMIT;
    const rows =
      options.direction === 'backwards'
        ? this.statements.backwards.all(streamId, options.fromRevision ?? Number.MAX_SAFE_INTEGER, limit)
        : this.statements.forwards.all(streamId, options.fromRevision ?? 0, limit);
    return (rows as EventRow[]).map(toRecorded);
  }

  async streamRevision(streamId: string): Promise<number | undefined> {
    const head = this.statements.head.get(streamId) as { revision: number } | undefined;
    return head?.revision;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.readAfter(options.afterPosition ?? 0, options.maxCount ?? NO_LIMIT);
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

  /** Reports the connection's settings (for health checks and tests). */
  pragmas(): SqlitePragmas {
    return {
      journalMode: String(this.db.pragma('journal_mode', { simple: true })),
      synchronous: Number(this.db.pragma('synchronous', { simple: true })),
      foreignKeys: Number(this.db.pragma('foreign_keys', { simple: true })) === 1,
      busyTimeoutMs: Number(this.db.pragma('busy_timeout', { simple: true })),
    };
  }

  /** Stops every subscription, then closes the database. */
  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.unsubscribe()));
    if (this.db.open) this.db.close();
  }

  private readAfter(afterPosition: number, limit: number): RecordedEvent[] {
    return (this.statements.after.all(afterPosition, limit) as EventRow[]).map(toRecorded);
  }
}

type Statements = ReturnType<typeof prepareStatements>;

function prepareStatements(db: SqliteDatabase) {
  return {
    head: db.prepare<[string]>('SELECT revision, position FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1'),
    insert: db.prepare<[string, string, number, string, string, string, string]>(
      'INSERT INTO events (id, stream_id, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    forwards: db.prepare<[string, number, number]>(
      `SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision ASC LIMIT ?`,
    ),
    backwards: db.prepare<[string, number, number]>(
      `SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
    ),
    after: db.prepare<[number, number]>(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position ASC LIMIT ?`),
  };
}

/** Opens (creating if needed) an event store in the SQLite file at `path`. */
export function openSqliteEventStore(
  path: string,
  options: Omit<SqliteEventStoreOptions, 'path'> = {},
): SqliteEventStore {
  return new SqliteEventStore({ ...options, path });
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    streamId: row.stream_id,
    revision: row.revision,
    position: row.position,
    type: row.type,
    data: JSON.parse(row.data) as unknown,
    metadata: JSON.parse(row.metadata) as EventMetadata,
    recordedAt: row.recorded_at,
  };
}
