import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ReadModelDb } from './read-model-db';

describe('read-model database', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'corbeille-read-model-db-'));
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('moves the trades of an older file into the table keyed by position, rows and indexes kept', () => {
    const path = join(dir, 'read-models.sqlite');
    const old = new Database(path);
    old.exec(`
      CREATE TABLE trades (game_id TEXT NOT NULL, position INTEGER NOT NULL, player_id TEXT NOT NULL, entry TEXT NOT NULL, PRIMARY KEY (game_id, position));
      CREATE INDEX trades_by_player ON trades (game_id, player_id, position);
      INSERT INTO trades VALUES ('g2', 5, 'ann', '{"a":1}'), ('g1', 9, 'bob', '{"b":2}'), ('g1', 3, 'ann', '{"c":3}');
    `);
    old.close();

    const db = new ReadModelDb(path);
    const table = db.db.prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'trades'").get();
    expect(table?.sql).toMatch(/position INTEGER PRIMARY KEY/);
    expect(db.db.prepare('SELECT game_id, position, player_id, entry FROM trades ORDER BY game_id, position').all()).toEqual([
      { game_id: 'g1', position: 3, player_id: 'ann', entry: '{"c":3}' },
      { game_id: 'g1', position: 9, player_id: 'bob', entry: '{"b":2}' },
      { game_id: 'g2', position: 5, player_id: 'ann', entry: '{"a":1}' },
    ]);
    const indexes = db.db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'trades'").all();
    expect(indexes.map((index) => index.name)).toEqual(expect.arrayContaining(['trades_by_game', 'trades_by_player']));
    db.close();

    // Opened again: nothing left to migrate.
    const again = new ReadModelDb(path);
    expect(again.db.prepare('SELECT COUNT(*) AS count FROM trades').get()).toEqual({ count: 3 });
    // A game's trades come in order through its index.
    const plan = again.db.prepare<[], { detail: string }>("EXPLAIN QUERY PLAN SELECT entry FROM trades WHERE game_id = 'g1' ORDER BY position LIMIT 10 OFFSET 0").all();
    expect(plan.map((step) => step.detail).join(' ')).toMatch(/trades_by_game/);
    expect(again.db.prepare("SELECT entry FROM trades WHERE game_id = 'g1' ORDER BY position").all()).toEqual([{ entry: '{"c":3}' }, { entry: '{"b":2}' }]);
    again.close();
  });

  it('brings back the secondary indexes a rebuild dropped, when opened again', () => {
    const path = join(dir, 'read-models.sqlite');
    const db = new ReadModelDb(path);
    db.dropSecondaryIndexes();
    const names = () => db.db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index'").all().map((index) => index.name);
    expect(names()).not.toContain('trades_by_player');
    db.close();
    const reopened = new ReadModelDb(path);
    const indexes = reopened.db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index'").all().map((index) => index.name);
    expect(indexes).toEqual(expect.arrayContaining(['trades_by_player', 'ledger_by_player']));
    reopened.close();
  });
});
