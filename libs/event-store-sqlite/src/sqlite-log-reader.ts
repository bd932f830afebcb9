import { createRequire } from 'node:module';
import { MessageChannel, type MessagePort, Worker, receiveMessageOnPort } from 'node:worker_threads';
import type { EventMetadata, RecordedEvent } from '@corbeille/event-store';
import { type SqliteDatabase, type Statement, openDatabase } from './sqlite-driver';

export interface SqliteLogReaderOptions {
  /** The events file of a SqliteEventStore (it must exist: the store creates it). */
  readonly path: string;
  /** How long a read waits for a lock held by another connection (a checkpoint) before failing. */
  readonly busyTimeoutMs?: number;
}

/**
 * An event of the log as a fold needs it: a RecordedEvent without its id and recording time, which no
 * fold reads and which are about a quarter of the cost of reading a row.
 */
export type LoggedEvent = Omit<RecordedEvent, 'id' | 'recordedAt'>;

/** A row of the read query: the columns of COLUMNS, in that order. */
type LogRow = [position: number, streamId: string, revision: number, type: string, data: string, metadata: string];

const COLUMNS = 'position, stream_id, revision, type, data, metadata';

/**
 * An event of the log as the reader returns it: its data parsed, its metadata
 * parsed at the first read of `metadata` (most folds never look at the metadata of most events, and
 * parsing it is about half the cost of deserialising an event). A read-only value: `metadata` is a getter
 * of the class, so a spread (`{ ...event }`) leaves it out.
 */
class LogEvent implements LoggedEvent {
  readonly streamId: string;
  readonly revision: number;
  readonly position: number;
  readonly type: string;
  readonly data: unknown;
  private metadataJson: string;
  private parsedMetadata: EventMetadata | undefined;

  constructor(row: LogRow) {
    this.streamId = row[1];
    this.revision = row[2];
    this.position = row[0];
    this.type = row[3];
    this.data = JSON.parse(row[4]) as unknown;
    this.metadataJson = row[5];
    this.parsedMetadata = undefined;
  }

  get metadata(): EventMetadata {
    if (this.parsedMetadata === undefined) {
      this.parsedMetadata = JSON.parse(this.metadataJson) as EventMetadata;
      this.metadataJson = '';
    }
    return this.parsedMetadata;
  }

  toJSON(): LoggedEvent {
    const { streamId, revision, position, type, data, metadata } = this;
    return { streamId, revision, position, type, data, metadata };
  }
}

/**
 * Reads a SqliteEventStore's global log through a read-only connection of its own, synchronously, for
 * catching up from far behind (rebuilding read models): one query per call, raw rows, metadata parsed on
 * demand. It sees what the store has committed; events are returned as stored, so with a hash-chained
 * store their metadata keeps its `chain` link (the store's readAll leaves it out).
 */
export class SqliteLogReader {
  private readonly db: SqliteDatabase;
  private readonly after: Statement<[number, number]>;
  private readonly last: Statement<[]>;

