import { runInThisContext } from 'node:vm';
import { MessageChannel, type MessagePort, Worker, receiveMessageOnPort } from 'node:worker_threads';
import type { ExpectedRevision } from '@corbeille/event-store';
import type { SqliteDatabase } from './sqlite-driver';

/*
 * The group commit's writing, in plain JavaScript so that one source runs both on the main thread
 * (inline writing, the only way for ':memory:' databases) and in a worker thread (`eval: true`), which
 * needs no TypeScript loader and so runs alike under Jest, `node -r @swc-node/register` and plain Node.
 * The worker has its own connection to the file; the main thread keeps its own for reads.
 */

/** Connection settings as SQLite reports them. */
export interface SqlitePragmas {
  readonly journalMode: string;
  /** 2 = FULL. */
  readonly synchronous: number;
  readonly foreignKeys: boolean;
  readonly busyTimeoutMs: number;
}

/** One event, serialised on the main thread. */
export interface SerialisedEvent {
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
}

/** One append of a batch, as the writer receives it: serialised, with its ids and timestamp chosen. */
export interface BatchAppend {
  readonly streamId: string;
  readonly expected: ExpectedRevision;
  readonly events: readonly SerialisedEvent[];
  readonly ids: readonly string[];
  readonly recordedAt: string;
}

/** What the writer made of one append. `error` is the driver's error inline, its description from a worker. */
export type WriteOutcome =
  | { readonly ok: true; readonly revision: number; readonly position: number; readonly positions: readonly number[] }
  | { readonly ok: false; readonly conflict: true; readonly actual: number | undefined }
  | { readonly ok: false; readonly conflict?: false; readonly error: unknown };

/**
 * A batch's reply: an outcome per append, with the log's last position before the batch (every event
 * after it up to the batch's last is the batch's: the transaction held the write lock), or the failure
 * of the whole transaction (nothing of it committed).
 */
export type BatchReply =
  | { readonly outcomes: readonly WriteOutcome[]; readonly afterPosition: number | undefined }
  | { readonly failure: unknown };

/** What the core's writeBatch returns. */
interface BatchResult {
  readonly outcomes: WriteOutcome[];
  /** Undefined when nothing was written. */
  readonly afterPosition: number | undefined;
}

/** An error as a worker describes it (errors lose their own properties when they cross threads). */
interface ErrorDescription {
  readonly described: true;
  readonly name: string;
  readonly message: string;
  readonly code: unknown;
  readonly stack: string | undefined;
}

/** The connection-level part of the core, shared by both writers. */
interface WriterCore {
  configure(db: SqliteDatabase, busyTimeoutMs: number): void;
  readPragmas(db: SqliteDatabase): SqlitePragmas;
  limitPageCount(db: SqliteDatabase, pages: number): number;
  createWriter(db: SqliteDatabase): { writeBatch(batch: readonly BatchAppend[]): BatchResult };
}

/**
 * The transaction logic. Every append of a batch is written by one BEGIN IMMEDIATE transaction, which
 * takes the write lock before any revision check, so checks cannot race with another connection. Each
 * append runs in its own savepoint and is checked against the stream as the appends before it in the
 * batch left it: one failing writes nothing and does not affect the others. After SQLITE_FULL, BUSY or
 * IOERR SQLite may have rolled back the whole transaction: then the batch fails as a whole (going on
 * would run the remaining appends in transactions of their own). A lone append needs no savepoint.
 */
