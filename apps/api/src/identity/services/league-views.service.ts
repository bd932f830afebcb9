import { Inject, Injectable } from '@nestjs/common';
import { Forbidden, NotFound } from '@corbeille/kernel';
import {
  findSeason,
  findTable,
  roleOf,
  roleTitle,
  roundRating,
  seasonToCsv,
  seasonToJson,
  visibilityOf,
  type ActiveLeague,
  type GameRecord,
  type LeagueSeason,
  type LeagueTable,
  type SeasonExportData,
  type SeasonExportPart,
  type SeasonStandingsModel,
  type StandingChange,
  type StandingRow,
} from '@corbeille/identity';
import type { ProjectionEngine } from '@corbeille/projections';
import type { Principal } from '../../access/access.port';
import { offsetConnection, type ConnectionShape } from '../../common/pagination/connection.model';
import { PROJECTIONS } from '../../infrastructure/infrastructure.tokens';
import { requireAccount, type AccountPrincipal } from '../auth/principal-requirements';
import { IDENTITY_PROJECTION } from '../identity.tokens';
import type { SeasonExportFormatValue } from '../models/identity-enums';
import type {
  LeagueMemberModel,
  LeagueModel,
  LeagueTableModel,
  SeasonExportModel,
  SeasonModel,
  SeasonResultModel,
  SeasonStandingModel,
  StandingChangeModel,
} from '../models/league.model';
import type { AccountRecord } from '../read-models/identity-read-models';
import type { IdentityProjection } from '../read-models/identity.projection';

export const LEAGUE_CURSOR = 'league';

/** Reads of leagues, seasons, standings and exports, for members only (and tokens with `read`). */
@Injectable()
export class LeagueViewsService {
  constructor(
    @Inject(IDENTITY_PROJECTION) private readonly projection: IdentityProjection,
    @Inject(PROJECTIONS) private readonly games: ProjectionEngine,
  ) {}

  /** The leagues the signed-in account belongs to, newest first. */
  async leagues(principal: Principal, offset: number, limit: number): Promise<ConnectionShape<LeagueModel>> {
    const account = requireAccount(principal, 'read');
    await this.caughtUp();
    const page = this.projection.store.leaguesOf(account.accountId, { offset, limit });
    return offsetConnection(LEAGUE_CURSOR, page.items.map((league) => this.leagueModel(league, account)), offset, page.total);
  }

  /** Null for an unknown league; FORBIDDEN for one the account is not a member of. */
  async league(principal: Principal, leagueId: string): Promise<LeagueModel | null> {
    const account = requireAccount(principal, 'read');
    await this.caughtUp();
    const league = this.projection.store.league(leagueId);
    if (!league) return null;
    this.requireMember(league, account);
    return this.leagueModel(league, account);
  }

  /** A league as a member sees it (no membership check: the caller made it). */
  leagueModelOf(leagueId: string, principal: AccountPrincipal): LeagueModel {
    return this.leagueModel(this.requireLeague(leagueId), principal);
  }

  seasonModelOf(seasonId: string): SeasonModel {
    const { league, season } = this.requireSeason(seasonId);
    return this.seasonModel(league, season, this.names(league));
  }

  tableModelOf(tableId: string): LeagueTableModel {
    const leagueId = this.projection.store.locateTable(tableId)?.leagueId;
    const league = leagueId ? this.projection.store.league(leagueId) : undefined;
    const table = league ? findTable(league, tableId) : undefined;
    if (!league || !table) throw new NotFound('TABLE_NOT_FOUND', `There is no table with id "${tableId}"`, { tableId });
    return this.tableModel(table, this.names(league), league.leagueId);
  }

  memberModelOf(leagueId: string, accountId: string): LeagueMemberModel {
    const league = this.requireLeague(leagueId);
    const member = league.members.find((candidate) => candidate.accountId === accountId);
    if (!member) throw new NotFound('MEMBER_NOT_FOUND', 'There is no such member', { accountId });
    return this.memberModel(league, member, this.names(league));
  }

