import type { EventStore } from '@corbeille/event-store';
import { SqliteEventStore } from '@corbeille/event-store-sqlite';
import { EventStoreDbEventStore } from '@corbeille/event-store-eventstoredb';
import type { StorageConfig } from './storage-config';

/** The embedded SQLite store by default; EventStoreDB when a server URL is configured. */
export function openEventStore(config: Pick<StorageConfig, 'eventStoreUrl' | 'eventsPath'>): EventStore {
  if (config.eventStoreUrl) return EventStoreDbEventStore.fromConnectionString(config.eventStoreUrl);
  return new SqliteEventStore({ path: config.eventsPath });
}

export function describeEventStore(config: Pick<StorageConfig, 'eventStoreUrl' | 'eventsPath'>): string {
  return config.eventStoreUrl ? `EventStoreDB at ${redact(config.eventStoreUrl)}` : `SQLite at ${config.eventsPath}`;
}

/** Keeps credentials in a connection string out of logs. */
function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}
