import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { EventMetadata, NewEvent } from '@corbeille/event-store';
import { describeEventStoreContract } from '@corbeille/event-store/testing';
// The SQLite adapter is only used by these tests, to check the decorator over a real file.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { SqliteEventStore } from '@corbeille/event-store-sqlite';
import { chainHash, chainOf } from './chain';
import { HashChainedEventStore } from './hash-chained-event-store';
import { type ChainVerification, verifyStoredStream } from './verify-stream-chain';

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'corbeille-integrity-'));
}

describeEventStoreContract('hash-chained over sqlite (file)', async () => {
  const dir = await tempDir();
  return {
    store: new HashChainedEventStore(new SqliteEventStore({ path: join(dir, 'events.sqlite') })),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});

let counter = 0;
function metadata(): EventMetadata {
  counter += 1;
  return { commandId: `c${counter}`, actor: 'ana', correlationId: `c${counter}`, causationId: `c${counter}`, occurredAt: '2026-04-01T10:00:00.000Z' };
}

function events(count: number, from = 0): NewEvent[] {
  return Array.from({ length: count }, (_, index) => ({ type: 'PriceChanged', data: { turn: from + index, stock: 'GOLD', to: 100 + from + index }, metadata: metadata() }));
}

interface Row {
  readonly position: number;
  readonly revision: number;
  readonly data: string;
  readonly metadata: string;
}

describe('hash chain over a SQLite file', () => {
  let dir: string;
  let path: string;
  let rows: Row[];

  /** Writes game-1 (8 events in 4 appends) interleaved with game-2, so positions and revisions differ. */
  beforeEach(async () => {
    dir = await tempDir();
    path = join(dir, 'events.sqlite');
    const store = new HashChainedEventStore(new SqliteEventStore({ path }));
    await store.appendToStream('game-1', events(2), 'no-stream');
    await store.appendToStream('game-2', events(3), 'no-stream');
    await store.appendToStream('game-1', events(3, 2), 1);
    await store.appendToStream('game-2', events(1, 3), 'any');
    await store.appendToStream('game-1', events(2, 5), 'any');
    await store.appendToStream('game-1', events(1, 7), 'stream-exists');
    await store.close();
    rows = withDatabase((db) => db.prepare("SELECT position, revision, data, metadata FROM events WHERE stream_id = 'game-1' ORDER BY revision").all() as Row[]);
  });

  afterEach(() => rm(dir, { recursive: true, force: true }));

  function withDatabase<T>(use: (db: Database.Database) => T): T {
    const db = new Database(path);
    try {
      return use(db);
    } finally {
      db.close();
    }
  }

  async function verify(streamId = 'game-1'): Promise<ChainVerification> {
    const store = new HashChainedEventStore(new SqliteEventStore({ path }));
    try {
      return await verifyStoredStream(store, streamId);
    } finally {
      await store.close();
    }
  }

  function row(revision: number): Row {
    const found = rows[revision];
    if (!found) throw new Error(`no row for revision ${revision}`);
    return found;
  }

  const found = (verification: ChainVerification) => verification.problems.map(({ kind, revision, position }) => ({ kind, revision, position }));

  it('verifies clean chains', async () => {
    expect(await verify('game-1')).toMatchObject({ ok: true, problems: [], eventsChecked: 8, head: { revision: 7, position: row(7).position } });
    expect(await verify('game-2')).toMatchObject({ ok: true, eventsChecked: 4 });
    expect(rows.map((candidate) => candidate.position)).not.toEqual(rows.map((candidate) => candidate.revision + 1));
  });

  it('reports data changed in the file at that exact position', async () => {
    const target = row(3);
    const data = { ...(JSON.parse(target.data) as Record<string, unknown>), to: 999 };
    withDatabase((db) => db.prepare('UPDATE events SET data = ? WHERE position = ?').run(JSON.stringify(data), target.position));

    const verification = await verify();
    expect(found(verification)).toEqual([{ kind: 'changed', revision: 3, position: target.position }]);
    expect(verification.ok).toBe(false);
    expect(await verify('game-2')).toMatchObject({ ok: true });
  });

  it('reports changed metadata at that exact position', async () => {
    const target = row(5);
    withDatabase((db) => db.prepare("UPDATE events SET metadata = json_set(metadata, '$.actor', 'ben') WHERE position = ?").run(target.position));

    expect(found(await verify())).toEqual([{ kind: 'changed', revision: 5, position: target.position }]);
  });

  it('does not mistake the same content written in another key order for a change', async () => {
    const target = row(2);
    const data = JSON.parse(target.data) as Record<string, unknown>;
    const reordered = Object.fromEntries(Object.entries(data).reverse());
    withDatabase((db) => db.prepare('UPDATE events SET data = ? WHERE position = ?').run(JSON.stringify(reordered), target.position));

    expect(await verify()).toMatchObject({ ok: true });
  });

  it('reports a deleted event as missing, at the event after the gap', async () => {
    const deleted = row(4);
    withDatabase((db) => db.prepare('DELETE FROM events WHERE position = ?').run(deleted.position));

    const verification = await verify();
    expect(found(verification)).toEqual([{ kind: 'missing', revision: 4, position: row(5).position }]);
    expect(verification.problems[0]?.detail).toBe(`revision 4 is missing between positions ${row(3).position} and ${row(5).position}`);
  });

  it('reports two events whose data were swapped, each at its position', async () => {
    const [a, b] = [row(1), row(6)];
    withDatabase((db) => {
      const update = db.prepare('UPDATE events SET data = ? WHERE position = ?');
      db.transaction(() => {
        update.run(b.data, a.position);
        update.run(a.data, b.position);
      })();
    });

    expect(found(await verify())).toEqual([
      { kind: 'changed', revision: 1, position: a.position },
      { kind: 'changed', revision: 6, position: b.position },
    ]);
  });

  it('reports two events whose revisions were swapped as reordered', async () => {
    const [a, b] = [row(2), row(3)];
    withDatabase((db) => {
      const update = db.prepare('UPDATE events SET revision = ? WHERE position = ?');
      db.transaction(() => {
        update.run(-1, a.position);
        update.run(2, b.position);
        update.run(3, a.position);
      })();
    });

    const problems = found(await verify());
    expect(problems.filter((problem) => problem.kind === 'reordered')).toEqual([
      { kind: 'reordered', revision: 2, position: b.position },
      { kind: 'reordered', revision: 3, position: a.position },
    ]);
  });

  it('reports an event rewritten with a recomputed (forged) hash at that exact position', async () => {
    const target = row(2);
    withDatabase((db) => {
      const stored = db.prepare('SELECT stream_id, revision, type, data, metadata FROM events WHERE position = ?').get(target.position) as {
        stream_id: string;
        revision: number;
        type: string;
        data: string;
        metadata: string;
      };
      const data = { ...(JSON.parse(stored.data) as Record<string, unknown>), to: 1 };
      const meta = JSON.parse(stored.metadata) as EventMetadata;
      const link = chainOf(meta);
      const hash = chainHash({ streamId: stored.stream_id, revision: stored.revision, type: stored.type, data, metadata: meta }, link?.previous ?? null);
      const forged = { ...meta, chain: { ...link, hash } };
      db.prepare('UPDATE events SET data = ?, metadata = ? WHERE position = ?').run(JSON.stringify(data), JSON.stringify(forged), target.position);
    });

    const verification = await verify();
    expect(found(verification)).toEqual([{ kind: 'broken-link', revision: 2, position: target.position }]);
    expect(verification.problems[0]?.detail).toContain('rewritten and its hash recomputed');
  });

  it('reports an event whose link was stripped as unchained', async () => {
    const target = row(6);
    withDatabase((db) => db.prepare("UPDATE events SET metadata = json_remove(metadata, '$.chain') WHERE position = ?").run(target.position));

    expect(found(await verify())).toEqual([{ kind: 'unchained', revision: 6, position: target.position }]);
  });

  it('hands the command handler its recorded events without links, chained in the file', async () => {
    const store = new HashChainedEventStore(new SqliteEventStore({ path }));
    try {
      const recorded = await store.appendToStreamRecorded('game-1', events(2, 8), 7);
      expect(recorded.result.nextExpectedRevision).toBe(9);
      expect(recorded.events).toEqual(await store.readStream('game-1', { fromRevision: 8 }));
      expect(recorded.events.map((event) => event.metadata['chain'])).toEqual([undefined, undefined]);
      expect(await verifyStoredStream(store, 'game-1')).toMatchObject({ ok: true, eventsChecked: 10 });
    } finally {
      await store.close();
    }
  });
});