const CORE_SOURCE = String.raw`
class RevisionConflict {
  constructor(actual) { this.actual = actual; }
}

function revisionMatches(expected, actual) {
  if (expected === 'any') return true;
  if (expected === 'no-stream') return actual === undefined;
  if (expected === 'stream-exists') return actual !== undefined;
  return actual === expected;
}

function configure(db, busyTimeoutMs) {
  db.pragma('busy_timeout = ' + busyTimeoutMs);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  // A larger page cache keeps the indexes of a big log in memory (it does not change durability).
  db.pragma('cache_size = -65536');
}

function readPragmas(db) {
  return {
    journalMode: String(db.pragma('journal_mode', { simple: true })),
    synchronous: Number(db.pragma('synchronous', { simple: true })),
    foreignKeys: Number(db.pragma('foreign_keys', { simple: true })) === 1,
    busyTimeoutMs: Number(db.pragma('busy_timeout', { simple: true })),
  };
}

function limitPageCount(db, pages) {
  return Number(db.pragma('max_page_count = ' + pages, { simple: true }));
}

function createWriter(db) {
  const head = db.prepare('SELECT revision, position FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1').raw(true);
  const insert = db.prepare('INSERT INTO events (id, stream_id, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const last = db.prepare('SELECT max(position) FROM events').raw(true);
  const lastPosition = () => last.get()[0] ?? 0;

  /** One append, inside a transaction or savepoint that holds the write lock. */
  const write = (append) => {
    const found = head.get(append.streamId);
    const actual = found === undefined ? undefined : found[0];
    if (!revisionMatches(append.expected, actual)) throw new RevisionConflict(actual);
    let revision = actual === undefined ? -1 : actual;
    let position = found === undefined ? 0 : found[1];
    const positions = [];
    const { streamId, events, ids, recordedAt } = append;
    for (let index = 0; index < events.length; index++) {
      const event = events[index];
      revision += 1;
      position = Number(insert.run(ids[index], streamId, revision, event.type, event.data, event.metadata, recordedAt).lastInsertRowid);
      positions.push(position);
    }
    return { ok: true, revision, position, positions };
  };

  // Called inside appendMany, appendOne runs as a savepoint: a failed append is rolled back on its own.
  const appendOne = db.transaction(write);
  const appendMany = db.transaction((batch) => {
    const afterPosition = lastPosition();
    const outcomes = batch.map((append) => {
      try {
        return appendOne(append);
      } catch (error) {
        if (error instanceof RevisionConflict) return { ok: false, conflict: true, actual: error.actual };
        if (!db.inTransaction) throw error;
        return { ok: false, error };
      }
    });
    return { afterPosition, outcomes };
  });
  const appendAlone = db.transaction((append) => {
    const afterPosition = lastPosition();
    return { afterPosition, outcomes: [write(append)] };
  });

  return {
    writeBatch(batch) {
      if (batch.length !== 1) return appendMany.immediate(batch);
      try {
        return appendAlone.immediate(batch[0]);
      } catch (error) {
        if (error instanceof RevisionConflict) return { afterPosition: undefined, outcomes: [{ ok: false, conflict: true, actual: error.actual }] };
        throw error;
      }
    },
  };
}
`;

/**
 * The worker: opens its connection, then answers batches (by message) and calls (synchronously, see
 * callSync). The batches that came while it was writing are written together, by one transaction (one
 * fsync), each answered on its own; messages are handled in the order they were sent.
 */
const WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData, receiveMessageOnPort } = require('node:worker_threads');
${CORE_SOURCE}

function describe(error) {
  const object = error !== null && typeof error === 'object' ? error : {};
  return {
    described: true,
    name: typeof object.name === 'string' ? object.name : 'Error',
    message: typeof object.message === 'string' ? object.message : String(error),
    code: object.code,
    stack: typeof object.stack === 'string' ? object.stack : undefined,
  };
}

const { driverPath, path, busyTimeoutMs, signal, calls, replies } = workerData;
const flag = new Int32Array(signal);
let db;
let writer;
let openError;
try {
  const Database = require(driverPath);
  db = new Database(path, { timeout: busyTimeoutMs });
  configure(db, busyTimeoutMs);
  writer = createWriter(db);
} catch (error) {
  openError = error;
}

function encode(outcome) {
  return outcome.ok || outcome.conflict ? outcome : { ok: false, error: describe(outcome.error) };
}

let transactions = 0;

/** Writes batches as one transaction and answers each: its outcomes and the log's last position before it. */
function writeBatches(batches) {
  transactions += 1;
  const transaction = transactions;
  if (openError !== undefined) {
    const failure = describe(openError);
    for (let index = 0; index < batches.length; index++) replies.postMessage({ failure });
    return;
  }
  let result;
  try {
    result = writer.writeBatch(batches.length === 1 ? batches[0] : batches.flat());
  } catch (error) {
    const failure = describe(error);
    for (let index = 0; index < batches.length; index++) replies.postMessage({ failure });
    return;
  }
  let last = result.afterPosition;
  let offset = 0;
  for (const batch of batches) {
    const outcomes = result.outcomes.slice(offset, offset + batch.length);
    offset += batch.length;
    replies.postMessage({ afterPosition: last, outcomes: outcomes.map(encode), transaction });
    for (const outcome of outcomes) if (outcome.ok && outcome.positions.length > 0) last = outcome.positions[outcome.positions.length - 1];
  }
}

