import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { type SqliteDatabase, type Statement, openDatabase } from './sqlite-driver';

export interface SqliteSeedStoreOptions {
  /** The database file (its directory is created if missing), or ':memory:'. */
  readonly path: string;
}

/**
 * The games' secret seeds in SQLite, with the shape of @corbeille/integrity's SeedStore. A file of its own,
 * next to the event store's and never served: the event log only ever holds a seed's commitment until the
 * seed is revealed. A seed is written once (INSERT OR IGNORE) and never changed; the file is synchronous=FULL,
 * since a lost seed makes a game's draws unverifiable.
 */
export class SqliteSeedStore {
  private readonly db: SqliteDatabase;
  private readonly selectSeed: Statement<[string]>;
  private readonly insertSeed: Statement<[string, string]>;

  constructor(options: SqliteSeedStoreOptions) {
    if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
    this.db = openDatabase(options.path, { timeout: 5000 });
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.exec('CREATE TABLE IF NOT EXISTS game_seeds (game_id TEXT PRIMARY KEY, seed TEXT NOT NULL) STRICT');
    this.selectSeed = this.db.prepare<[string]>('SELECT seed FROM game_seeds WHERE game_id = ?');
    this.insertSeed = this.db.prepare<[string, string]>('INSERT OR IGNORE INTO game_seeds (game_id, seed) VALUES (?, ?)');
  }

  async get(gameId: string): Promise<string | undefined> {
    const row = this.selectSeed.get(gameId) as { seed: string } | undefined;
    return row?.seed;
  }

  async getOrCreate(gameId: string, seed: string): Promise<string> {
    this.insertSeed.run(gameId, seed);
    return (await this.get(gameId)) as string;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
