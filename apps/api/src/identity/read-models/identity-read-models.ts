import type { ActiveLeague, GameResult, LeagueRole, Scope, SeasonStandingsModel } from '@corbeille/identity';

/** Accounts as the read models keep them: what sign-in and the principal need. */
export interface AccountRecord {
  readonly accountId: string;
  readonly email: string;
  readonly displayName: string;
  readonly passwordHash: string;
  readonly registeredAt: string;
}

/** An API token without its digest. */
export interface ApiTokenRecordView {
  readonly tokenId: string;
  readonly accountId: string;
  readonly name: string;
  readonly scopes: readonly Scope[];
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
  readonly revokedAt: string | null;
}

export interface TableLocation {
  readonly leagueId: string;
  readonly seasonId: string;
  readonly tableId: string;
}

export interface StoredGameResult {
  readonly result: GameResult;
  /** Log position of the event the result was read from. */
  readonly position: number;
}

/** The identity read models, as services and the access policy read them. */
export interface IdentityQueries {
  accountById(accountId: string): AccountRecord | undefined;
  accountByEmail(email: string): AccountRecord | undefined;
  accountsByIds(accountIds: readonly string[]): Map<string, AccountRecord>;
  tokenByDigest(tokenHash: string): ApiTokenRecordView | undefined;
  tokensOf(accountId: string): ApiTokenRecordView[];
  league(leagueId: string): ActiveLeague | undefined;
  leaguesOf(accountId: string, options: { offset: number; limit: number }): { items: ActiveLeague[]; total: number };
  roleIn(leagueId: string, accountId: string): LeagueRole | undefined;
  leagueOfSeason(seasonId: string): string | undefined;
  locateTable(tableId: string): TableLocation | undefined;
  tableOfGame(gameType: string, gameId: string): TableLocation | undefined;
  gameResult(gameType: string, gameId: string): StoredGameResult | undefined;
  seasonStandings(seasonId: string): SeasonStandingsModel | undefined;
}