function handle(message) {
  if (message.kind === 'batch') {
    const batches = [message.batch];
    let next;
    for (;;) {
      const received = receiveMessageOnPort(parentPort);
      if (received === undefined) break;
      if (received.message.kind !== 'batch') {
        next = received.message;
        break;
      }
      batches.push(received.message.batch);
    }
    writeBatches(batches);
    if (next !== undefined) handle(next);
  } else if (message.kind === 'call') {
    let answer;
    try {
      if (openError !== undefined) throw openError;
      const value = message.method === 'pragmas' ? readPragmas(db) : limitPageCount(db, message.pages);
      answer = { ok: true, value };
    } catch (error) {
      answer = { ok: false, error: describe(error) };
    }
    calls.postMessage(answer);
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
  } else if (message.kind === 'close') {
    if (db !== undefined && db.open) db.close();
    calls.close();
    replies.close();
    parentPort.close();
  }
}

parentPort.on('message', handle);
`;

let core: WriterCore | undefined;

/** The core, compiled once for the main thread. */
function mainThreadCore(): WriterCore {
  core ??= runInThisContext(`(() => {\n${CORE_SOURCE}\nreturn { configure, readPragmas, limitPageCount, createWriter };\n})()`, {
    filename: 'sqlite-writer-core.js',
  }) as WriterCore;
  return core;
}

export function configureConnection(db: SqliteDatabase, busyTimeoutMs: number): void {
  mainThreadCore().configure(db, busyTimeoutMs);
}

export function readPragmas(db: SqliteDatabase): SqlitePragmas {
  return mainThreadCore().readPragmas(db);
}

/** Writes batches of appends and answers with their outcomes, in the order the batches were handed over. */
export interface BatchWriter {
  /** Whether `write` runs on another thread (and answers later) rather than inline. */
  readonly threaded: boolean;
  /** Writes a batch and calls `done` once its transaction is committed (or has failed): inline before returning. */
  write(batch: readonly BatchAppend[], done: (reply: BatchReply) => void): void;
  /** How many transactions have written batches so far. */
  transactions(): number;
  /** Takes the answer to the batch in flight if it has come (calling its `done`), without waiting for the event loop to deliver it. */
  poll(): void;
  /** PRAGMA max_page_count on the connection that writes, applied before the next batch. */
  limitPageCount(pages: number): number;
  /** The settings of the connection that writes. */
  pragmas(): SqlitePragmas;
  /** Stops writing (no batch may be in flight) and closes the writing connection. */
  close(): Promise<void>;
}

/** Writes on the main thread, through the connection that also reads. */
export class InlineWriter implements BatchWriter {
  readonly threaded = false;
  private readonly writer: ReturnType<WriterCore['createWriter']>;
  private written = 0;

  constructor(private readonly db: SqliteDatabase) {
    this.writer = mainThreadCore().createWriter(db);
  }

  write(batch: readonly BatchAppend[], done: (reply: BatchReply) => void): void {
    let reply: BatchReply;
    this.written += 1;
    try {
      if (!this.db.open) throw new Error('The event store is closed');
      reply = this.writer.writeBatch(batch);
    } catch (error) {
      reply = { failure: error };
    }
    done(reply);
  }

  poll(): void {
    // Inline, a batch is answered before write() returns.
  }

  transactions(): number {
    return this.written;
  }

  limitPageCount(pages: number): number {
    return mainThreadCore().limitPageCount(this.db, pages);
  }

  pragmas(): SqlitePragmas {
    return mainThreadCore().readPragmas(this.db);
  }

  async close(): Promise<void> {
    // The connection is the store's: it closes it.
  }
}

export interface ThreadWriterOptions {
  readonly path: string;
  readonly busyTimeoutMs: number;
  /** What `require('better-sqlite3')` resolves to, from this package. */
  readonly driverPath: string;
}

type CallAnswer = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: ErrorDescription };

/**
 * Writes in a worker thread with a connection of its own: the transaction and its fsync no longer
 * hold up the main thread's event loop. Batches are answered by message; the rare calls that must
 * answer synchronously (page cap, pragmas) wait on a shared flag for the worker's answer.
 */
export class ThreadWriter implements BatchWriter {
  readonly threaded = true;
  private readonly worker: Worker;
  private readonly calls: MessagePort;
  /** Where the worker answers batches: read by 'message' events, and by poll() in between. */
  private readonly replies: MessagePort;
  private readonly flag = new Int32Array(new SharedArrayBuffer(4));
  private readonly callTimeoutMs: number;
  /** The answers awaited, in the order the batches were sent (the worker answers in that order). */
  private readonly inFlight: ((reply: BatchReply) => void)[] = [];
  /** Why the worker stopped, once it has. */
  private stopped: Error | undefined;
  private readonly exited: Promise<void>;
  private lastTransaction = 0;
  private transactionCount = 0;

  constructor(options: ThreadWriterOptions) {
    const { port1, port2 } = new MessageChannel();
    this.calls = port1;
    const replies = new MessageChannel();
    this.replies = replies.port1;
    this.callTimeoutMs = options.busyTimeoutMs + 30_000;
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // No loader flags (-r @swc-node/register): the source is plain JavaScript.
      execArgv: [],
      workerData: {
        driverPath: options.driverPath,
        path: options.path,
        busyTimeoutMs: options.busyTimeoutMs,
        signal: this.flag.buffer,
        calls: port2,
        replies: replies.port2,
      },
      transferList: [port2, replies.port2],
    });
    // An idle writer does not keep the process alive; one with a batch in flight does (through its reply port).
    this.worker.unref();
    this.replies.on('message', (reply: BatchReply) => this.answer(reply));
    this.replies.unref();
    this.worker.on('error', (error) => this.stop(new Error(`The event store's writer thread failed: ${error.message}`, { cause: error })));
    this.exited = new Promise((resolve) => {
      this.worker.once('exit', (code) => {
        this.stop(new Error(`The event store's writer thread stopped (exit code ${code})`));
        resolve();
      });
    });
  }

  write(batch: readonly BatchAppend[], done: (reply: BatchReply) => void): void {
    if (this.stopped) {
      done({ failure: this.stopped });
      return;
    }
    if (this.inFlight.push(done) === 1) this.replies.ref();
    this.worker.postMessage({ kind: 'batch', batch });
  }

  /**
   * A busy main thread may run many callbacks (HTTP requests, say) before the event loop delivers the
   * reply; the store polls at each append, so that the appends of answered batches settle sooner.
   */
  poll(): void {
    while (this.inFlight.length > 0) {
      const received = receiveMessageOnPort(this.replies) as { message: BatchReply } | undefined;
      if (received === undefined) return;
      this.answer(received.message);
    }
  }

  limitPageCount(pages: number): number {
    return this.callSync({ kind: 'call', method: 'limitPageCount', pages }) as number;
  }

  pragmas(): SqlitePragmas {
    return this.callSync({ kind: 'call', method: 'pragmas' }) as SqlitePragmas;
  }

  async close(): Promise<void> {
    if (!this.stopped) {
      // Keeps the process alive until the worker has closed its connection.
      this.worker.ref();
      this.worker.postMessage({ kind: 'close' });
    }
    await this.exited;
    this.calls.close();
    this.replies.close();
  }

  transactions(): number {
    return this.transactionCount;
  }

  private answer(reply: BatchReply): void {
    const { transaction } = reply as { transaction?: number };
    if (transaction !== undefined && transaction !== this.lastTransaction) {
      this.lastTransaction = transaction;
      this.transactionCount += 1;
    }
    const done = this.inFlight.shift();
    if (this.inFlight.length === 0) this.replies.unref();
    done?.('failure' in reply ? { failure: fromWorker(reply.failure) } : { afterPosition: reply.afterPosition, outcomes: reply.outcomes.map(outcomeFromWorker) });
  }

  private stop(reason: Error): void {
    if (this.stopped) return;
    this.stopped = reason;
    // Whether the batches in flight were committed is unknown: they fail, but not as "not written".
    for (const done of this.inFlight.splice(0)) done({ failure: reason });
  }

  /** Asks the worker and blocks until it answers: it answers after the batch it may be writing. */
  private callSync(message: { readonly kind: 'call'; readonly method: string; readonly pages?: number }): unknown {
    if (this.stopped) throw this.stopped;
    Atomics.store(this.flag, 0, 0);
    this.worker.postMessage(message);
    const waited = Atomics.wait(this.flag, 0, 0, this.callTimeoutMs);
    const received = receiveMessageOnPort(this.calls) as { message: CallAnswer } | undefined;
    if (received === undefined) throw new Error(`The event store's writer thread did not answer (${waited})`);
    const answer = received.message;
    if (!answer.ok) throw fromWorker(answer.error);
    return answer.value;
  }
}

function outcomeFromWorker(outcome: WriteOutcome): WriteOutcome {
  return outcome.ok || outcome.conflict ? outcome : { ok: false, error: fromWorker(outcome.error) };
}

/** A worker's error description as an Error again, with its name, message, code and the worker's stack. */
function fromWorker(description: unknown): unknown {
  const described = description as Partial<ErrorDescription> | null;
  if (described === null || typeof described !== 'object' || described.described !== true) return description;
  const error = new Error(described.message) as Error & { code?: unknown };
  error.name = described.name ?? 'Error';
  if (described.code !== undefined) error.code = described.code;
  if (described.stack !== undefined) error.stack = described.stack;
  return error;
}
