import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

/**
 * Trades keyed by their event's global position (unique in the log, and the rowid): the table grows at
 * its end in log order, whatever the games, and a game's trades are found through trades_by_game.
 */
const TRADES_TABLE = `CREATE TABLE trades (
  position INTEGER PRIMARY KEY,
  game_id TEXT NOT NULL,
  player_id TEXT NOT NULL,
  entry TEXT NOT NULL
)`;

/** The statements that write read models. */
export const READ_MODEL_WRITES = {
  saveCheckpoint: 'INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position',
  saveGame: `INSERT INTO games (game_id, game_type, phase, created_at, summary, state, price_board, portfolios, extras)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT(game_id) DO UPDATE SET phase = excluded.phase, summary = excluded.summary, state = excluded.state,
      price_board = excluded.price_board, portfolios = excluded.portfolios, extras = excluded.extras`,
  saveTrade: 'INSERT OR REPLACE INTO trades (game_id, position, player_id, entry) VALUES (?, ?, ?, ?)',
  saveLedger: 'INSERT OR REPLACE INTO ledger (game_id, position, sequence, player_id, kind, entry) VALUES (?, ?, ?, ?, ?, ?)',
} as const;

/** The indexes' creation statements (see ReadModelDb.dropSecondaryIndexes). */
export function secondaryIndexStatements(): string[] {
  return Object.entries(SECONDARY_INDEXES).map(([name, on]) => `CREATE INDEX IF NOT EXISTS ${name} ON ${on}`);
}

/** Indexes only queries need (name: table and columns): by game, by player. */
const SECONDARY_INDEXES: Readonly<Record<string, string>> = {
  ledger_by_player: 'ledger (game_id, player_id, position, sequence)',
  trades_by_game: 'trades (game_id, position)',
  trades_by_player: 'trades (game_id, player_id, position)',
};

/**
 * The read-model database: JSON documents keyed by game (of any type), ledgers, and the projection checkpoint.
 * Read models are rebuildable from the log, so durability is relaxed (synchronous=NORMAL).
 */
export class ReadModelDb {
  readonly db: Database.Database;

  constructor(readonly path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    // Room for the pages a catch-up transaction changes (every game's last trade and ledger pages, its row).
    this.db.pragma('cache_size = -65536');
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
      ${TRADES_TABLE.replace('trades', 'IF NOT EXISTS trades')}
    `);
    this.addMissingColumns();
    this.migrateTradesByPosition();
    this.createSecondaryIndexes();
  }

  /**
   * Drops the indexes that only queries need, for a rebuild from nothing: one sorted build at the end
   * costs far less than an index insert per row. The constructor creates any that are missing, so a
   * rebuild interrupted before createSecondaryIndexes leaves no file without them.
   */
  dropSecondaryIndexes(): void {
    for (const name of Object.keys(SECONDARY_INDEXES)) this.db.exec(`DROP INDEX IF EXISTS ${name}`);
  }

  createSecondaryIndexes(): void {
    for (const statement of secondaryIndexStatements()) this.db.exec(statement);
  }

  /**
   * Trades used to be keyed by (game_id, position), a second B-tree to write per trade and inserts spread
   * over every game's part of it; they are now keyed by position alone. An older file's rows are copied over once.
   */
  private migrateTradesByPosition(): void {
    const table = this.db.prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'trades'").get();
    if (!table || /position INTEGER PRIMARY KEY/i.test(table.sql)) return;
    this.db.transaction(() => {
      this.db.exec(TRADES_TABLE.replace('trades', 'trades_by_position'));
      this.db.exec('INSERT INTO trades_by_position (position, game_id, player_id, entry) SELECT position, game_id, player_id, entry FROM trades ORDER BY position');
      this.db.exec('DROP TABLE trades');
      this.db.exec('ALTER TABLE trades_by_position RENAME TO trades');
    })();
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
