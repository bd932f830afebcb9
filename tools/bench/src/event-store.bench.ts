import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import type { ExpectedRevision, NewEvent, RecordedEvent } from '@corbeille/event-store';
import { SqliteEventStore, type SqliteWriterMode } from '@corbeille/event-store-sqlite';
import { commandMetadata, stockTickerGame } from './fixtures';
import { median, report, section } from './report';

/**
 * The SQLite adapter against better-sqlite3 used by hand on an identical table (same schema, WAL,
 * synchronous=FULL, one file each). The hand-written reference does the work any caller must do
 * (a UUID per row, JSON.stringify of data and metadata, a timestamp) and nothing else: no revision
 * check, no serialised writer, no result objects.
 */

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

export interface EventStoreBenchOptions {
  readonly dir: string;
  /** One-event appends per round. */
  readonly singleAppends: number;
  /** Appends per round of `batchSize` events each. */
  readonly batchAppends: number;
  readonly batchSize: number;
  /** Events stored before the read benchmark. */
  readonly readEvents: number;
  readonly rounds: number;
}

interface RawStore {
  readonly db: Database.Database;
  readonly insert: Database.Statement<[string, string, number, string, string, string, string]>;
  readonly revisions: Map<string, number>;
}

function openRaw(path: string): RawStore {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(SCHEMA);
  const insert = db.prepare<[string, string, number, string, string, string, string]>(
    'INSERT INTO events (id, stream_id, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  return { db, insert, revisions: new Map() };
}

function rawAppend(raw: RawStore, streamId: string, events: readonly NewEvent[]): void {
  const recordedAt = new Date().toISOString();
  let revision = raw.revisions.get(streamId) ?? -1;
  raw.db.transaction(() => {
    for (const event of events) {
      revision += 1;
      raw.insert.run(randomUUID(), streamId, revision, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata), recordedAt);
    }
  })();
  raw.revisions.set(streamId, revision);
}

/** A command's events: several events sharing one metadata object, as the command handler appends them. */
function commandEvents(streamId: string, command: number, count: number): NewEvent[] {
  const metadata = commandMetadata(streamId, command, 'p1', new Date(0).toISOString(), 'RollDice');
  return Array.from({ length: count }, (_, index) => ({
    type: index === 0 ? 'DiceRolled' : 'PriceChanged',
    data: { stock: 'GOLD', action: 'UP', amount: 10, from: 100 + index, to: 110 + index, dice: [1, 2, 3] },
    metadata,
  }));
}

async function storeAppends(store: SqliteEventStore, tag: string, from: number, appends: number, size: number, revisions: Map<string, number>): Promise<number> {
  const started = performance.now();
  for (let i = from; i < from + appends; i += 1) {
    const streamId = `bench-${tag}-${i % 20}`;
    const result = await store.appendToStream(streamId, commandEvents(streamId, i, size), revisions.get(streamId) ?? 'no-stream');
    revisions.set(streamId, result.nextExpectedRevision);
  }
  return performance.now() - started;
}

function rawAppends(raw: RawStore, tag: string, from: number, appends: number, size: number): number {
  const started = performance.now();
  for (let i = from; i < from + appends; i += 1) {
    const streamId = `bench-${tag}-${i % 20}`;
    rawAppend(raw, streamId, commandEvents(streamId, i, size));
  }
  return performance.now() - started;
}

/**
 * Rates (events/s) of each round for the store and the reference. Within a round the two take turns
 * every `chunk` appends, so that both see the same disk: fsync times on a shared virtual disk vary a lot.
 */
async function appendRates(options: EventStoreBenchOptions, size: number, appends: number): Promise<{ store: number[]; raw: number[] }> {
  const store = new SqliteEventStore({ path: join(options.dir, `append-${size}-store.sqlite`) });
  const raw = openRaw(join(options.dir, `append-${size}-raw.sqlite`));
  const revisions = new Map<string, number>();
  const rates = { store: [] as number[], raw: [] as number[] };
  const chunk = Math.max(1, Math.floor(appends / 20));
  try {
    // Warm both up (statement caches, WAL file creation).
    await storeAppends(store, 'warm', 0, 50, size, revisions);
    rawAppends(raw, 'warm', 0, 50, size);
    for (let round = 0; round < options.rounds; round += 1) {
      let storeMs = 0;
      let rawMs = 0;
      for (let from = 0; from < appends; from += chunk) {
        const count = Math.min(chunk, appends - from);
        storeMs += await storeAppends(store, `r${round}`, from, count, size, revisions);
        rawMs += rawAppends(raw, `r${round}`, from, count, size);
      }
      rates.store.push(((appends * size) / storeMs) * 1000);
      rates.raw.push(((appends * size) / rawMs) * 1000);
    }
  } finally {
    await store.close();
    raw.db.close();
  }
  return rates;
}