  constructor(options: SqliteLogReaderOptions) {
    // Structurally the driver's options; better-sqlite3 also takes readonly and fileMustExist.
    const driverOptions = { timeout: options.busyTimeoutMs ?? 5_000, readonly: true, fileMustExist: true };
    this.db = openDatabase(options.path, driverOptions);
    this.after = this.db.prepare<[number, number]>(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position ASC LIMIT ?`).raw(true);
    this.last = this.db.prepare<[]>('SELECT MAX(position) FROM events').raw(true);
  }

  /** The position of the last event committed (0 for an empty log). */
  lastPosition(): number {
    const row = this.last.get() as [number | null] | undefined;
    return row?.[0] ?? 0;
  }

  /** Up to `maxCount` events after global position `afterPosition`, in log order. */
  readAfter(afterPosition: number, maxCount: number): LoggedEvent[] {
    const rows = this.after.all(afterPosition, maxCount) as LogRow[];
    const events: LoggedEvent[] = new Array<LoggedEvent>(rows.length);
    for (let index = 0; index < rows.length; index += 1) events[index] = new LogEvent(rows[index] as LogRow);
    return events;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

export interface SqlitePrefetchingLogReaderOptions extends SqliteLogReaderOptions {
  /** Where reading starts: the reader thread reads ahead from this position on. */
  readonly afterPosition: number;
  /** Rows the reader thread reads per query (default 2,000). */
  readonly pageSize?: number;
  /** Pages read ahead at most (default 8). */
  readonly pagesAhead?: number;
}

/** The reader thread's messages: a page of rows, flattened (6 values a row), or the end of the log, or a failure. */
type PrefetchMessage = { readonly rows: unknown[]; readonly done: boolean } | { readonly error: { readonly message: string; readonly code: unknown } };

/** Counters shared with the reader thread. */
const POSTED = 0;
const TAKEN = 1;
const STOP = 2;

/*
 * The reader thread, in plain JavaScript (`eval: true`) so that it runs alike under Jest, a TypeScript
 * loader or plain Node: it reads pages in log order, at most `pagesAhead` pages ahead of the pages taken.
 */
const PREFETCH_SOURCE = String.raw`
const { workerData } = require('node:worker_threads');
const { port, path, driver, timeout, sql, pageSize, pagesAhead } = workerData;
const counters = new Int32Array(workerData.counters);
try {
  const Database = require(driver);
  const db = new Database(path, { timeout, readonly: true, fileMustExist: true });
  const statement = db.prepare(sql).raw(true);
  let after = workerData.afterPosition;
  for (;;) {
    for (;;) {
      if (Atomics.load(counters, 2) !== 0) break;
      const taken = Atomics.load(counters, 1);
      if (Atomics.load(counters, 0) - taken < pagesAhead) break;
      Atomics.wait(counters, 1, taken, 100);
    }
    if (Atomics.load(counters, 2) !== 0) break;
    const rows = statement.all(after, pageSize);
    const flat = new Array(rows.length * 6);
    let k = 0;
    for (const row of rows) for (let j = 0; j < 6; j += 1) flat[k++] = row[j];
    const done = rows.length < pageSize;
    port.postMessage({ rows: flat, done });
    Atomics.add(counters, 0, 1);
    Atomics.notify(counters, 0);
    if (done) break;
    after = rows[rows.length - 1][0];
  }
  db.close();
} catch (error) {
  port.postMessage({ error: { message: String(error && error.message), code: error && error.code } });
  Atomics.add(counters, 0, 1);
  Atomics.notify(counters, 0);
}
`;

/**
 * A SqliteLogReader that reads ahead in a worker thread: the thread steps through SQLite's pages and
 * hands over raw rows, while this thread parses and folds the rows before. For one pass over the log
 * from `afterPosition` (catching up); any other read, and every read after the end the thread saw, is
 * made directly, as SqliteLogReader does.
 */
export class SqlitePrefetchingLogReader {
  private readonly direct: SqliteLogReader;
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly counters: Int32Array;
  private received = 0;
  /** Rows handed over and not yet returned (6 values a row), from `next` on. */
  private rows: unknown[] = [];
  private next = 0;
  /** The position of the last row of the thread's sequence returned or skipped (where reading began, at first). */
  private passed: number;
  private done = false;

  constructor(options: SqlitePrefetchingLogReaderOptions) {
    this.direct = new SqliteLogReader(options);
    this.passed = options.afterPosition;
    this.counters = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
    const channel = new MessageChannel();
    this.port = channel.port1;
    this.worker = new Worker(PREFETCH_SOURCE, {
      eval: true,
      workerData: {
        port: channel.port2,
        path: options.path,
        driver: driverModule(),
        timeout: options.busyTimeoutMs ?? 5_000,
        sql: `SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position ASC LIMIT ?`,
        pageSize: options.pageSize ?? 2_000,
        pagesAhead: options.pagesAhead ?? 8,
        afterPosition: options.afterPosition,
        counters: this.counters.buffer,
      },
      transferList: [channel.port2],
    });
    this.worker.unref();
  }

  readAfter(afterPosition: number, maxCount: number): LoggedEvent[] {
    // The thread's rows follow each other in the log: they answer a read from where they have got to on.
    if (afterPosition < this.passed) return this.direct.readAfter(afterPosition, maxCount);
    for (;;) {
      while (this.next < this.rows.length && (this.rows[this.next] as number) <= afterPosition) {
        this.passed = this.rows[this.next] as number;
        this.next += 6;
      }
      if (this.next < this.rows.length) break;
      if (this.done) return this.direct.readAfter(afterPosition, maxCount);
      this.take();
    }
    const events: LoggedEvent[] = [];
    const rows = this.rows;
    while (events.length < maxCount && this.next < rows.length) {
      const at = this.next;
      events.push(new LogEvent([rows[at], rows[at + 1], rows[at + 2], rows[at + 3], rows[at + 4], rows[at + 5]] as LogRow));
      this.passed = rows[at] as number;
      this.next += 6;
    }
    return events;
  }

  close(): void {
    Atomics.store(this.counters, STOP, 1);
    Atomics.notify(this.counters, TAKEN);
    void this.worker.terminate();
    this.port.close();
    this.direct.close();
  }

  /** Waits for the thread's next page (it is at most a page's reading away). */
  private take(): void {
    for (;;) {
      const message = receiveMessageOnPort(this.port)?.message as PrefetchMessage | undefined;
      if (message) {
        this.received += 1;
        Atomics.add(this.counters, TAKEN, 1);
        Atomics.notify(this.counters, TAKEN);
        if ('error' in message) throw Object.assign(new Error(message.error.message), { code: message.error.code });
        this.rows = message.rows;
        this.next = 0;
        this.done = message.done;
        return;
      }
      Atomics.wait(this.counters, POSTED, this.received, 100);
    }
  }
}

const requireHere = createRequire(__filename);

function driverModule(): string {
  return requireHere.resolve('better-sqlite3');
}

/** Events behind from which reading ahead in a thread pays for the thread. */
const PREFETCH_FROM = 20_000;

/**
 * A reader for catching up from `afterPosition`: one that reads ahead in a worker thread when the log has
 * many events after it (a rebuild), a direct one otherwise (a restart with read models nearly up to date).
 */
export function openSqliteLogReader(options: SqliteLogReaderOptions & { readonly afterPosition: number }): SqliteLogReader | SqlitePrefetchingLogReader {
  const direct = new SqliteLogReader(options);
  if (direct.lastPosition() - options.afterPosition < PREFETCH_FROM) return direct;
  direct.close();
  return new SqlitePrefetchingLogReader(options);
}
