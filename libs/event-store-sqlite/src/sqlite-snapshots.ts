import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { toJson } from '@corbeille/event-store';
import { type SqliteDatabase, type Statement, openDatabase } from './sqlite-driver';

/**
 * Snapshots in SQLite. They have the shapes of @corbeille/application's SnapshotStore (the latest
 * snapshot of a stream, with the command ids it includes) and SnapshotHistory (snapshots at many
 * revisions, for time travel), so they plug into the command handler and `foldAt` as they are.
 *
 * A snapshot is a cache: losing one costs a longer fold, never correctness. The file therefore runs
 * with synchronous=NORMAL (in WAL mode a crash may drop the last snapshots, never tear one). States are
 * stored as JSON, like events: a state must be a JSON value. Snapshots belong to one event store: delete
 * them together.
 */

export interface SqliteSnapshotOptions {
  /** The database file (its directory is created if missing), or ':memory:'. */
  readonly path: string;
}

/** A stream's latest folded state and the ids of the commands it includes. */
export interface LatestSnapshot {
  readonly revision: number;
  readonly state: unknown;
  readonly commandIds: readonly string[];
}

/** A stream's state after the event at `revision` (global position `position`). */
export interface RevisionSnapshot {
  readonly revision: number;
  readonly position: number;
  readonly state: unknown;
}

export type SnapshotPoint = { readonly revision: number } | { readonly position: number };

function openSnapshotDatabase(path: string, schema: string): SqliteDatabase {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = openDatabase(path, { timeout: 5_000 });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(schema);
  return db;
}

/** The latest snapshot of each stream (the command handler's SnapshotStore). */
export class SqliteSnapshotStore {
  private readonly db: SqliteDatabase;
  private readonly statements: {
    readonly load: Statement<[string]>;
    readonly save: Statement<[string, number, string, string]>;
  };

  constructor(options: SqliteSnapshotOptions) {
    this.db = openSnapshotDatabase(
      options.path,
      `CREATE TABLE IF NOT EXISTS latest_snapshots (
         stream_id   TEXT PRIMARY KEY,
         revision    INTEGER NOT NULL,
         state       TEXT NOT NULL,
         command_ids TEXT NOT NULL
       );`,
    );
    this.statements = {
      load: this.db.prepare<[string]>('SELECT revision, state, command_ids FROM latest_snapshots WHERE stream_id = ?').raw(true),
      // A snapshot never replaces a later one (two writers may snapshot the same stream).
      save: this.db.prepare<[string, number, string, string]>(
        `INSERT INTO latest_snapshots (stream_id, revision, state, command_ids) VALUES (?, ?, ?, ?)
         ON CONFLICT (stream_id) DO UPDATE SET revision = excluded.revision, state = excluded.state, command_ids = excluded.command_ids
         WHERE excluded.revision > latest_snapshots.revision`,
      ),
    };
  }

  async load(streamId: string): Promise<LatestSnapshot | undefined> {
    const row = this.statements.load.get(streamId) as [revision: number, state: string, commandIds: string] | undefined;
    if (!row) return undefined;
    return { revision: row[0], state: JSON.parse(row[1]) as unknown, commandIds: JSON.parse(row[2]) as string[] };
  }

  async save(streamId: string, snapshot: LatestSnapshot): Promise<void> {
    this.statements.save.run(streamId, snapshot.revision, toJson(snapshot.state, 'Snapshot state'), toJson(snapshot.commandIds, 'Snapshot command ids'));
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/** Snapshots of streams at many revisions (SnapshotHistory, for time travel). */
export class SqliteSnapshotHistory {
  private readonly db: SqliteDatabase;
  private readonly statements: {
    readonly byRevision: Statement<[string, number]>;
    readonly byPosition: Statement<[string, number]>;
    readonly save: Statement<[string, number, number, string]>;
    readonly count: Statement<[string]>;
  };

  constructor(options: SqliteSnapshotOptions) {
    this.db = openSnapshotDatabase(
      options.path,
      `CREATE TABLE IF NOT EXISTS snapshot_history (
         stream_id TEXT NOT NULL,
         revision  INTEGER NOT NULL,
         position  INTEGER NOT NULL,
         state     TEXT NOT NULL,
         PRIMARY KEY (stream_id, revision)
       );
       CREATE INDEX IF NOT EXISTS snapshot_history_by_position ON snapshot_history (stream_id, position);`,
    );
    this.statements = {
      byRevision: this.db
        .prepare<[string, number]>('SELECT revision, position, state FROM snapshot_history WHERE stream_id = ? AND revision <= ? ORDER BY revision DESC LIMIT 1')
        .raw(true),
      byPosition: this.db
        .prepare<[string, number]>('SELECT revision, position, state FROM snapshot_history WHERE stream_id = ? AND position <= ? ORDER BY position DESC LIMIT 1')
        .raw(true),
      save: this.db.prepare<[string, number, number, string]>(
        'INSERT OR REPLACE INTO snapshot_history (stream_id, revision, position, state) VALUES (?, ?, ?, ?)',
      ),
      count: this.db.prepare<[string]>('SELECT COUNT(*) FROM snapshot_history WHERE stream_id = ?').raw(true),
    };
  }

  async latestAtOrBefore(streamId: string, point: SnapshotPoint): Promise<RevisionSnapshot | undefined> {
    const row = ('revision' in point ? this.statements.byRevision.get(streamId, point.revision) : this.statements.byPosition.get(streamId, point.position)) as
      | [revision: number, position: number, state: string]
      | undefined;
    return row && { revision: row[0], position: row[1], state: JSON.parse(row[2]) as unknown };
  }

  async save(streamId: string, snapshot: RevisionSnapshot): Promise<void> {
    this.statements.save.run(streamId, snapshot.revision, snapshot.position, toJson(snapshot.state, 'Snapshot state'));
  }

  /** How many snapshots are kept for a stream. */
  count(streamId: string): number {
    const row = this.statements.count.get(streamId) as [count: number] | undefined;
    return row?.[0] ?? 0;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