/** Concurrent writers, as the API's clients are: each awaits its append before the next. */
const CONCURRENT_WRITERS = 32;
const CONCURRENT_EVENTS = 3;

interface ConcurrentRun {
  readonly appends: number;
  readonly ms: number;
  /** Time the main thread's event loop was busy (not waiting for I/O or a message). */
  readonly mainBusyMs: number;
}

async function concurrentAppends(store: SqliteEventStore, tag: string, perWriter: number): Promise<ConcurrentRun> {
  const before = performance.eventLoopUtilization();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENT_WRITERS }, async (_, writer) => {
      const streamId = `concurrent-${tag}-${writer}`;
      let expected: ExpectedRevision = 'no-stream';
      for (let i = 0; i < perWriter; i += 1) expected = (await store.appendToStream(streamId, commandEvents(streamId, i, CONCURRENT_EVENTS), expected)).nextExpectedRevision;
    }),
  );
  const ms = performance.now() - started;
  return { appends: CONCURRENT_WRITERS * perWriter, ms, mainBusyMs: performance.eventLoopUtilization(before).active };
}

/**
 * The group commit written by the worker thread against the same written on the main thread, with 32
 * concurrent writers; the two take turns each round, on files of their own.
 */
async function concurrentRates(options: EventStoreBenchOptions): Promise<Record<SqliteWriterMode, ConcurrentRun[]>> {
  const perWriter = Math.max(5, Math.round(options.singleAppends / CONCURRENT_WRITERS));
  const stores = {
    thread: new SqliteEventStore({ path: join(options.dir, 'concurrent-thread.sqlite'), writer: 'thread' }),
    inline: new SqliteEventStore({ path: join(options.dir, 'concurrent-inline.sqlite'), writer: 'inline' }),
  };
  const runs: Record<SqliteWriterMode, ConcurrentRun[]> = { thread: [], inline: [] };
  try {
    for (const store of Object.values(stores)) await concurrentAppends(store, 'warm', 5);
    for (let round = 0; round < options.rounds; round += 1) {
      const order: SqliteWriterMode[] = round % 2 === 0 ? ['thread', 'inline'] : ['inline', 'thread'];
      for (const mode of order) runs[mode].push(await concurrentAppends(stores[mode], `r${round}`, perWriter));
    }
  } finally {
    await Promise.all(Object.values(stores).map((store) => store.close()));
  }
  return runs;
}

interface RawRow {
  position: number;
  id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  recorded_at: string;
}

/** What a hand-written reader does: iterate the rows and parse the two JSON columns. */
function rawReadAll(path: string): { count: number; ms: number } {
  const db = new Database(path, { readonly: true });
  try {
    const started = performance.now();
    let count = 0;
    let check = 0;
    const statement = db.prepare<[], RawRow>('SELECT position, id, stream_id, revision, type, data, metadata, recorded_at FROM events ORDER BY position');
    for (const row of statement.iterate()) {
      const data = JSON.parse(row.data) as unknown;
      const metadata = JSON.parse(row.metadata) as unknown;
      if (data !== null && metadata !== null) check += row.revision;
      count += 1;
    }
    const ms = performance.now() - started;
    if (check < 0) throw new Error('unreachable');
    return { count, ms };
  } finally {
    db.close();
  }
}

async function storeReadAll(store: SqliteEventStore, pageSize: number | undefined): Promise<{ count: number; ms: number }> {
  const started = performance.now();
  let count = 0;
  let check = 0;
  const consume = (events: readonly RecordedEvent[]) => {
    for (const event of events) if (event.data !== null && event.metadata !== null) check += event.revision;
    count += events.length;
  };
  if (pageSize === undefined) consume(await store.readAll());
  else {
    let after = 0;
    for (;;) {
      const page = await store.readAll({ afterPosition: after, maxCount: pageSize });
      if (page.length === 0) break;
      consume(page);
      after = page[page.length - 1]?.position ?? after;
    }
  }
  const ms = performance.now() - started;
  if (check < 0) throw new Error('unreachable');
  return { count, ms };
}

