import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { type SqliteDatabase, type Statement, type Transaction, openDatabase } from './sqlite-driver';

export interface SqliteSeedStoreOptions {
  /** The database file (its directory is created if missing), or ':memory:'. */
  readonly path: string;
}

/** A game's seed for one epoch, as @corbeille/integrity's SeedStore has it. */
export interface StoredGameSeed {
  readonly seed: string;
  readonly epoch: number;
}

/**
 * The games' secret seeds in SQLite, with the shape of @corbeille/integrity's SeedStore: one row per game
 * and epoch. A file of its own, next to the event store's and never served: the event log only ever holds
 * a seed's commitment until the seed is revealed. Rows are only inserted (INSERT OR IGNORE), never changed;
 * the file is synchronous=FULL, since a lost seed makes a game's draws unverifiable.
 */
export class SqliteSeedStore {
  private readonly db: SqliteDatabase;
  private readonly selectCurrent: Statement<[string]>;
  private readonly selectEpoch: Statement<[string, number]>;
  private readonly insertSeed: Statement<[string, number, string]>;
  private readonly advanceSeed: Transaction<[string, number, string], void>;

  constructor(options: SqliteSeedStoreOptions) {
    if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
    this.db = openDatabase(options.path, { timeout: 5000 });
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS game_seed_epochs (game_id TEXT NOT NULL, epoch INTEGER NOT NULL, seed TEXT NOT NULL, PRIMARY KEY (game_id, epoch)) STRICT',
    );
    this.selectCurrent = this.db.prepare<[string]>('SELECT seed, epoch FROM game_seed_epochs WHERE game_id = ? ORDER BY epoch DESC LIMIT 1');
    this.selectEpoch = this.db.prepare<[string, number]>('SELECT seed, epoch FROM game_seed_epochs WHERE game_id = ? AND epoch = ?');
    this.insertSeed = this.db.prepare<[string, number, string]>('INSERT OR IGNORE INTO game_seed_epochs (game_id, epoch, seed) VALUES (?, ?, ?)');
    // Only from the current epoch: a stale caller (another reveal got there first) changes nothing.
    this.advanceSeed = this.db.transaction((gameId: string, fromEpoch: number, seed: string) => {
      const current = this.selectCurrent.get(gameId) as StoredGameSeed | undefined;
      if (current === undefined) throw new Error(`Game ${gameId} has no seed to move on from`);
      if (current.epoch === fromEpoch) this.insertSeed.run(gameId, fromEpoch + 1, seed);
    });
  }

  async get(gameId: string, epoch?: number): Promise<StoredGameSeed | undefined> {
    const row = (epoch === undefined ? this.selectCurrent.get(gameId) : this.selectEpoch.get(gameId, epoch)) as StoredGameSeed | undefined;
    return row && { seed: row.seed, epoch: row.epoch };
  }

  async getOrCreate(gameId: string, seed: string): Promise<StoredGameSeed> {
    this.insertSeed.run(gameId, 0, seed);
    return (await this.get(gameId)) as StoredGameSeed;
  }

  async advance(gameId: string, fromEpoch: number, seed: string): Promise<StoredGameSeed> {
    this.advanceSeed.immediate(gameId, fromEpoch, seed);
    return (await this.get(gameId)) as StoredGameSeed;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
