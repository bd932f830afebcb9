import { basename, dirname, join } from 'node:path';
import type { EventStore } from '@corbeille/event-store';
import { SqliteSeedStore } from '@corbeille/event-store-sqlite';
import { InMemorySeedStore, type SeedStore } from '@corbeille/integrity';
import { EventLogSeedStore } from './event-log-seed-store';
import type { StorageConfig } from './storage-config';

/**
 * Where the games' secret seeds are kept: SECRETS_DB_PATH, else a file next to the SQLite events named after
 * them (`events.sqlite` -> `events.secrets.sqlite`), or next to the read models when events are on EventStoreDB.
 * In memory when the events are.
 */
export function secretsPathFor(config: Pick<StorageConfig, 'eventsPath' | 'dataDir'> & Partial<Pick<StorageConfig, 'secretsPath' | 'eventStoreUrl'>>): string {
  if (config.secretsPath) return config.secretsPath;
  if (config.eventStoreUrl) return join(config.dataDir, 'secrets.sqlite');
  if (config.eventsPath === ':memory:') return ':memory:';
  return join(dirname(config.eventsPath), `${basename(config.eventsPath).replace(/\.sqlite$/, '')}.secrets.sqlite`);
}

/**
 * With SEEDS_KEY and the app's event store, the seeds live sealed in that store (shared by every instance on
 * it); otherwise in the file secretsPathFor names, which only the instances that see that file share.
 */
export function openSeedStore(config: Parameters<typeof secretsPathFor>[0] & Partial<Pick<StorageConfig, 'seedsKey'>>, eventStore?: EventStore): SeedStore {
  if (config.seedsKey !== undefined && eventStore !== undefined) return new EventLogSeedStore(eventStore, config.seedsKey);
  const path = secretsPathFor(config);
  return path === ':memory:' ? new InMemorySeedStore() : new SqliteSeedStore({ path });
}