async function fillForReads(store: SqliteEventStore, count: number): Promise<number> {
  let written = 0;
  for (let game = 0; written < count; game += 1) {
    const generated = stockTickerGame({ gameId: `read-${game}`, seed: game + 1, players: 4, roundLimit: 35, bots: 'mixed' });
    const events = generated.events.slice(0, count - written);
    await store.appendToStream(generated.streamId, events, 'no-stream');
    written += events.length;
  }
  return written;
}

export async function benchEventStore(options: EventStoreBenchOptions): Promise<void> {
  section(`Embedded store (SQLite, WAL, synchronous=FULL), ${options.rounds} alternating rounds, medians`);

  const single = await appendRates(options, 1, options.singleAppends);
  report({
    name: 'single-event appends',
    value: median(single.store),
    unit: 'events/s',
    reference: { name: 'raw better-sqlite3 single-row transactions', value: median(single.raw) },
    goal: { kind: 'ratio-at-least', ratio: 0.8 },
    notes: [`${options.singleAppends} appends per round; store ${single.store.map(Math.round).join(', ')}; raw ${single.raw.map(Math.round).join(', ')}`],
  });

  const batched = await appendRates(options, options.batchSize, options.batchAppends);
  report({
    name: `batched appends (${options.batchSize} events per append)`,
    value: median(batched.store),
    unit: 'events/s',
    reference: { name: `raw better-sqlite3 ${options.batchSize}-row transactions`, value: median(batched.raw) },
    goal: { kind: 'ratio-at-least', ratio: 0.8 },
    notes: [`${options.batchAppends} appends per round; store ${batched.store.map(Math.round).join(', ')}; raw ${batched.raw.map(Math.round).join(', ')}`],
  });

  const concurrent = await concurrentRates(options);
  const rate = (run: ConcurrentRun) => (run.appends / run.ms) * 1000;
  const perMainSecond = (run: ConcurrentRun) => (run.appends / run.mainBusyMs) * 1000;
  const describeRuns = (runs: readonly ConcurrentRun[]) =>
    runs.map((run) => `${Math.round(rate(run))}/s, main thread busy ${Math.round((run.mainBusyMs / run.ms) * 100)}%`).join('; ');
  report({
    name: `${CONCURRENT_WRITERS} concurrent writers (${CONCURRENT_EVENTS}-event appends), group commit in the writer thread`,
    value: median(concurrent.thread.map(rate)),
    unit: 'appends/s',
    reference: { name: 'the same written on the main thread (the default)', value: median(concurrent.inline.map(rate)) },
    // Not a goal: it says what the optional writer thread (SQLITE_WRITER=thread) costs and frees.
    goal: { kind: 'none' },
    notes: [`thread: ${describeRuns(concurrent.thread)}`, `inline: ${describeRuns(concurrent.inline)}`],
  });
  report({
    name: `${CONCURRENT_WRITERS} concurrent writers: appends per second of main-thread time, writer thread`,
    value: median(concurrent.thread.map(perMainSecond)),
    unit: 'appends/s',
    reference: { name: 'the same written on the main thread', value: median(concurrent.inline.map(perMainSecond)) },
    goal: { kind: 'none' },
  });

  const path = join(options.dir, 'read.sqlite');
  const store = new SqliteEventStore({ path });
  try {
    const stored = await fillForReads(store, options.readEvents);
    const all: number[] = [];
    const paged: number[] = [];
    const raw: number[] = [];
    for (let round = 0; round < options.rounds; round += 1) {
      const a = await storeReadAll(store, undefined);
      const p = await storeReadAll(store, 1000);
      const r = rawReadAll(path);
      if (a.count !== stored || p.count !== stored || r.count !== stored) throw new Error(`Read ${a.count}/${p.count}/${r.count} of ${stored} events`);
      all.push((a.count / a.ms) * 1000);
      paged.push((p.count / p.ms) * 1000);
      raw.push((r.count / r.ms) * 1000);
    }
    const reference = { name: 'raw iterate() + JSON.parse of data and metadata', value: median(raw) };
    report({
      name: `readAll() of ${stored.toLocaleString('en-GB')} events, deserialised`,
      value: median(all),
      unit: 'events/s',
      reference,
      goal: { kind: 'ratio-at-least', ratio: 0.7 },
    });
    report({
      name: 'readAll() in pages of 1,000 (as the projections read)',
      value: median(paged),
      unit: 'events/s',
      reference,
      goal: { kind: 'ratio-at-least', ratio: 0.7 },
    });
  } finally {
    await store.close();
  }
}
