import type { EventStore } from '@corbeille/event-store';
import { SqliteEventStore } from '@corbeille/event-store-sqlite';
import { EventStoreDbEventStore } from '@corbeille/event-store-eventstoredb';
import { HashChainedEventStore } from '@corbeille/integrity';
import type { StorageConfig } from './storage-config';

/**
 * The embedded SQLite store by default; EventStoreDB when a server URL is configured. Appends are
 * hash-chained per stream (tamper evidence, see docs/integrity.md) unless `integrityChain` is false.
 */
export function openEventStore(
  config: Pick<StorageConfig, 'eventStoreUrl' | 'eventsPath'> & Partial<Pick<StorageConfig, 'integrityChain' | 'sqliteWriter'>>,
): EventStore {
  const store = config.eventStoreUrl
    ? EventStoreDbEventStore.fromConnectionString(config.eventStoreUrl)
    : new SqliteEventStore({ path: config.eventsPath, ...(config.sqliteWriter ? { writer: config.sqliteWriter } : {}) });
  return config.integrityChain === false ? store : new HashChainedEventStore(store);
}

export function describeEventStore(config: Pick<StorageConfig, 'eventStoreUrl' | 'eventsPath'>): string {
  return config.eventStoreUrl ? `EventStoreDB at ${redact(config.eventStoreUrl)}` : `SQLite at ${config.eventsPath}`;
}

/** Keeps credentials in a connection string out of logs. */
function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}
