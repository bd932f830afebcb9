import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteSeedStore } from './sqlite-seed-store';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const C = 'c'.repeat(64);

describe('SqliteSeedStore', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'corbeille-seeds-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the first seed of a game across reopening, and never replaces it', async () => {
    const path = join(dir, 'events.secrets.sqlite');
    const store = new SqliteSeedStore({ path });
    expect(await store.get('g1')).toBeUndefined();
    expect(await store.getOrCreate('g1', A)).toEqual({ seed: A, epoch: 0 });
    expect(await store.getOrCreate('g1', B)).toEqual({ seed: A, epoch: 0 });
    await store.close();
    const reopened = new SqliteSeedStore({ path });
    expect(await reopened.get('g1')).toEqual({ seed: A, epoch: 0 });
    expect(await reopened.get('g2')).toBeUndefined();
    await reopened.close();
  });

  it('moves a game on to a new epoch once, from its current epoch only', async () => {
    const store = new SqliteSeedStore({ path: join(dir, 'seeds.sqlite') });
    await store.getOrCreate('g1', A);
    expect(await store.advance('g1', 0, B)).toEqual({ seed: B, epoch: 1 });
    // A second reveal of epoch 0 (it lost the race) changes nothing.
    expect(await store.advance('g1', 0, C)).toEqual({ seed: B, epoch: 1 });
    expect(await store.get('g1', 0)).toEqual({ seed: A, epoch: 0 });
    expect(await store.get('g1')).toEqual({ seed: B, epoch: 1 });
    await expect(store.advance('g2', 0, C)).rejects.toThrow('has no seed');
    await store.close();
  });
});
