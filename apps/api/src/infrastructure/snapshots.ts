import { mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import type { EventStore } from '@corbeille/event-store';
import type { StorageConfig } from '@corbeille/infrastructure';

/**
 * Snapshots of game states (for the command handler's loads and for time travel) are saved every this
 * many events. Measured by `npm run bench -- -- --sections=time-travel` on a 117,381-event game: a point
 * costs p99 6.5 ms at 1,000 (a third of the 20 ms goal) against 424 ms with none; smaller N buys little
 * more and takes more room (one snapshot of a Stock Ticker game is about 18 KiB), larger N runs past
 * a quarter of the goal at 2,500 (docs/performance.md).
 */
export const SNAPSHOT_EVERY = 1_000;

/**
 * Where the snapshots are kept: a file next to the SQLite events named after them (`events.sqlite` ->
 * `events.snapshots.sqlite`), next to the read models when events are on EventStoreDB, in memory when
 * the events are.
 */
export function snapshotsPathFor(config: Pick<StorageConfig, 'eventsPath' | 'dataDir' | 'eventStoreUrl'>): string {
  if (config.eventStoreUrl) return join(config.dataDir, 'snapshots.sqlite');
  if (config.eventsPath === ':memory:') return ':memory:';
  return join(dirname(config.eventsPath), `${basename(config.eventsPath).replace(/\.sqlite$/, '')}.snapshots.sqlite`);
}

/**
 * Snapshots belong to one event store: a snapshot of another store's stream of the same name would be
 * folded on as if it were this one's. The file records the id of the store's first event; when that is
 * not this store's (or the store was empty when they were taken), every snapshot is dropped. Run once,
 * before the snapshot stores open the file.
 */
export async function forgetSnapshotsOfOtherStores(path: string, store: Pick<EventStore, 'readAll'>): Promise<void> {
  if (path === ':memory:') return;
  const [first] = await store.readAll({ maxCount: 1 });
  const identity = first?.id ?? '';
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { timeout: 5_000 });
  try {
    db.exec('CREATE TABLE IF NOT EXISTS snapshot_store (first_event_id TEXT NOT NULL)');
    const recorded = db.prepare<[], { first_event_id: string }>('SELECT first_event_id FROM snapshot_store').get();
    if (recorded?.first_event_id === identity && identity !== '') return;
    db.transaction(() => {
      db.exec('DROP TABLE IF EXISTS latest_snapshots; DROP TABLE IF EXISTS snapshot_history; DELETE FROM snapshot_store');
      db.prepare('INSERT INTO snapshot_store (first_event_id) VALUES (?)').run(identity);
    })();
  } finally {
    db.close();
  }
}
