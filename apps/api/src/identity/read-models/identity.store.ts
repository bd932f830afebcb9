import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { gameKey, type ActiveLeague, type LeagueRole, type SeasonStandingsModel } from '@corbeille/identity';
import type {
  AccountRecord,
  ApiTokenRecordView,
  IdentityQueries,
  StoredGameResult,
  TableLocation,
  TradeAnnotationRecord,
  TradeRationaleRecord,
} from './identity-read-models';

/** Bumped when the tables change shape: the identity read models are then rebuilt from the log. */
const SCHEMA_VERSION = '3';

const TABLES = [
  'identity_accounts',
  'identity_api_tokens',
  'identity_leagues',
  'identity_league_members',
  'identity_seasons',
  'identity_tables',
  'identity_game_results',
  'identity_trade_annotations',
  'identity_trade_rationales',
  'identity_game_referees',
] as const;

/**
 * Accounts, tokens, leagues and standings as JSON documents in SQLite, with the projection's checkpoint.
 * Lives next to the game read models (same file, its own tables); rebuildable from the log.
 * Lookups by email, digest or game are not unique constraints: the claims keep them unique, and a
 * projection must never fail on an event the log holds, so the first one recorded wins.
 */
export class IdentityStore implements IdentityQueries {
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
      checkpoint: db.prepare<[], { value: string }>("SELECT value FROM identity_meta WHERE key = 'checkpoint'"),
      saveCheckpoint: db.prepare<[string]>(
        "INSERT INTO identity_meta (key, value) VALUES ('checkpoint', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      ),
      account: db.prepare<[string], { doc: string }>('SELECT doc FROM identity_accounts WHERE account_id = ?'),
      accountByEmail: db.prepare<[string], { doc: string }>('SELECT doc FROM identity_accounts WHERE email = ? ORDER BY seq LIMIT 1'),
      saveAccount: db.prepare<[string, string, string]>(
        `INSERT INTO identity_accounts (account_id, email, doc) VALUES (?, ?, ?)
         ON CONFLICT(account_id) DO UPDATE SET email = excluded.email, doc = excluded.doc`,
      ),
      token: db.prepare<[string], { doc: string }>('SELECT doc FROM identity_api_tokens WHERE token_id = ?'),
      tokenByDigest: db.prepare<[string], { doc: string }>(
        'SELECT doc FROM identity_api_tokens WHERE token_hash = ? ORDER BY seq LIMIT 1',
      ),
      tokensOf: db.prepare<[string], { doc: string }>('SELECT doc FROM identity_api_tokens WHERE account_id = ? ORDER BY seq'),
      saveToken: db.prepare<[string, string, string, string]>(
        `INSERT INTO identity_api_tokens (token_id, account_id, token_hash, doc) VALUES (?, ?, ?, ?)
         ON CONFLICT(token_id) DO UPDATE SET doc = excluded.doc`,
      ),
      updateToken: db.prepare<[string, string]>('UPDATE identity_api_tokens SET doc = ? WHERE token_id = ?'),
      league: db.prepare<[string], { doc: string }>('SELECT doc FROM identity_leagues WHERE league_id = ?'),
      saveLeague: db.prepare<[string, string, string]>(
        `INSERT INTO identity_leagues (league_id, created_at, doc) VALUES (?, ?, ?)
         ON CONFLICT(league_id) DO UPDATE SET doc = excluded.doc`,
      ),
      leaguesOf: db.prepare<[string, number, number], { doc: string }>(
        `SELECT l.doc FROM identity_league_members m JOIN identity_leagues l ON l.league_id = m.league_id
         WHERE m.account_id = ? ORDER BY l.created_at DESC, l.league_id LIMIT ? OFFSET ?`,
      ),
      countLeaguesOf: db.prepare<[string], { total: number }>(
        'SELECT COUNT(*) AS total FROM identity_league_members WHERE account_id = ?',
      ),
      role: db.prepare<[string, string], { role: LeagueRole }>(
        'SELECT role FROM identity_league_members WHERE league_id = ? AND account_id = ?',
      ),
      saveMember: db.prepare<[string, string, string]>(
        `INSERT INTO identity_league_members (league_id, account_id, role) VALUES (?, ?, ?)
         ON CONFLICT(league_id, account_id) DO UPDATE SET role = excluded.role`,
      ),
      season: db.prepare<[string], { league_id: string; standings: string }>(
        'SELECT league_id, standings FROM identity_seasons WHERE season_id = ?',
      ),
      saveSeason: db.prepare<[string, string, string]>(
        `INSERT INTO identity_seasons (season_id, league_id, standings) VALUES (?, ?, ?)
         ON CONFLICT(season_id) DO UPDATE SET standings = excluded.standings`,
      ),
      table: db.prepare<[string], { league_id: string; season_id: string; table_id: string }>(
        'SELECT league_id, season_id, table_id FROM identity_tables WHERE table_id = ?',
      ),
      tableOfGame: db.prepare<[string], { league_id: string; season_id: string; table_id: string }>(
        'SELECT league_id, season_id, table_id FROM identity_tables WHERE game_key = ? ORDER BY seq LIMIT 1',
      ),
      saveTable: db.prepare<[string, string, string, string]>(
        'INSERT OR IGNORE INTO identity_tables (table_id, league_id, season_id, game_key) VALUES (?, ?, ?, ?)',
      ),
      result: db.prepare<[string], { doc: string; position: number }>(
        'SELECT doc, position FROM identity_game_results WHERE game_key = ?',
      ),
      saveResult: db.prepare<[string, number, string]>(
        `INSERT INTO identity_game_results (game_key, position, doc) VALUES (?, ?, ?)
         ON CONFLICT(game_key) DO UPDATE SET position = excluded.position, doc = excluded.doc`,
      ),
      gameReferees: db.prepare<[string], { doc: string }>('SELECT doc FROM identity_game_referees WHERE game_key = ?'),
      saveGameReferees: db.prepare<[string, string]>(
        `INSERT INTO identity_game_referees (game_key, doc) VALUES (?, ?) ON CONFLICT(game_key) DO UPDATE SET doc = excluded.doc`,
      ),
      annotation: db.prepare<[string], { doc: string }>('SELECT doc FROM identity_trade_annotations WHERE annotation_id = ?'),
      annotationsOf: db.prepare<[string], { doc: string }>('SELECT doc FROM identity_trade_annotations WHERE league_id = ? ORDER BY seq'),
      annotationsOfTrade: db.prepare<[string, string], { doc: string }>(
        'SELECT doc FROM identity_trade_annotations WHERE league_id = ? AND trade_id = ? ORDER BY seq',
      ),
      saveAnnotation: db.prepare<[string, string, string, string]>(
        'INSERT OR IGNORE INTO identity_trade_annotations (annotation_id, league_id, trade_id, doc) VALUES (?, ?, ?, ?)',
      ),
      rationale: db.prepare<[string, string], { doc: string }>('SELECT doc FROM identity_trade_rationales WHERE league_id = ? AND trade_id = ?'),
      rationalesOf: db.prepare<[string], { doc: string }>('SELECT doc FROM identity_trade_rationales WHERE league_id = ? ORDER BY first_seq'),
      saveRationale: db.prepare<[string, string, string, number]>(
        `INSERT INTO identity_trade_rationales (league_id, trade_id, doc, first_seq) VALUES (?, ?, ?, ?)
         ON CONFLICT(league_id, trade_id) DO UPDATE SET doc = excluded.doc`,
      ),
    };
  }

  /** Runs `work` in one transaction (all of a batch's changes and its checkpoint, or none). */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  checkpoint(): number {
    return Number(this.statements.checkpoint.get()?.value ?? 0);
  }

  saveCheckpoint(position: number): void {
    this.statements.saveCheckpoint.run(String(position));
  }

  accountById(accountId: string): AccountRecord | undefined {
    return parse<AccountRecord>(this.statements.account.get(accountId)?.doc);
  }

  accountByEmail(email: string): AccountRecord | undefined {
    return parse<AccountRecord>(this.statements.accountByEmail.get(email)?.doc);
  }

  accountsByIds(accountIds: readonly string[]): Map<string, AccountRecord> {
    const found = new Map<string, AccountRecord>();
    for (const accountId of new Set(accountIds)) {
      const account = this.accountById(accountId);
      if (account) found.set(accountId, account);
    }
    return found;
  }

  saveAccount(account: AccountRecord): void {
    this.statements.saveAccount.run(account.accountId, account.email, JSON.stringify(account));
  }

  tokenById(tokenId: string): ApiTokenRecordView | undefined {
    return parse<ApiTokenRecordView>(this.statements.token.get(tokenId)?.doc);
  }

  tokenByDigest(tokenHash: string): ApiTokenRecordView | undefined {
    return parse<ApiTokenRecordView>(this.statements.tokenByDigest.get(tokenHash)?.doc);
  }

  tokensOf(accountId: string): ApiTokenRecordView[] {
    return this.statements.tokensOf.all(accountId).map((row) => JSON.parse(row.doc) as ApiTokenRecordView);
  }

  saveToken(token: ApiTokenRecordView, tokenHash: string): void {
    this.statements.saveToken.run(token.tokenId, token.accountId, tokenHash, JSON.stringify(token));
  }

  updateToken(token: ApiTokenRecordView): void {
    this.statements.updateToken.run(JSON.stringify(token), token.tokenId);
  }

  league(leagueId: string): ActiveLeague | undefined {
    return parse<ActiveLeague>(this.statements.league.get(leagueId)?.doc);
  }

  leaguesOf(accountId: string, options: { offset: number; limit: number }): { items: ActiveLeague[]; total: number } {
    const items = this.statements.leaguesOf.all(accountId, options.limit, options.offset).map((row) => JSON.parse(row.doc) as ActiveLeague);
    return { items, total: this.statements.countLeaguesOf.get(accountId)?.total ?? 0 };
  }

  saveLeague(league: ActiveLeague): void {
    this.statements.saveLeague.run(league.leagueId, league.createdAt, JSON.stringify(league));
  }

  roleIn(leagueId: string, accountId: string): LeagueRole | undefined {
    return this.statements.role.get(leagueId, accountId)?.role;
  }

  saveMember(leagueId: string, accountId: string, role: LeagueRole): void {
    this.statements.saveMember.run(leagueId, accountId, role);
  }

  leagueOfSeason(seasonId: string): string | undefined {
    return this.statements.season.get(seasonId)?.league_id;
  }

  seasonStandings(seasonId: string): SeasonStandingsModel | undefined {
    return parse<SeasonStandingsModel>(this.statements.season.get(seasonId)?.standings);
  }

  saveSeasonStandings(model: SeasonStandingsModel): void {
    this.statements.saveSeason.run(model.seasonId, model.leagueId, JSON.stringify(model));
  }

  locateTable(tableId: string): TableLocation | undefined {
    return toLocation(this.statements.table.get(tableId));
  }

  tableOfGame(gameType: string, gameId: string): TableLocation | undefined {
    return toLocation(this.statements.tableOfGame.get(gameKey(gameType, gameId)));
  }

  saveTable(location: TableLocation, gameType: string, gameId: string): void {
    this.statements.saveTable.run(location.tableId, location.leagueId, location.seasonId, gameKey(gameType, gameId));
  }

  gameResult(gameType: string, gameId: string): StoredGameResult | undefined {
    const row = this.statements.result.get(gameKey(gameType, gameId));
    return row ? { result: JSON.parse(row.doc), position: row.position } : undefined;
  }

  saveGameResult(stored: StoredGameResult): void {
    const { result, position } = stored;
    this.statements.saveResult.run(gameKey(result.gameType, result.gameId), position, JSON.stringify(result));
  }

  annotation(annotationId: string): TradeAnnotationRecord | undefined {
    return parse<TradeAnnotationRecord>(this.statements.annotation.get(annotationId)?.doc);
  }

  annotationsOf(leagueId: string, tradeId?: string): TradeAnnotationRecord[] {
    const rows = tradeId === undefined ? this.statements.annotationsOf.all(leagueId) : this.statements.annotationsOfTrade.all(leagueId, tradeId);
    return rows.map((row) => JSON.parse(row.doc) as TradeAnnotationRecord);
  }

  /** The first annotation recorded with an id wins (ids are unique unless the log says otherwise). */
  saveAnnotation(annotation: TradeAnnotationRecord): void {
    this.statements.saveAnnotation.run(annotation.annotationId, annotation.leagueId, annotation.tradeId, JSON.stringify(annotation));
  }

  rationale(leagueId: string, tradeId: string): TradeRationaleRecord | undefined {
    return parse<TradeRationaleRecord>(this.statements.rationale.get(leagueId, tradeId)?.doc);
  }

  rationalesOf(leagueId: string): TradeRationaleRecord[] {
    return this.statements.rationalesOf.all(leagueId).map((row) => JSON.parse(row.doc) as TradeRationaleRecord);
  }

  /** A later rationale of the same trade replaces the earlier one (and keeps its place in the list). */
  namedRefereesOf(gameType: string, gameId: string): string[] {
    return parse<string[]>(this.statements.gameReferees.get(gameKey(gameType, gameId))?.doc) ?? [];
  }

  saveGameReferees(gameType: string, gameId: string, referees: readonly string[]): void {
    this.statements.saveGameReferees.run(gameKey(gameType, gameId), JSON.stringify(referees));
  }

  saveRationale(rationale: TradeRationaleRecord): void {
    this.statements.saveRationale.run(rationale.leagueId, rationale.tradeId, JSON.stringify(rationale), rationale.position);
  }

  close(): void {
    this.db.close();
  }

  private migrate(): void {
    this.db.exec('CREATE TABLE IF NOT EXISTS identity_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    const version = this.db.prepare<[], { value: string }>("SELECT value FROM identity_meta WHERE key = 'schema'").get()?.value;
    if (version !== SCHEMA_VERSION) {
      // Another shape (or none yet): start over from the beginning of the log.
      this.db.exec(TABLES.map((table) => `DROP TABLE IF EXISTS ${table};`).join('\n'));
      this.db.exec("DELETE FROM identity_meta WHERE key = 'checkpoint'");
    }
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS identity_accounts (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, account_id TEXT NOT NULL UNIQUE, email TEXT NOT NULL, doc TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS identity_accounts_by_email ON identity_accounts (email, seq);
      CREATE TABLE IF NOT EXISTS identity_api_tokens (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, token_id TEXT NOT NULL UNIQUE, account_id TEXT NOT NULL,
        token_hash TEXT NOT NULL, doc TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS identity_api_tokens_by_digest ON identity_api_tokens (token_hash, seq);
      CREATE INDEX IF NOT EXISTS identity_api_tokens_by_account ON identity_api_tokens (account_id, seq);
      CREATE TABLE IF NOT EXISTS identity_leagues (league_id TEXT PRIMARY KEY, created_at TEXT NOT NULL, doc TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS identity_league_members (
        league_id TEXT NOT NULL, account_id TEXT NOT NULL, role TEXT NOT NULL, PRIMARY KEY (league_id, account_id)
      );
      CREATE INDEX IF NOT EXISTS identity_league_members_by_account ON identity_league_members (account_id);
      CREATE TABLE IF NOT EXISTS identity_seasons (season_id TEXT PRIMARY KEY, league_id TEXT NOT NULL, standings TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS identity_tables (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, table_id TEXT NOT NULL UNIQUE, league_id TEXT NOT NULL,
        season_id TEXT NOT NULL, game_key TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS identity_tables_by_game ON identity_tables (game_key, seq);
      CREATE TABLE IF NOT EXISTS identity_game_results (game_key TEXT PRIMARY KEY, position INTEGER NOT NULL, doc TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS identity_trade_annotations (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, annotation_id TEXT NOT NULL UNIQUE, league_id TEXT NOT NULL,
        trade_id TEXT NOT NULL, doc TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS identity_trade_annotations_by_trade ON identity_trade_annotations (league_id, trade_id, seq);
      CREATE TABLE IF NOT EXISTS identity_game_referees (game_key TEXT PRIMARY KEY, doc TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS identity_trade_rationales (
        league_id TEXT NOT NULL, trade_id TEXT NOT NULL, doc TEXT NOT NULL, first_seq INTEGER NOT NULL,
        PRIMARY KEY (league_id, trade_id)
      );
    `);
    this.db
      .prepare("INSERT INTO identity_meta (key, value) VALUES ('schema', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
      .run(SCHEMA_VERSION);
  }
}

function parse<T>(doc: string | undefined): T | undefined {
  return doc === undefined ? undefined : (JSON.parse(doc) as T);
}

function toLocation(row: { league_id: string; season_id: string; table_id: string } | undefined): TableLocation | undefined {
  return row ? { leagueId: row.league_id, seasonId: row.season_id, tableId: row.table_id } : undefined;
}
