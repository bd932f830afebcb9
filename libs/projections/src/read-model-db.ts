import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

/**
 * The read-model database: JSON documents keyed by game (of any type), ledgers, and the projection checkpoint.
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
      CREATE TABLE IF NOT EXISTS ledger (
        game_id TEXT NOT NULL,
        position INTEGER NOT NULL,
        sequence INTEGER NOT NULL,
        player_id TEXT,
        kind TEXT NOT NULL,
        entry TEXT NOT NULL,
        PRIMARY KEY (game_id, position, sequence)
      );
      CREATE INDEX IF NOT EXISTS ledger_by_player ON ledger (game_id, player_id, position, sequence);
      CREATE TABLE IF NOT EXISTS trades (
        game_id TEXT NOT NULL,
        position INTEGER NOT NULL,
        player_id TEXT NOT NULL,
        entry TEXT NOT NULL,
        PRIMARY KEY (game_id, position)
      );
      CREATE INDEX IF NOT EXISTS trades_by_player ON trades (game_id, player_id, position);
    `);
    this.addMissingColumns();
  }

  /**
   * Read models written before several games were refereed lack the game type and extra documents. Every
   * game in them is a Stock Ticker game, so the columns are added with those defaults instead of a rebuild.
   */
  private addMissingColumns(): void {
    const columns = new Set(this.db.prepare<[], { name: string }>('PRAGMA table_info(games)').all().map((column) => column.name));
    if (!columns.has('game_type')) this.db.exec("ALTER TABLE games ADD COLUMN game_type TEXT NOT NULL DEFAULT 'stock-ticker'");
    if (!columns.has('extras')) this.db.exec("ALTER TABLE games ADD COLUMN extras TEXT NOT NULL DEFAULT '{}'");
    this.db.exec('CREATE INDEX IF NOT EXISTS games_by_type ON games (game_type, created_at, game_id)');
  }

  close(): void {
    this.db.close();
  }
}
