import { createRequire } from 'node:module';

/*
 * The part of better-sqlite3's API this adapter uses. The package ships no type definitions; typing
 * it here, rather than declaring the 'better-sqlite3' module, keeps this adapter from imposing its
 * declaration on every program that compiles it alongside other users of the package.
 */

export interface RunResult {
  readonly changes: number;
  readonly lastInsertRowid: number | bigint;
}

export interface Statement<Params extends unknown[]> {
  run(...params: Params): RunResult;
  get(...params: Params): unknown;
  all(...params: Params): unknown[];
  /** Rows come back as arrays of column values (in SELECT order) instead of objects. */
  raw(toggle?: boolean): this;
}

export interface Transaction<Args extends unknown[], Result> {
  (...args: Args): Result;
  /** Runs inside BEGIN IMMEDIATE: takes the write lock before the first statement. */
  immediate(...args: Args): Result;
}

export interface SqliteDatabase {
  readonly open: boolean;
  /** Whether a transaction is open (SQLite rolls one back by itself after some errors, e.g. SQLITE_FULL). */
  readonly inTransaction: boolean;
  prepare<Params extends unknown[]>(sql: string): Statement<Params>;
  exec(sql: string): this;
  pragma(source: string, options?: { readonly simple?: boolean }): unknown;
  transaction<Args extends unknown[], Result>(fn: (...args: Args) => Result): Transaction<Args, Result>;
  close(): this;
}

interface DatabaseOptions {
  /** Milliseconds to wait for a lock held by another connection. */
  readonly timeout?: number;
}

type DatabaseConstructor = new (filename: string, options?: DatabaseOptions) => SqliteDatabase;

const load = createRequire(__filename);

/** The driver's entry file, for a worker thread to load the same driver. */
export function driverPath(): string {
  return load.resolve('better-sqlite3');
}

export function openDatabase(filename: string, options: DatabaseOptions): SqliteDatabase {
  const Database = load('better-sqlite3') as DatabaseConstructor;
  return new Database(filename, options);
}
