import type { ActiveLeague, GameResult, LeagueRole, Scope, SeasonStandingsModel, TradeRef } from '@corbeille/identity';

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

/** A teacher's annotation of a trade. */
export interface TradeAnnotationRecord {
  readonly annotationId: string;
  readonly leagueId: string;
  readonly tradeId: string;
  readonly trade: TradeRef;
  readonly tableId: string;
  readonly authorId: string;
  readonly comment: string | null;
  readonly flagged: boolean;
  readonly score: number | null;
  readonly annotatedAt: string;
  /** Log position of the event that recorded it. */
  readonly position: number;
}

/** A student's rationale of a trade (the latest one written). */
export interface TradeRationaleRecord {
  readonly leagueId: string;
  readonly tradeId: string;
  readonly trade: TradeRef;
  readonly tableId: string;
  readonly authorId: string;
  readonly rationale: string;
  readonly recordedAt: string;
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
  /** The accounts a free game's creator named as its referees (addGameReferee), in the order named. */
  namedRefereesOf(gameType: string, gameId: string): string[];
  gameResult(gameType: string, gameId: string): StoredGameResult | undefined;
  seasonStandings(seasonId: string): SeasonStandingsModel | undefined;
  /** A league's annotations, oldest first (of one trade, when given). */
  annotationsOf(leagueId: string, tradeId?: string): TradeAnnotationRecord[];
  annotation(annotationId: string): TradeAnnotationRecord | undefined;
  /** A league's rationales, oldest first. */
  rationalesOf(leagueId: string): TradeRationaleRecord[];
  rationale(leagueId: string, tradeId: string): TradeRationaleRecord | undefined;
}
