import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@corbeille/event-store-sqlite';
import { cryptoRandom } from './crypto-random';
import { HashChainedEventStore } from '@corbeille/integrity';
import { describeEventStore, openEventStore } from './open-event-store';
import { secretsPathFor } from './open-seed-store';
import { storageConfigFromEnv } from './storage-config';

describe('storageConfigFromEnv', () => {
  it('defaults to SQLite files under ./data', () => {
    const config = storageConfigFromEnv({}, '/srv/corbeille');
    expect(config).toEqual({
      dataDir: '/srv/corbeille/data',
      eventStoreUrl: undefined,
      eventsPath: '/srv/corbeille/data/events.sqlite',
      readModelsPath: '/srv/corbeille/data/read-models.sqlite',
      integrityChain: true,
    });
    expect(describeEventStore(config)).toBe('SQLite at /srv/corbeille/data/events.sqlite');
  });

  it('resolves a relative DATA_DIR and selects EventStoreDB by URL', () => {
    const config = storageConfigFromEnv(
      { DATA_DIR: 'var', EVENTSTORE_URL: 'esdb://admin:changeit@localhost:2113?tls=false' },
      '/srv',
    );
    expect(config.dataDir).toBe('/srv/var');
    expect(config.eventStoreUrl).toBe('esdb://admin:changeit@localhost:2113?tls=false');
    expect(describeEventStore(config)).toBe('EventStoreDB at esdb://***@localhost:2113?tls=false');
  });

  it('hash-chains events unless INTEGRITY_CHAIN turns it off', () => {
    expect(storageConfigFromEnv({ INTEGRITY_CHAIN: 'on' }, '/srv').integrityChain).toBe(true);
    for (const off of ['0', 'false', 'OFF', ' no ']) expect(storageConfigFromEnv({ INTEGRITY_CHAIN: off }, '/srv').integrityChain).toBe(false);
  });

  it('commits on the main thread unless SQLITE_WRITER asks for a thread of its own', async () => {
    expect(storageConfigFromEnv({}, '/srv').sqliteWriter).toBeUndefined();
    expect(storageConfigFromEnv({ SQLITE_WRITER: ' thread ' }, '/srv').sqliteWriter).toBe('thread');
    expect(() => storageConfigFromEnv({ SQLITE_WRITER: 'threads' }, '/srv')).toThrow('SQLITE_WRITER must be "inline" or "thread"');
    const dir = mkdtempSync(join(tmpdir(), 'corbeille-writer-'));
    const inline = openEventStore({ eventStoreUrl: undefined, eventsPath: join(dir, 'inline.sqlite'), integrityChain: false });
    const threaded = openEventStore({ eventStoreUrl: undefined, eventsPath: join(dir, 'thread.sqlite'), integrityChain: false, sqliteWriter: 'thread' });
    try {
      expect((inline as SqliteEventStore).writerMode).toBe('inline');
      expect((threaded as SqliteEventStore).writerMode).toBe('thread');
      const metadata = { commandId: 'c1', actor: 'test', correlationId: 'c1', causationId: 'c1', occurredAt: '2026-12-03T00:00:00.000Z' };
      await threaded.appendToStream('s-1', [{ type: 'Noted', data: {}, metadata }], 'no-stream');
      expect(await threaded.readStream('s-1')).toHaveLength(1);
    } finally {
      await Promise.all([inline.close(), threaded.close()]);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('wraps the opened store in the hash chain unless it is off', async () => {
    const chained = openEventStore({ eventStoreUrl: undefined, eventsPath: ':memory:' });
    const plain = openEventStore({ eventStoreUrl: undefined, eventsPath: ':memory:', integrityChain: false });
    expect(chained).toBeInstanceOf(HashChainedEventStore);
    expect(plain).not.toBeInstanceOf(HashChainedEventStore);
    await Promise.all([chained.close(), plain.close()]);
  });
});

describe('cryptoRandom', () => {
  it('draws within inclusive bounds', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 300; i += 1) seen.add(cryptoRandom.int(0, 5));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(() => cryptoRandom.int(2, 1)).toThrow('Invalid random range');
  });
});

describe('secretsPathFor', () => {
  it('keeps the seeds next to the events unless SECRETS_DB_PATH says where', () => {
    expect(secretsPathFor(storageConfigFromEnv({}, '/srv/corbeille'))).toBe('/srv/corbeille/data/events.secrets.sqlite');
    expect(secretsPathFor(storageConfigFromEnv({ SECRETS_DB_PATH: '/vault/seeds.sqlite' }, '/srv'))).toBe('/vault/seeds.sqlite');
    expect(secretsPathFor({ dataDir: '/d', eventsPath: ':memory:' })).toBe(':memory:');
    expect(secretsPathFor({ dataDir: '/d', eventsPath: '/d/e.sqlite', eventStoreUrl: 'esdb://localhost:2113' })).toBe('/d/secrets.sqlite');
  });
});
