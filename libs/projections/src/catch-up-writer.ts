import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { READ_MODEL_WRITES } from './read-model-db';

/** Rows for the transaction being folded, flattened into arrays of column values (cheap to hand over). */
export interface CatchUpRows {
  /** 4 values a row: game_id, position, player_id, entry. */
  readonly trades: (string | number)[];
  /** 6 values a line: game_id, position, sequence, player_id, kind, entry. */
  readonly ledger: (string | number | null)[];
}

/** The end of a catch-up transaction: the changed games' rows (9 values each) and the checkpoint. */
export interface CatchUpCommit {
  readonly games: (string | number)[];
  readonly checkpoint: { readonly name: string; readonly position: number };
}

type RequestBody =
  | { readonly kind: 'rows'; readonly rows: CatchUpRows }
  | { readonly kind: 'commit'; readonly commit: CatchUpCommit }
  | { readonly kind: 'exec'; readonly sql: readonly string[] }
  | { readonly kind: 'close' };
type Reply = { readonly id: number; readonly ok: true } | { readonly id: number; readonly ok: false; readonly message: string; readonly code: unknown; readonly stack: string | undefined };

/*
 * The writing thread, in plain JavaScript (`eval: true`), so that it needs no TypeScript loader and runs
 * alike under Jest, `node -r @swc-node/register` and plain Node. It has its own connection to the file,
 * configured as ReadModelDb configures its own, and writes each request in one transaction.
 */
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const { sql } = workerData;
const db = new Database(workerData.path, { timeout: 30000 });
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('cache_size = -65536');
const saveTrade = db.prepare(sql.saveTrade);
const saveLedger = db.prepare(sql.saveLedger);
const saveGame = db.prepare(sql.saveGame);
const saveCheckpoint = db.prepare(sql.saveCheckpoint);
// Rows are kept until their transaction's commit and written then: the write lock is held only while writing.
let trades = [];
let ledger = [];
const write = db.transaction((commit) => {
  for (const rows of trades) for (let i = 0; i < rows.length; i += 4) saveTrade.run(rows[i], rows[i + 1], rows[i + 2], rows[i + 3]);
  for (const rows of ledger) for (let i = 0; i < rows.length; i += 6) saveLedger.run(rows[i], rows[i + 1], rows[i + 2], rows[i + 3], rows[i + 4], rows[i + 5]);
  const games = commit.games;
  for (let i = 0; i < games.length; i += 9) saveGame.run(games[i], games[i + 1], games[i + 2], games[i + 3], games[i + 4], games[i + 5], games[i + 6], games[i + 7], games[i + 8]);
  saveCheckpoint.run(commit.checkpoint.name, commit.checkpoint.position);
});
function describe(error) {
  return { message: String(error && error.message), code: error && error.code, stack: error && error.stack };
}
parentPort.on('message', (request) => {
  if (request.kind === 'rows') {
    if (request.rows.trades.length > 0) trades.push(request.rows.trades);
    if (request.rows.ledger.length > 0) ledger.push(request.rows.ledger);
    return;
  }
  try {
    if (request.kind === 'commit') {
      try {
        write.immediate(request.commit);
      } finally {
        trades = [];
        ledger = [];
      }
    } else if (request.kind === 'exec') for (const statement of request.sql) db.exec(statement);
    else {
      db.close();
      parentPort.postMessage({ id: request.id, ok: true });
      parentPort.close();
      return;
    }
    parentPort.postMessage({ id: request.id, ok: true });
  } catch (error) {
    parentPort.postMessage({ id: request.id, ok: false, ...describe(error) });
  }
});
`;

const load = createRequire(__filename);

/**
 * Writes a catch-up's rows from a worker thread, so that the thread folding the log does not also wait
 * for SQLite to insert them: while one transaction is written, the next is folded. Rows are handed over
 * as they are made (so they die young on the folding thread) and written by their transaction's commit,
 * in order; a commit resolves once committed. Only for read models in a file.
 */
export class CatchUpWriter {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: () => void; reject: (error: unknown) => void }>();
  private nextId = 0;
  private failure: unknown;

  constructor(path: string) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { path, driver: load.resolve('better-sqlite3'), sql: READ_MODEL_WRITES },
    });
    this.worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (!waiting) return;
      if (reply.ok) waiting.resolve();
      else waiting.reject(Object.assign(new Error(reply.message), { code: reply.code, stack: reply.stack }));
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => {
      if (this.pending.size > 0) this.fail(new Error(`The read-model writer stopped (exit code ${code}) with writes pending`));
    });
  }

  /** Hands over rows of the transaction being folded (no reply: they are written at its commit). */
  rows(rows: CatchUpRows): void {
    if (this.failure === undefined && (rows.trades.length > 0 || rows.ledger.length > 0)) this.worker.postMessage({ kind: 'rows', rows });
  }

  /** Writes the transaction: its rows handed over so far, these game rows and the checkpoint. */
  commit(commit: CatchUpCommit): Promise<void> {
    return this.request({ kind: 'commit', commit });
  }

  /** Runs statements (e.g. index creation) after the writes made before. */
  exec(sql: readonly string[]): Promise<void> {
    return this.request({ kind: 'exec', sql });
  }

  async close(): Promise<void> {
    if (this.failure) {
      await this.worker.terminate();
      return;
    }
    await this.request({ kind: 'close' });
  }

  private request(request: Exclude<RequestBody, { kind: 'rows' }>): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId;
    this.nextId += 1;
    return new Promise<void>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private fail(error: unknown): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
