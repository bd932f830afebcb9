import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

/**
 * The read-model database: JSON documents keyed by game, plus the projection checkpoint.
 * Read models are rebuildable from the log, so durability is relaxed (synchronous=NORMAL).
 */
export class ReadModelDb {
  readonly db: Database.Database;

  constructor(path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS games (
        game_id TEXT PRIMARY KEY,
        phase TEXT NOT NULL,
        created_at TEXT NOT NULL,
        summary TEXT NOT NULL,
        state TEXT NOT NULL,
        price_board TEXT NOT NULL,
        portfolios TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS games_by_creation ON games (created_at, game_id);
      CREATE TABLE IF NOT EXISTS trades (
        game_id TEXT NOT NULL,
        position INTEGER NOT NULL,
        player_id TEXT NOT NULL,
        entry TEXT NOT NULL,
        PRIMARY KEY (game_id, position)
      );
      CREATE INDEX IF NOT EXISTS trades_by_player ON trades (game_id, player_id, position);
    `);
  }

  close(): void {
    this.db.close();
  }
}