  async standings(seasonId: string): Promise<SeasonStandingModel[]> {
    await this.caughtUp();
    const { league, model } = this.seasonWithStandings(seasonId);
    const names = this.names(league, model);
    const history = new Map<string, StandingChange[]>();
    for (const change of model.history) history.set(change.participantId, [...(history.get(change.participantId) ?? []), change]);
    return model.standings.rows.map((row) => ({
      ...row,
      displayName: participantName(row, names),
      rating: roundRating(row.rating),
      history: (history.get(row.participantId) ?? []).map(toStandingChangeModel),
    }));
  }

  async results(seasonId: string): Promise<SeasonResultModel[]> {
    await this.caughtUp();
    const { league, model } = this.seasonWithStandings(seasonId);
    const names = this.names(league, model);
    return model.standings.games.map((game) => toResultModel(game, names));
  }

  async export(
    principal: Principal,
    seasonId: string,
    format: SeasonExportFormatValue,
    part: SeasonExportPart,
    leagueId?: string,
  ): Promise<SeasonExportModel> {
    const account = requireAccount(principal, 'read');
    await this.caughtUp();
    const { league, season, model } = this.seasonWithStandings(seasonId);
    if (leagueId !== undefined && league.leagueId !== leagueId) throw seasonNotFound(seasonId);
    this.requireMember(league, account);
    const names = this.names(league, model);
    const data: SeasonExportData = {
      league: { leagueId: league.leagueId, name: league.name, kind: league.kind },
      season: { seasonId: season.seasonId, name: season.name, createdAt: season.createdAt, closedAt: season.closedAt },
      scoring: league.scoring,
      standings: model.standings.rows.map((row) => ({ ...row, name: participantName(row, names) })),
      games: model.standings.games.map((game) => ({
        ...game,
        entries: game.entries.map((entry) => ({ ...entry, name: participantName(entry, names) })),
      })),
    };
    const base = `${slug(league.name)}-${slug(season.name)}${part === 'all' ? '' : `-${part}`}`;
    return format === 'csv'
      ? { seasonId, filename: `${base}.csv`, contentType: 'text/csv; charset=utf-8', content: seasonToCsv(data, part) }
      : { seasonId, filename: `${base}.json`, contentType: 'application/json', content: seasonToJson(data, part) };
  }

  requireMember(league: ActiveLeague, account: AccountPrincipal): void {
    if (roleOf(league, account.accountId) === undefined) {
      throw new Forbidden('NOT_A_MEMBER', `Only members of this ${league.kind} may see it`, { leagueId: league.leagueId });
    }
  }

  /** Results of finished games reach the standings through the log: read once it has been folded this far. */
  private async caughtUp(): Promise<void> {
    await this.projection.waitFor(this.games.checkpoint());
  }

  private requireLeague(leagueId: string): ActiveLeague {
    const league = this.projection.store.league(leagueId);
    if (!league) throw new NotFound('LEAGUE_NOT_FOUND', `There is no league with id "${leagueId}"`, { leagueId });
    return league;
  }

  private requireSeason(seasonId: string): { league: ActiveLeague; season: LeagueSeason } {
    const leagueId = this.projection.store.leagueOfSeason(seasonId);
    const league = leagueId ? this.projection.store.league(leagueId) : undefined;
    const season = league ? findSeason(league, seasonId) : undefined;
    if (!league || !season) throw seasonNotFound(seasonId);
    return { league, season };
  }

  private seasonWithStandings(seasonId: string): { league: ActiveLeague; season: LeagueSeason; model: SeasonStandingsModel } {
    const { league, season } = this.requireSeason(seasonId);
    const model = this.projection.store.seasonStandings(seasonId);
    if (!model) throw seasonNotFound(seasonId);
    return { league, season, model };
  }

  /** Accounts named anywhere in the league (members, seats, standings). */
  private names(league: ActiveLeague, model?: SeasonStandingsModel): Map<string, AccountRecord> {
    const ids = [
      ...league.members.map((member) => member.accountId),
      ...league.seasons.flatMap((season) => season.tables.flatMap((table) => table.seats.flatMap(({ seat }) => (seat.kind === 'account' ? [seat.accountId] : [])))),
      ...(model?.standings.rows.flatMap((row) => (row.accountId ? [row.accountId] : [])) ?? []),
    ];
    return this.projection.store.accountsByIds(ids);
  }

