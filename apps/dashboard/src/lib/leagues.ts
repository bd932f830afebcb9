import type { Requester } from './graphql';

/** Leagues, classes, seasons and standings as the API returns them (identity module). */

export type LeagueKind = 'LEAGUE' | 'CLASS';
export type LeagueRole = 'ORGANISER' | 'PLAYER' | 'SPECTATOR';
export const LEAGUE_ROLES: readonly LeagueRole[] = ['ORGANISER', 'PLAYER', 'SPECTATOR'];

export interface LeagueSummary {
  readonly id: string;
  readonly name: string;
  readonly kind: LeagueKind;
  readonly myRole: LeagueRole | null;
  readonly createdAt: string;
}

export interface LeagueMember {
  readonly accountId: string;
  readonly displayName: string;
  readonly role: LeagueRole;
  readonly title: string;
  readonly addedAt: string;
}

export interface StandingChange {
  readonly position: number;
  readonly at: string;
  readonly gameId: string | null;
  readonly rank: number | null;
  readonly rankBefore: number | null;
  readonly rating: number | null;
  readonly points: number;
  readonly reason: string;
}

export interface SeasonStanding {
  readonly participantId: string;
  readonly displayName: string;
  readonly kind: string;
  readonly rank: number;
  readonly points: number;
  readonly rating: number;
  readonly wins: number;
  readonly gamesPlayed: number;
  readonly averageFinalWealth: number;
  readonly history: readonly StandingChange[];
}

export interface TableSeat {
  readonly playerId: string;
  readonly displayName: string;
  readonly kind: string;
  readonly accountId: string | null;
}

export interface LeagueTable {
  readonly id: string;
  readonly gameId: string;
  readonly gameType: string;
  readonly scheduledAt: string;
  readonly seats: readonly TableSeat[];
  readonly result: { readonly finishedAt: string; readonly standings: readonly { playerId: string; rank: number; finalWealth: number }[] } | null;
}

export interface Season {
  readonly id: string;
  readonly name: string;
  readonly status: string;
  readonly createdAt: string;
  readonly closedAt: string | null;
  readonly tables: readonly LeagueTable[];
  readonly standings: readonly SeasonStanding[];
}

export interface LeagueDetail extends LeagueSummary {
  readonly scoring: readonly number[];
  readonly members: readonly LeagueMember[];
  readonly seasons: readonly Season[];
}

const LEAGUES_QUERY = `query DashboardLeagues($first: Int!, $after: String) {
  leagues(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { id name kind myRole createdAt } } }
}`;

export async function fetchLeagues(request: Requester): Promise<LeagueSummary[]> {
  const leagues: LeagueSummary[] = [];
  let after: string | null = null;
  for (let page = 0; page < 10; page += 1) {
    const data: { leagues: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { node: LeagueSummary }[] } } = await request(
      LEAGUES_QUERY,
      { first: 100, after },
    );
    leagues.push(...data.leagues.edges.map((edge) => edge.node));
    after = data.leagues.pageInfo.endCursor;
    if (!data.leagues.pageInfo.hasNextPage || after === null) break;
  }
  return leagues;
}

const MEMBER_FIELDS = `accountId displayName role title addedAt`;

const LEAGUE_QUERY = `query DashboardLeague($id: ID!) {
  league(id: $id) {
    id name kind myRole createdAt scoring
    members { ${MEMBER_FIELDS} }
    seasons {
      id name status createdAt closedAt
      tables { id gameId gameType scheduledAt seats { playerId displayName kind accountId } result { finishedAt standings { playerId rank finalWealth } } }
      standings { participantId displayName kind rank points rating wins gamesPlayed averageFinalWealth
        history { position at gameId rank rankBefore rating points reason } }
    }
  }
}`;

export async function fetchLeague(request: Requester, id: string): Promise<LeagueDetail | null> {
  const data: { league: LeagueDetail | null } = await request(LEAGUE_QUERY, { id });
  return data.league;
}

export const ADD_MEMBER_MUTATION = `mutation DashboardAddMember($input: AddLeagueMemberInput!) {
  addLeagueMember(input: $input) { ${MEMBER_FIELDS} }
}`;

export function leagueHref(league: Pick<LeagueSummary, 'id' | 'kind'>): string {
  return `/${league.kind === 'CLASS' ? 'classes' : 'leagues'}/${encodeURIComponent(league.id)}`;
}

export interface RankPoint {
  /** 0 for the start of the season, then one per standings change (game results, in log order). */
  readonly x: number;
  readonly rank: number;
}

/**
 * The x axis of the rank history: every distinct log position at which any standing changed, in order,
 * so that the same game lines up across players.
 */
export function rankTimeline(standings: readonly SeasonStanding[]): number[] {
  return [...new Set(standings.flatMap((standing) => standing.history.map((change) => change.position)))].sort((a, b) => a - b);
}

/** Each participant's rank after each change of the season (steps on the shared timeline, from their first ranked change). */
export function rankSeries(standing: SeasonStanding, timeline: readonly number[]): RankPoint[] {
  const index = new Map(timeline.map((position, at) => [position, at + 1]));
  const points: RankPoint[] = [];
  for (const change of standing.history) {
    const x = index.get(change.position);
    if (x === undefined || change.rank === null) continue;
    points.push({ x, rank: change.rank });
  }
  return points.sort((a, b) => a.x - b.x);
}

export function roleLabel(role: LeagueRole, kind: LeagueKind): string {
  if (kind === 'CLASS') return role === 'ORGANISER' ? 'Teacher' : role === 'PLAYER' ? 'Student' : 'Spectator';
  return role === 'ORGANISER' ? 'Organiser' : role === 'PLAYER' ? 'Player' : 'Spectator';
}

export function gameTypeLabel(type: string): string {
  return type === 'STOCK_TICKER' ? 'Stock Ticker' : type === 'BOLSA' ? 'BOLSA' : type === 'MAXI_BOURSE' ? 'Maxi Bourse' : type;
}
