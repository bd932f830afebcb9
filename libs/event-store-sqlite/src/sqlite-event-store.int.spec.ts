import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type NewEvent, type RecordedEvent, WrongExpectedRevisionError } from '@corbeille/event-store';
import { describeEventStoreContract } from '@corbeille/event-store/testing';
import { SqliteEventStore, openSqliteEventStore } from './sqlite-event-store';
import type { AppendWorkerResult, AppendWorkerTask } from './testing/append-worker';

const run = promisify(execFile);

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'corbeille-sqlite-'));
}

describeEventStoreContract('sqlite (file)', async () => {
  const dir = await tempDir();
  return {
    store: new SqliteEventStore({ path: join(dir, 'events.sqlite') }),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});

describeEventStoreContract('sqlite (file, writer thread)', async () => {
  const dir = await tempDir();
  return {
    store: new SqliteEventStore({ path: join(dir, 'events.sqlite'), writer: 'thread' }),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});

describeEventStoreContract('sqlite (:memory:)', async () => ({ store: new SqliteEventStore({ path: ':memory:' }) }));

describe('SqliteEventStore', () => {
  let dir: string;
  let path: string;
  const opened: SqliteEventStore[] = [];

  function open(options: { pollIntervalMs?: number } = {}): SqliteEventStore {
    const store = openSqliteEventStore(path, options);
    opened.push(store);
    return store;
  }

  beforeEach(async () => {
    dir = await tempDir();
    path = join(dir, 'events.sqlite');
  });

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps events across close and reopen, and goes on numbering after them', async () => {
    const first = open();
    await first.appendToStream('game-1', events(3), 'no-stream');
    const before = await first.readAll();
    await first.close();

    const second = open();
    expect(await second.readAll()).toEqual(before);
    expect(await second.streamRevision('game-1')).toBe(2);
    await expect(second.appendToStream('game-1', events(1), 1)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    const next = await second.appendToStream('game-1', events(1), 2);
    expect(next.position).toBeGreaterThan(before.at(-1)?.position ?? Number.NaN);
  });

  it('creates the parent directory of the database file', async () => {
    path = join(dir, 'nested', 'deeper', 'events.sqlite');
    const store = open();

    await store.appendToStream('game-1', events(1), 'no-stream');
    expect(await store.readStream('game-1')).toHaveLength(1);
  });

  it('runs with WAL, synchronous=FULL, foreign keys and a busy timeout', () => {
    expect(open().pragmas()).toEqual({ journalMode: 'wal', synchronous: 2, foreignKeys: true, busyTimeoutMs: 5_000 });
  });

  it('lets exactly one of concurrent appends through two connections to the same file win', async () => {
    const a = open();
    const b = open();
    await a.appendToStream('game-1', events(1), 'no-stream');

    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, writer) => (writer % 2 === 0 ? a : b).appendToStream('game-1', events(2), 0)),
    );

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await b.readStream('game-1')).toHaveLength(3);
    expect(await a.readStream('game-1')).toEqual(await b.readStream('game-1'));
  });

  it('delivers to a subscriber on one connection the events appended through another', async () => {
    const a = open({ pollIntervalMs: 50 });
    const b = open();
    await b.appendToStream('game-1', events(2), 'no-stream');
    const delivered: RecordedEvent[] = [];
    a.subscribeToAll((event) => {
      delivered.push(event);
    });

    await waitFor(() => delivered.length === 2);
    await b.appendToStream('game-1', events(2), 1);
    await b.appendToStream('game-2', events(1), 'no-stream');
    await waitFor(() => delivered.length === 5);

    expect(delivered).toEqual(await b.readAll());
  });

  it('commits the appends of one event-loop turn together, each still checked and atomic on its own', async () => {
    const store = open();
    await store.appendToStream('game-1', events(2), 'no-stream');

    const results = await Promise.allSettled([
      store.appendToStream('game-1', events(1), 1),
      store.appendToStream('game-1', events(1), 1),
      store.appendToStream('game-1', events(2), 2),
      store.appendToStream('game-2', events(3), 'no-stream'),
      store.appendToStream('game-3', events(1), 0),
    ]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'rejected']);
    expect(results[1]).toMatchObject({ reason: expect.any(WrongExpectedRevisionError) });
    expect(results[2]).toMatchObject({ status: 'fulfilled', value: { nextExpectedRevision: 4 } });
    expect((await store.readStream('game-1')).map((event) => event.revision)).toEqual([0, 1, 2, 3, 4]);
    expect(await store.readStream('game-2')).toHaveLength(3);
    expect(await store.streamRevision('game-3')).toBeUndefined();
    const positions = (await store.readAll()).map((event) => event.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('writes the appends still waiting for their commit when it is closed, and refuses appends after', async () => {
    const store = open();
    const pending = store.appendToStream('game-1', events(2), 'no-stream');
    await store.close();
    expect(await pending).toMatchObject({ nextExpectedRevision: 1 });
    await expect(store.appendToStream('game-1', events(1), 1)).rejects.toThrow('closed');

    const reopened = open();
    expect(await reopened.readStream('game-1')).toHaveLength(2);
  });

  it('returns from appendToStreamRecorded exactly the events a read returns, and refuses like appendToStream', async () => {
    const store = open();
    await store.appendToStream('other', events(3), 'no-stream');
    const [first, second] = await Promise.all([
      store.appendToStreamRecorded('game-1', events(3), 'no-stream'),
      store.appendToStreamRecorded('game-2', events(2), 'no-stream'),
    ]);

    expect(first?.events).toEqual(await store.readStream('game-1'));
    expect(second?.events).toEqual(await store.readStream('game-2'));
    expect(first?.result).toEqual({ nextExpectedRevision: 2, position: first?.events[2]?.position });
    await expect(store.appendToStreamRecorded('game-1', events(1), 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store.appendToStreamRecorded('game-1', [], 2)).toEqual({ result: first?.result, events: [] });
  });

  it('gives events increasing ids', async () => {
    const store = open();
    for (let i = 0; i < 5; i++) await store.appendToStream(`game-${i % 2}`, events(30), 'any');
    const ids = (await store.readAll()).map((event) => event.id);
    expect(new Set(ids).size).toBe(150);
    expect(ids).toEqual([...ids].sort());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('reads long streams and logs whole, across its internal pages', async () => {
    const store = open();
    await store.appendToStream('long', events(2_345), 'no-stream');
    await store.appendToStream('other', events(10), 'no-stream');

    expect((await store.readStream('long')).map((event) => event.revision)).toEqual(Array.from({ length: 2_345 }, (_, i) => i));
    expect((await store.readStream('long', { fromRevision: 999, maxCount: 1_002 })).map((event) => event.revision)).toEqual(
      Array.from({ length: 1_002 }, (_, i) => i + 999),
    );
    expect((await store.readStream('long', { direction: 'backwards' })).map((event) => event.revision)).toEqual(
      Array.from({ length: 2_345 }, (_, i) => 2_344 - i),
    );
    expect(await store.readAll()).toHaveLength(2_355);
    expect(await store.readAll({ afterPosition: 5, maxCount: 2_001 })).toHaveLength(2_001);
  });

  it('lets exactly one of several processes appending with the same expected revision win', async () => {
    const store = open();
    await store.appendToStream('game-1', events(1), 'no-stream');
    const startAt = Date.now() + 1_500;

    const results = await Promise.all(
      Array.from({ length: 6 }, (_, worker) => runWorker({ kind: 'race', path, streamId: 'game-1', worker, startAt })),
    );

    expect(results.filter((result) => 'won' in result && result.won)).toHaveLength(1);
    expect(await store.readStream('game-1')).toHaveLength(2);
  }, 20_000);

  it('keeps revisions dense and loses no event when several processes append to one stream', async () => {
    const store = open();
    const workers = 4;
    const count = 25;

    await Promise.all(
      Array.from({ length: workers }, (_, worker) => runWorker({ kind: 'retry', path, streamId: 'game-1', worker, count })),
    );

    const read = await store.readStream('game-1');
    expect(read.map((event) => event.revision)).toEqual(Array.from({ length: workers * count }, (_, index) => index));
    const written = read.map((event) => event.data as { worker: number; index: number });
    for (let worker = 0; worker < workers; worker++) {
      expect(written.filter((data) => data.worker === worker).map((data) => data.index)).toEqual(
        Array.from({ length: count }, (_, index) => index),
      );
    }
  }, 20_000);
});

async function runWorker(task: AppendWorkerTask): Promise<AppendWorkerResult> {
  const { stdout } = await run(
    process.execPath,
    ['-r', '@swc-node/register', join(__dirname, 'testing', 'append-worker.ts'), JSON.stringify(task)],
    { cwd: join(__dirname, '..') },
  );
  return JSON.parse(stdout) as AppendWorkerResult;
}

function events(count: number): NewEvent[] {
  return Array.from({ length: count }, (_, index) => ({
    type: 'Happened',
    data: { index },
    metadata: {
      commandId: `command-${index}`,
      actor: 'player-1',
      correlationId: `correlation-${index}`,
      causationId: `command-${index}`,
      occurredAt: new Date().toISOString(),
    },
  }));
}

async function waitFor(condition: () => boolean, timeoutMs = 4_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
