import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteSeedStore } from './sqlite-seed-store';

describe('SqliteSeedStore', () => {
  it('keeps the first seed of a game across reopening, and never replaces it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'corbeille-seeds-'));
    try {
      const path = join(dir, 'events.secrets.sqlite');
      const store = new SqliteSeedStore({ path });
      expect(await store.get('g1')).toBeUndefined();
      expect(await store.getOrCreate('g1', 'a'.repeat(64))).toBe('a'.repeat(64));
      expect(await store.getOrCreate('g1', 'b'.repeat(64))).toBe('a'.repeat(64));
      await store.close();
      const reopened = new SqliteSeedStore({ path });
      expect(await reopened.get('g1')).toBe('a'.repeat(64));
      expect(await reopened.get('g2')).toBeUndefined();
      await reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
