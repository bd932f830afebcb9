import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { DisputeSettings } from '@corbeille/rulings';
import type { RegisteredDispute } from './dispute-registry';

/** Bumped when the tables change shape: the registry is then rebuilt from the log. */
const SCHEMA_VERSION = '1';

const TABLES = ['dispute_registry_meta', 'dispute_registry_disputes', 'dispute_registry_settings'] as const;

/** What the registry folded up to its checkpoint. */
export interface DisputeRegistrySnapshot {
  readonly checkpoint: number;
  readonly disputes: readonly RegisteredDispute[];
  readonly settings: readonly (readonly [gameId: string, settings: DisputeSettings])[];
}

/** The changes of one batch of events, written in one transaction with the position they reach. */
export interface DisputeRegistryChanges {
  readonly checkpoint: number;
  readonly disputes: Iterable<RegisteredDispute>;
  readonly settings: Iterable<readonly [gameId: string, settings: DisputeSettings]>;
}

/**
 * The dispute registry's state in SQLite with its checkpoint, so that a restart catches up from there
 * instead of reading the whole log. Lives next to the game read models (same file, its own tables);
 * rebuildable from the log: a deleted read-models file rebuilds it from position 0.
 */
export class DisputeRegistryStore {
  private readonly db: Database.Database;
  private readonly statements;

  constructor(path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.migrate();
    const db = this.db;
    this.statements = {
      checkpoint: db.prepare<[], { value: string }>("SELECT value FROM dispute_registry_meta WHERE key = 'checkpoint'"),
      saveCheckpoint: db.prepare<[string]>(
        "INSERT INTO dispute_registry_meta (key, value) VALUES ('checkpoint', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      ),
      disputes: db.prepare<[], { doc: string }>('SELECT doc FROM dispute_registry_disputes ORDER BY opened_position'),
      saveDispute: db.prepare<[string, number, string]>(
        `INSERT INTO dispute_registry_disputes (dispute_id, opened_position, doc) VALUES (?, ?, ?)
         ON CONFLICT(dispute_id) DO UPDATE SET doc = excluded.doc`,
      ),
      settings: db.prepare<[], { game_id: string; doc: string }>('SELECT game_id, doc FROM dispute_registry_settings'),
      saveSettings: db.prepare<[string, string]>(
        'INSERT INTO dispute_registry_settings (game_id, doc) VALUES (?, ?) ON CONFLICT(game_id) DO UPDATE SET doc = excluded.doc',
      ),
    };
  }

  load(): DisputeRegistrySnapshot {
    const checkpoint = this.statements.checkpoint.get();
    return {
      checkpoint: checkpoint ? Number(checkpoint.value) : 0,
      disputes: this.statements.disputes.all().map((row) => JSON.parse(row.doc) as RegisteredDispute),
      settings: this.statements.settings.all().map((row) => [row.game_id, JSON.parse(row.doc) as DisputeSettings] as const),
    };
  }

  save(changes: DisputeRegistryChanges): void {
    this.db.transaction(() => {
      for (const dispute of changes.disputes) this.statements.saveDispute.run(dispute.disputeId, dispute.openedPosition, JSON.stringify(dispute));
      for (const [gameId, settings] of changes.settings) this.statements.saveSettings.run(gameId, JSON.stringify(settings));
      this.statements.saveCheckpoint.run(String(changes.checkpoint));
    })();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private migrate(): void {
    this.db.exec('CREATE TABLE IF NOT EXISTS dispute_registry_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    const version = this.db.prepare<[], { value: string }>("SELECT value FROM dispute_registry_meta WHERE key = 'schema'").get();
    if (version?.value !== SCHEMA_VERSION) {
      // Another shape (or none yet): start again from the log.
      for (const table of TABLES) this.db.exec(`DROP TABLE IF EXISTS ${table}`);
    }
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS dispute_registry_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS dispute_registry_disputes (
        dispute_id TEXT PRIMARY KEY,
        opened_position INTEGER NOT NULL,
        doc TEXT NOT NULL
      );
      CREATE TABLE IF NOT EXISTS dispute_registry_settings (game_id TEXT PRIMARY KEY, doc TEXT NOT NULL);
    `);
    this.db
      .prepare("INSERT INTO dispute_registry_meta (key, value) VALUES ('schema', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
      .run(SCHEMA_VERSION);
  }
}
