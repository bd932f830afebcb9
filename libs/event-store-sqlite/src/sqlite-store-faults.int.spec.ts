import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StoreUnavailableError, type NewEvent } from '@corbeille/event-store';
import { SqliteEventStore } from './sqlite-event-store';

const Database = createRequire(__filename)('better-sqlite3') as new (path: string) => { exec(sql: string): void; close(): void };

function event(index: number, size = 500): NewEvent {
  return {
    type: 'Happened',
    data: { index, padding: 'x'.repeat(size) },
    metadata: { commandId: `c${index}`, actor: 'p1', correlationId: 'r', causationId: 'c', occurredAt: '2026-01-01T00:00:00.000Z' },
  };
}

describe.each(['thread', 'inline'] as const)('SqliteEventStore under store faults (%s writer)', (writer) => {
  let dir: string;
  let path: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sqlite-faults-'));
    path = join(dir, 'events.sqlite');
  });

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails an append on a full database with StoreUnavailableError("full"), fails its whole group commit, and appends again once there is room', async () => {
    const store = new SqliteEventStore({ path, writer });
    try {
      await store.appendToStream('s-0', [event(0)], 'no-stream');
      store.limitPageCount(1);
      // One group commit. SQLite rolls the whole transaction back on SQLITE_FULL: then every append of
      // the batch fails, none is written, none is left to commit on its own.
      const results = await Promise.allSettled(Array.from({ length: 40 }, (_, index) => store.appendToStream(`s-${index + 1}`, [event(index + 1)], 'no-stream')));
      const failed = results.filter((result) => result.status === 'rejected');
      expect(failed.length).toBeGreaterThan(0);
      for (const result of failed) {
        expect(result.reason).toBeInstanceOf(StoreUnavailableError);
        expect(result.reason).toMatchObject({ reason: 'full', cause: expect.objectContaining({ code: 'SQLITE_FULL' }) });
      }
      const kept = results.filter((result) => result.status === 'fulfilled').length;
      expect(kept).toBe(0);
      expect(await store.readAll()).toHaveLength(1 + kept);
      // Alone, an append that does not fit (several pages) fails too, and writes nothing.
      await expect(store.appendToStream('s-alone', [event(98, 20_000)], 'no-stream')).rejects.toMatchObject({ reason: 'full' });
      expect(await store.streamRevision('s-alone')).toBeUndefined();
      store.limitPageCount(100_000);
      await store.appendToStream('s-after', [event(99)], 'no-stream');
      expect(await store.readAll()).toHaveLength(2 + kept);
    } finally {
      await store.close();
    }
  });

  it('fails an append with StoreUnavailableError("busy") when another connection holds the lock beyond the busy timeout', async () => {
    const store = new SqliteEventStore({ path, busyTimeoutMs: 100, writer });
    const other = new Database(path);
    try {
      await store.appendToStream('s', [event(0)], 'no-stream');
      other.exec('BEGIN IMMEDIATE');
      await expect(store.appendToStream('s', [event(1)], 0)).rejects.toMatchObject({ name: 'StoreUnavailableError', reason: 'busy' });
      other.exec('ROLLBACK');
      await expect(store.appendToStream('s', [event(1)], 0)).resolves.toMatchObject({ nextExpectedRevision: 1 });
    } finally {
      other.close();
      await store.close();
    }
  });

  it('refuses a page count that is not a positive integer', async () => {
    const store = new SqliteEventStore({ path, writer });
    try {
      expect(() => store.limitPageCount(0)).toThrow(RangeError);
    } finally {
      await store.close();
    }
  });
});