  private leagueModel(league: ActiveLeague, account: AccountPrincipal): LeagueModel {
    const names = this.names(league);
    return {
      id: league.leagueId,
      name: league.name,
      kind: league.kind,
      scoring: [...league.scoring],
      visibility: visibilityOf(league),
      createdAt: league.createdAt,
      myRole: roleOf(league, account.accountId) ?? null,
      members: league.members.map((member) => this.memberModel(league, member, names)),
      seasons: league.seasons.map((season) => this.seasonModel(league, season, names)),
    };
  }

  private memberModel(league: ActiveLeague, member: ActiveLeague['members'][number], names: Map<string, AccountRecord>): LeagueMemberModel {
    return {
      accountId: member.accountId,
      displayName: names.get(member.accountId)?.displayName ?? member.accountId,
      role: member.role,
      title: roleTitle(league.kind, member.role),
      addedAt: member.addedAt,
    };
  }

  private seasonModel(league: ActiveLeague, season: LeagueSeason, names: Map<string, AccountRecord>): SeasonModel {
    return {
      id: season.seasonId,
      leagueId: league.leagueId,
      name: season.name,
      status: season.closedAt === null ? 'open' : 'closed',
      createdAt: season.createdAt,
      closedAt: season.closedAt,
      tables: season.tables.map((table) => this.tableModel(table, names, league.leagueId)),
    };
  }

  private tableModel(table: LeagueTable, names: Map<string, AccountRecord>, leagueId: string): LeagueTableModel {
    const stored = this.projection.store.gameResult(table.gameType, table.gameId);
    return {
      id: table.tableId,
      leagueId,
      seasonId: table.seasonId,
      gameType: table.gameType,
      gameId: table.gameId,
      options: table.options,
      scheduledAt: table.scheduledAt,
      seats: table.seats.map(({ playerId, seat, seatedAt }) =>
        seat.kind === 'account'
          ? { playerId, kind: 'account', accountId: seat.accountId, displayName: names.get(seat.accountId)?.displayName ?? seat.accountId, botStrategy: null, seatedAt }
          : { playerId, kind: 'bot', accountId: null, displayName: playerId, botStrategy: seat.strategy, seatedAt },
      ),
      result: stored ? { finishedAt: stored.result.finishedAt, standings: stored.result.standings.map((standing) => ({ ...standing })) } : null,
    };
  }
}

function participantName(row: Pick<StandingRow, 'participantId' | 'accountId'>, names: Map<string, AccountRecord>): string {
  if (row.accountId !== null) return names.get(row.accountId)?.displayName ?? row.accountId;
  return row.participantId.replace(/^(bot|guest):/, '');
}

function toStandingChangeModel(change: StandingChange): StandingChangeModel {
  return {
    ...change,
    gameType: change.gameType as StandingChangeModel['gameType'],
    ratingBefore: change.ratingBefore === null ? null : roundRating(change.ratingBefore),
    rating: change.rating === null ? null : roundRating(change.rating),
  };
}

function toResultModel(game: GameRecord, names: Map<string, AccountRecord>): SeasonResultModel {
  return {
    tableId: game.tableId,
    gameType: game.gameType as SeasonResultModel['gameType'],
    gameId: game.gameId,
    finishedAt: game.finishedAt,
    entries: game.entries.map((entry) => ({
      playerId: entry.playerId,
      participantId: entry.participantId,
      kind: entry.kind,
      displayName: participantName(entry, names),
      rank: entry.rank,
      finalWealth: entry.finalWealth,
      points: entry.points,
      ratingBefore: roundRating(entry.ratingBefore),
      ratingAfter: roundRating(entry.ratingAfter),
    })),
  };
}

function seasonNotFound(seasonId: string): NotFound {
  return new NotFound('SEASON_NOT_FOUND', `There is no season with id "${seasonId}"`, { seasonId });
}

function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, '-')
      .slice(0, 40) || 'season'
  );
}
