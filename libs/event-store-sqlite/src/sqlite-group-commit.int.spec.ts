import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type NewEvent, type RecordedEvent, StoreUnavailableError, WrongExpectedRevisionError } from '@corbeille/event-store';
import { SqliteEventStore, type SqliteWriterMode } from './sqlite-event-store';

interface Connection {
  exec(sql: string): void;
  prepare(sql: string): { get(...params: unknown[]): unknown };
  close(): void;
}

const Database = createRequire(__filename)('better-sqlite3') as new (path: string) => Connection;
const run = promisify(execFile);

describe('SqliteEventStore group commit', () => {
  let dir: string;
  let path: string;
  const opened: SqliteEventStore[] = [];
  const connections: Connection[] = [];

  function open(options: { writer?: SqliteWriterMode; busyTimeoutMs?: number; path?: string } = {}): SqliteEventStore {
    // These tests are about the worker thread: it is what a file gets here unless a test says otherwise.
    const store = new SqliteEventStore({ path, writer: 'thread', ...options });
    opened.push(store);
    return store;
  }

  /** Another connection to the file, as another process would have. */
  function connect(): Connection {
    const connection = new Database(path);
    connections.push(connection);
    return connection;
  }

  function count(connection: Connection, streamId?: string): number {
    const sql = streamId === undefined ? 'SELECT count(*) AS n FROM events' : 'SELECT count(*) AS n FROM events WHERE stream_id = ?';
    const row = (streamId === undefined ? connection.prepare(sql).get() : connection.prepare(sql).get(streamId)) as { n: number };
    return row.n;
  }

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'corbeille-group-commit-'));
    path = join(dir, 'events.sqlite');
  });

  afterEach(async () => {
    for (const connection of connections.splice(0)) connection.close();
    await Promise.all(opened.splice(0).map((store) => store.close()));
    await rm(dir, { recursive: true, force: true });
  });

  it('writes inline by default, a file in a worker thread on request, and a :memory: database always inline', () => {
    const byDefault = new SqliteEventStore({ path: join(dir, 'default.sqlite') });
    opened.push(byDefault);
    expect(byDefault.writerMode).toBe('inline');
    expect(open().writerMode).toBe('thread');
    expect(open({ path: ':memory:' }).writerMode).toBe('inline');
    expect(open({ path: ':memory:', writer: 'thread' }).writerMode).toBe('inline');
    expect(open({ path: join(dir, 'inline.sqlite'), writer: 'inline' }).writerMode).toBe('inline');
  });

  it('keeps the event loop running while a commit waits for the write lock in the worker', async () => {
    const store = open({ busyTimeoutMs: 5_000 });
    await store.appendToStream('game-1', events(1), 'no-stream');
    const other = connect();
    other.exec('BEGIN IMMEDIATE');
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 5);
    // Only a free event loop can run this timer and let the append through.
    const release = setTimeout(() => other.exec('ROLLBACK'), 300);
    try {
      const started = Date.now();
      await expect(store.appendToStream('game-1', events(1), 0)).resolves.toMatchObject({ nextExpectedRevision: 1 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(ticks).toBeGreaterThan(10);
    } finally {
      clearInterval(ticker);
      clearTimeout(release);
    }
  });

  it('commits the appends to several streams made in one turn together, in the order they were made', async () => {
    const store = open();
    const before = store.groupCommits();

    const results = await Promise.all(Array.from({ length: 10 }, (_, index) => store.appendToStream(`game-${index}`, events(2), 'no-stream')));

    expect(store.groupCommits()).toEqual({ batches: before.batches + 1, appends: before.appends + 10, transactions: before.transactions + 1 });
    const positions = results.map((result) => result.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(await store.readAll()).toHaveLength(20);
  });

  it('writes together, in one transaction, the batches that came while the writer was busy, each append still checked on its own', async () => {
    const store = open();
    await store.appendToStream('game-0', events(1), 'no-stream');
    const delivered: RecordedEvent[] = [];
    store.subscribeToAll((event) => void delivered.push(event));
    await waitFor(() => delivered.length === 1);
    const reads = jest.spyOn(store as unknown as { readAfter(after: number, limit: number): RecordedEvent[] }, 'readAfter');
    const other = connect();
    other.exec('BEGIN IMMEDIATE');
    const before = store.groupCommits();

    const first = store.appendToStream('game-1', events(1), 'no-stream');
    await pause(50);
    const second = store.appendToStream('game-1', events(1), 'no-stream');
    await pause(10);
    const third = store.appendToStream('game-3', events(2), 'no-stream');
    await pause(10);
    other.exec('ROLLBACK');

    const results = await Promise.allSettled([first, second, third]);
    expect(store.groupCommits()).toEqual({ batches: before.batches + 3, appends: before.appends + 3, transactions: before.transactions + 2 });
    expect(results[0]).toMatchObject({ status: 'fulfilled', value: { position: 2 } });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: new WrongExpectedRevisionError('game-1', 'no-stream', 0) });
    expect(results[2]).toMatchObject({ status: 'fulfilled', value: { position: 4 } });
    await waitFor(() => delivered.length === 4);
    // The subscription was handed each batch's events, the second batch's position included.
    expect(reads).not.toHaveBeenCalled();
    expect(delivered).toEqual(await store.readAll());
  });

  it('resolves an append and tells the subscriptions only once its transaction is committed', async () => {
    const store = open();
    const delivered: RecordedEvent[] = [];
    store.subscribeToAll((event) => {
      delivered.push(event);
    });
    const other = connect();
    other.exec('BEGIN IMMEDIATE');
    let resolved = false;
    const append = store.appendToStream('game-1', events(2), 'no-stream').then((result) => {
      resolved = true;
      // Committed: another connection sees it.
      expect(count(connect())).toBe(2);
      return result;
    });

    await pause(100);
    expect(resolved).toBe(false);
    expect(delivered).toHaveLength(0);
    other.exec('ROLLBACK');

    await expect(append).resolves.toMatchObject({ nextExpectedRevision: 1 });
    await waitFor(() => delivered.length === 2);
    expect(delivered).toEqual(await store.readAll());
  });

  it('hands the committed events to its subscriptions, each with copies of its own, instead of their reading them back', async () => {
    const store = open();
    await store.appendToStream('game-0', events(1), 'no-stream');
    const first: RecordedEvent[] = [];
    const second: RecordedEvent[] = [];
    const games: RecordedEvent[] = [];
    store.subscribeToAll((event) => void first.push(event));
    store.subscribeToAll((event) => void second.push(event));
    store.subscribeToAll((event) => void games.push(event), { streamPrefix: 'game-2' });
    await waitFor(() => first.length === 1 && second.length === 1);
    const reads = jest.spyOn(store as unknown as { readAfter(after: number, limit: number): RecordedEvent[] }, 'readAfter');

    await Promise.all([store.appendToStream('game-1', events(2), 'no-stream'), store.appendToStream('game-2', events(3), 'no-stream')]);
    await store.appendToStream('game-1', events(1), 1);
    await waitFor(() => first.length === 7 && second.length === 7 && games.length === 3);

    expect(reads).not.toHaveBeenCalled();
    reads.mockRestore();
    const all = await store.readAll();
    expect(first).toEqual(all);
    expect(second).toEqual(all);
    expect(games).toEqual(all.filter((event) => event.streamId === 'game-2'));
    first.forEach((event, index) => {
      expect(event.data).not.toBe(second[index]?.data);
      expect(event.metadata).not.toBe(second[index]?.metadata);
    });
  });

  it('reads the log for its subscriptions when another connection appended before its own batch', async () => {
    const store = open();
    const delivered: RecordedEvent[] = [];
    store.subscribeToAll((event) => void delivered.push(event));
    await store.appendToStream('game-1', events(1), 'no-stream');
    await waitFor(() => delivered.length === 1);

    const other = open();
    await other.appendToStream('game-2', events(2), 'no-stream');
    await store.appendToStream('game-1', events(1), 0);
    await waitFor(() => delivered.length === 4);

    expect(delivered).toEqual(await store.readAll());
  });

  it('on close, waits for the batch being written and the appends gathered behind it, and refuses appends made after', async () => {
    const store = open();
    const other = connect();
    other.exec('BEGIN IMMEDIATE');
    const inFlight = store.appendToStream('game-1', events(2), 'no-stream');
    await pause(30);
    const gathered = store.appendToStream('game-2', events(1), 'no-stream');
    const closed = store.close();
    const refused = store.appendToStream('game-3', events(1), 'no-stream');
    await expect(refused).rejects.toThrow('closed');
    await pause(50);
    other.exec('ROLLBACK');

    await closed;
    expect(await inFlight).toMatchObject({ nextExpectedRevision: 1 });
    expect(await gathered).toMatchObject({ nextExpectedRevision: 0 });
    expect(() => store.subscribeToAll(() => undefined)).toThrow('closed');
    await expect(store.close()).resolves.toBeUndefined();

    const reopened = open();
    expect((await reopened.readAll()).map((event) => event.streamId)).toEqual(['game-1', 'game-1', 'game-2']);
  });

  it('lets a process that never closes its store exit once its appends are committed', async () => {
    const { stdout } = await run(process.execPath, ['-r', '@swc-node/register', join(__dirname, 'testing', 'unclosed-store.ts'), path], {
      cwd: join(__dirname, '..'),
      timeout: 15_000,
    });

    expect(JSON.parse(stdout)).toEqual({ result: { nextExpectedRevision: 0, position: 1 }, writer: 'thread' });
    expect(count(connect(), 'unclosed')).toBe(1);
  }, 20_000);

  describe.each(['thread', 'inline'] as const)('with the %s writer', (writer) => {
    it('reports the settings of the connection that writes', () => {
      expect(open({ writer, busyTimeoutMs: 1_234 }).pragmas()).toEqual({ journalMode: 'wal', synchronous: 2, foreignKeys: true, busyTimeoutMs: 1_234 });
    });

    it('fails only the appends of a batch that conflict or that SQLite refuses, with the errors of the inline writer, and commits the others', async () => {
      const store = open({ writer });
      await store.appendToStream('game-1', events(1), 'no-stream');
      connect().exec(`CREATE TRIGGER refuse BEFORE INSERT ON events WHEN NEW.stream_id = 'refused' BEGIN SELECT RAISE(ABORT, 'refused by a trigger'); END`);

      const results = await Promise.allSettled([
        store.appendToStream('game-1', events(1), 0),
        store.appendToStream('refused', events(2), 'no-stream'),
        store.appendToStream('game-1', events(1), 0),
        store.appendToStream('game-2', events(1), 'no-stream'),
      ]);

      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
      const [, refused, conflict] = results;
      expect(refused).toMatchObject({ reason: { name: 'SqliteError', code: 'SQLITE_CONSTRAINT_TRIGGER', message: 'refused by a trigger' } });
      // The driver's own error inline (from Node's realm, not Jest's); an Error with the worker's stack from the thread.
      expect((refused as PromiseRejectedResult).reason).toMatchObject({ stack: expect.stringContaining('refused by a trigger') });
      expect((conflict as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(conflict).toMatchObject({ reason: { streamId: 'game-1', expected: 0, actual: 1 } });
      expect((await store.readAll()).map((event) => event.streamId)).toEqual(['game-1', 'game-1', 'game-2']);

      // Alone, the refused append fails the same way and writes nothing.
      await expect(store.appendToStream('refused', events(1), 'any')).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_TRIGGER' });
      await expect(store.appendToStream('game-2', events(1), 'no-stream')).rejects.toEqual(new WrongExpectedRevisionError('game-2', 'no-stream', 0));
      expect(await store.streamRevision('refused')).toBeUndefined();
    });

    it('fails every append of a batch that cannot take the write lock with StoreUnavailableError("busy")', async () => {
      const store = open({ writer, busyTimeoutMs: 50 });
      await store.appendToStream('game-1', events(1), 'no-stream');
      const other = connect();
      other.exec('BEGIN IMMEDIATE');
      let results: PromiseSettledResult<unknown>[];
      try {
        results = await Promise.allSettled([store.appendToStream('game-1', events(1), 0), store.appendToStream('game-2', events(1), 'no-stream')]);
      } finally {
        other.exec('ROLLBACK');
      }

      for (const result of results) {
        expect(result.status).toBe('rejected');
        const reason = (result as PromiseRejectedResult).reason as StoreUnavailableError;
        expect(reason).toBeInstanceOf(StoreUnavailableError);
        expect(reason).toMatchObject({ reason: 'busy', cause: { code: 'SQLITE_BUSY' } });
        expect(reason.message).toContain('database is locked');
      }
      await expect(store.appendToStream('game-2', events(1), 'no-stream')).resolves.toMatchObject({ position: 2 });
    });

    it('caps the file for the connection that writes, at once', async () => {
      const store = open({ writer });
      await store.appendToStream('game-1', events(1), 'no-stream');
      const pages = store.limitPageCount(1);
      expect(pages).toBeGreaterThan(1);
      await expect(store.appendToStream('game-2', [{ ...event(0), data: { padding: 'x'.repeat(50_000) } }], 'no-stream')).rejects.toMatchObject({ reason: 'full' });
      expect(store.limitPageCount(1_000_000)).toBe(1_000_000);
      await expect(store.appendToStream('game-2', events(1), 'no-stream')).resolves.toMatchObject({ nextExpectedRevision: 0 });
    });
  });
});

function event(index: number): NewEvent {
  return {
    type: 'Happened',
    data: { index },
    metadata: { commandId: `command-${index}`, actor: 'player-1', correlationId: 'r', causationId: `command-${index}`, occurredAt: '2026-01-01T00:00:00.000Z' },
  };
}

function events(count: number): NewEvent[] {
  return Array.from({ length: count }, (_, index) => event(index));
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitFor(condition: () => boolean, timeoutMs = 4_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms`);
    await pause(10);
  }
}
