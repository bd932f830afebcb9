import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteSnapshotHistory, SqliteSnapshotStore } from './sqlite-snapshots';

describe('SQLite snapshots', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'corbeille-snapshots-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the latest snapshot of each stream with its command ids, across reopen, never going back', async () => {
    const path = join(dir, 'snapshots.sqlite');
    const store = new SqliteSnapshotStore({ path });
    expect(await store.load('s')).toBeUndefined();
    await store.save('s', { revision: 4, state: { phase: 'rolling', prices: { GOLD: 105 } }, commandIds: ['c1', 'c2'] });
    await store.save('s', { revision: 2, state: { stale: true }, commandIds: ['c1'] });
    await store.save('t', { revision: 0, state: null, commandIds: [] });
    store.close();

    const reopened = new SqliteSnapshotStore({ path });
    expect(await reopened.load('s')).toEqual({ revision: 4, state: { phase: 'rolling', prices: { GOLD: 105 } }, commandIds: ['c1', 'c2'] });
    expect(await reopened.load('t')).toEqual({ revision: 0, state: null, commandIds: [] });
    await reopened.save('s', { revision: 9, state: { phase: 'finished' }, commandIds: ['c1', 'c2', 'c3'] });
    expect((await reopened.load('s'))?.revision).toBe(9);
    reopened.close();
  });

  it('finds the latest snapshot at or before a revision or a position', async () => {
    const history = new SqliteSnapshotHistory({ path: join(dir, 'history.sqlite') });
    for (const revision of [9, 19, 29]) await history.save('s', { revision, position: revision * 3 + 1, state: { revision } });
    await history.save('other', { revision: 15, position: 2, state: { other: true } });

    expect(await history.latestAtOrBefore('s', { revision: 8 })).toBeUndefined();
    expect(await history.latestAtOrBefore('s', { revision: 9 })).toEqual({ revision: 9, position: 28, state: { revision: 9 } });
    expect((await history.latestAtOrBefore('s', { revision: 28 }))?.revision).toBe(19);
    expect((await history.latestAtOrBefore('s', { revision: 1_000 }))?.revision).toBe(29);
    expect(await history.latestAtOrBefore('s', { position: 27 })).toBeUndefined();
    expect((await history.latestAtOrBefore('s', { position: 58 }))?.revision).toBe(19);
    expect((await history.latestAtOrBefore('s', { position: 87 }))?.revision).toBe(19);
    expect((await history.latestAtOrBefore('s', { position: 88 }))?.revision).toBe(29);
    expect(history.count('s')).toBe(3);

    await history.save('s', { revision: 19, position: 58, state: { replaced: true } });
    expect((await history.latestAtOrBefore('s', { revision: 20 }))?.state).toEqual({ replaced: true });
    history.close();
  });

  it('refuses a state JSON cannot represent', async () => {
    const history = new SqliteSnapshotHistory({ path: ':memory:' });
    await expect(history.save('s', { revision: 0, position: 1, state: { amount: BigInt(1) } })).rejects.toThrow();
    expect(history.count('s')).toBe(0);
    history.close();
  });
});
