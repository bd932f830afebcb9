import { InMemoryEventStore } from '@corbeille/event-store';
import { EventLogSeedStore, SEED_STREAM_PREFIX } from './event-log-seed-store';

const KEY = 'k'.repeat(64);
const SEED = 'ab'.repeat(32);

describe('EventLogSeedStore', () => {
  it('shares seeds between instances on one store, first writer wins, and keeps them sealed in the log', async () => {
    const log = new InMemoryEventStore();
    const first = new EventLogSeedStore(log, KEY);
    const second = new EventLogSeedStore(log, KEY);
    expect(await second.get('g1')).toBeUndefined();
    expect(await first.getOrCreate('g1', SEED)).toEqual({ seed: SEED, epoch: 0 });
    expect(await second.getOrCreate('g1', 'cd'.repeat(32))).toEqual({ seed: SEED, epoch: 0 });
    expect(await second.get('g1')).toEqual({ seed: SEED, epoch: 0 });
    expect(JSON.stringify(await log.readAll())).not.toContain(SEED);
    expect((await log.readStream(`${SEED_STREAM_PREFIX}g1`)).map((event) => event.type)).toEqual(['SeedSealed']);
  });

  it('advances an epoch once, whichever instance asks first', async () => {
    const log = new InMemoryEventStore();
    const first = new EventLogSeedStore(log, KEY);
    const second = new EventLogSeedStore(log, KEY);
    await first.getOrCreate('g2', SEED);
    await second.get('g2');
    expect(await first.advance('g2', 0, '11'.repeat(32))).toEqual({ seed: '11'.repeat(32), epoch: 1 });
    expect(await second.advance('g2', 0, '22'.repeat(32))).toEqual({ seed: '11'.repeat(32), epoch: 1 });
    expect(await second.get('g2', 0)).toEqual({ seed: SEED, epoch: 0 });
    await expect(first.advance('none', 0, SEED)).rejects.toThrow('has no seed');
  });

  it('refuses a short key, and says so when a seed was sealed with another key', async () => {
    const log = new InMemoryEventStore();
    expect(() => new EventLogSeedStore(log, 'short')).toThrow('SEEDS_KEY must be at least 32 characters');
    await new EventLogSeedStore(log, KEY).getOrCreate('g3', SEED);
    await expect(new EventLogSeedStore(log, 'x'.repeat(64)).get('g3')).rejects.toThrow('cannot be opened with this SEEDS_KEY');
  });
});
