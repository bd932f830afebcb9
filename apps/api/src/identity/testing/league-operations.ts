/** GraphQL documents of the league tests. */
export const CREATE_LEAGUE = `mutation CreateLeague($input: CreateLeagueInput!) {
  createLeague(input: $input) { id name kind scoring createdAt myRole members { accountId displayName role title } seasons { id } }
}`;
export const ADD_MEMBER = `mutation AddMember($input: AddLeagueMemberInput!) {
  addLeagueMember(input: $input) { accountId displayName role title addedAt }
}`;
export const CREATE_SEASON = `mutation CreateSeason($input: CreateSeasonInput!) {
  createSeason(input: $input) { id leagueId name status createdAt closedAt tables { id } }
}`;
export const TABLE_FIELDS = `id leagueId seasonId gameType gameId options scheduledAt
  seats { playerId kind accountId displayName botStrategy seatedAt }
  result { finishedAt standings { playerId rank finalWealth } }`;
export const SCHEDULE_TABLE = `mutation Schedule($input: ScheduleTableInput!) { scheduleTable(input: $input) { ${TABLE_FIELDS} } }`;
export const SEAT_PLAYER = `mutation Seat($input: SeatPlayerInput!) { seatPlayer(input: $input) { ${TABLE_FIELDS} } }`;
export const CLOSE_SEASON = `mutation Close($input: CloseSeasonInput!) { closeSeason(input: $input) { id status closedAt } }`;
export const LEAGUE = `query League($id: ID!) {
  league(id: $id) {
    id name kind scoring myRole
    members { accountId displayName role title }
    seasons {
      id name status closedAt
      tables { ${TABLE_FIELDS} }
      standings {
        rank participantId kind accountId displayName points gamesPlayed wins totalFinalWealth averageFinalWealth rating
        history { reason position at tableId gameType gameId rankBefore rank pointsBefore points ratingBefore rating gamesPlayedBefore gamesPlayed }
      }
      results { tableId gameType gameId finishedAt entries { playerId participantId kind displayName rank finalWealth points ratingBefore ratingAfter } }
    }
  }
}`;
export const LEAGUES = `query Leagues($first: Int, $after: String) {
  leagues(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { id name kind myRole } } }
}`;
export const SEASON_EXPORT = `query Export($seasonId: ID!, $format: SeasonExportFormat, $part: SeasonExportPart) {
  seasonExport(seasonId: $seasonId, format: $format, part: $part) { seasonId filename contentType content }
}`;

export interface TableView {
  id: string;
  leagueId: string;
  seasonId: string;
  gameType: string;
  gameId: string;
  options: unknown;
  seats: { playerId: string; kind: string; accountId: string | null; displayName: string; botStrategy: string | null }[];
  result: { finishedAt: string; standings: { playerId: string; rank: number; finalWealth: number }[] } | null;
}

export interface StandingView {
  rank: number;
  participantId: string;
  kind: string;
  accountId: string | null;
  displayName: string;
  points: number;
  gamesPlayed: number;
  wins: number;
  totalFinalWealth: number;
  averageFinalWealth: number;
  rating: number;
  history: {
    reason: string;
    position: number;
    gameId: string | null;
    rankBefore: number | null;
    rank: number | null;
    pointsBefore: number;
    points: number;
    ratingBefore: number | null;
    rating: number | null;
  }[];
}

export interface LeagueView {
  league: {
    id: string;
    name: string;
    kind: string;
    scoring: number[];
    myRole: string | null;
    members: { accountId: string; displayName: string; role: string; title: string }[];
    seasons: {
      id: string;
      name: string;
      status: string;
      closedAt: string | null;
      tables: TableView[];
      standings: StandingView[];
      results: { tableId: string; gameId: string; finishedAt: string; entries: { playerId: string; participantId: string; rank: number; finalWealth: number; points: number; ratingAfter: number }[] }[];
    }[];
  } | null;
}
