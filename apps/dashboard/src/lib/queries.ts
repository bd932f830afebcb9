import type { Requester } from './graphql';
import { EVENTS_ARGUMENTS, EVENTS_VARIABLES, type EventsArgs } from './audit-trail';
import type {
  Connection,
  GameEvent,
  GameSnapshot,
  GameSummary,
  LegalAction,
  Player,
  Portfolio,
  PriceBoard,
} from './types';

export const GAME_FIELDS = `id phase players { playerId name seat } brokerId round roundLimit createdAt updatedAt eventCount lastPosition winners league`;
export const BOARD_FIELDS = `round lastPosition stocks { stock price splits timesOffMarket history { position revision round price } }`;
export const PORTFOLIO_FIELDS = `playerId name cash loan netWorth holdings { stock shares value }`;
export const EVENT_FIELDS = `id position revision type data occurredAt actor commandId voided rulingOfDispute`;
export const SNAPSHOT_FIELDS = `position revision phase round prices { stock price } players { playerId name cash loan netWorth holdings { stock shares value } } standings { playerId rank finalCash } winners endReason`;

/** The API's largest page. */
export const MAX_PAGE_SIZE = 100;

// ---- Games overview ---------------------------------------------------------------------------

export interface LeagueGame extends GameSummary {
  readonly portfolios: readonly Pick<Portfolio, 'playerId' | 'name' | 'netWorth'>[];
}

const GAMES_QUERY = `query DashboardGames($first: Int!, $after: String) {
  games(first: $first, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { cursor node { ${GAME_FIELDS} portfolios { playerId name netWorth } } }
  }
}`;

export interface GamesList {
  readonly games: LeagueGame[];
  readonly totalCount: number;
  /** False when more games exist than were read (`maxGames`). */
  readonly complete: boolean;
}

/** All games, newest first, with their portfolios (read page by page, at most `maxGames`). */
export async function fetchGames(request: Requester, maxGames = 1000): Promise<GamesList> {
  const games: LeagueGame[] = [];
  let after: string | null = null;
  let totalCount = 0;
  for (;;) {
    const data: { games: Connection<LeagueGame> } = await request(GAMES_QUERY, { first: MAX_PAGE_SIZE, after });
    totalCount = data.games.totalCount;
    games.push(...data.games.edges.map((edge) => edge.node));
    after = data.games.pageInfo.endCursor;
    if (!data.games.pageInfo.hasNextPage || after === null) return { games, totalCount, complete: true };
    if (games.length >= maxGames) return { games, totalCount, complete: false };
  }
}

// ---- One game ---------------------------------------------------------------------------------

export interface GameDetail extends GameSummary {
  readonly priceBoard: PriceBoard | null;
  readonly portfolios: readonly Portfolio[];
}

const GAME_QUERY = `query DashboardGame($id: ID!) {
  game(id: $id) { ${GAME_FIELDS} priceBoard { ${BOARD_FIELDS} } portfolios { ${PORTFOLIO_FIELDS} } }
}`;

/** The game with its board and portfolios, or null when there is no such game. */
export async function fetchGame(request: Requester, id: string): Promise<GameDetail | null> {
  const data: { game: GameDetail | null } = await request(GAME_QUERY, { id });
  return data.game;
}

const GAME_SUMMARY_QUERY = `query DashboardGameSummary($id: ID!) { game(id: $id) { ${GAME_FIELDS} } }`;

export async function fetchGameSummary(request: Requester, id: string): Promise<GameSummary | null> {
  const data: { game: GameSummary | null } = await request(GAME_SUMMARY_QUERY, { id });
  return data.game;
}

export interface PlayerActions {
  readonly playerId: string;
  readonly actions: readonly LegalAction[];
}

/** What every player may do now, in one request (one aliased `legalActions` field per player). */
export async function fetchLegalActions(request: Requester, id: string, players: readonly Player[]): Promise<PlayerActions[]> {
  if (players.length === 0) return [];
  const declarations = players.map((_, index) => `$p${index}: ID!`).join(', ');
  const fields = players
    .map((_, index) => `a${index}: legalActions(playerId: $p${index}) { type stock maxShares lot maxAmount }`)
    .join(' ');
  const query = `query DashboardLegalActions($id: ID!, ${declarations}) { game(id: $id) { id ${fields} } }`;
  const variables: Record<string, string> = { id };
  players.forEach((player, index) => {
    variables[`p${index}`] = player.playerId;
  });
  const data: { game: Record<string, readonly LegalAction[] | string> | null } = await request(query, variables);
  const game = data.game;
  if (game === null) return [];
  return players.map((player, index) => {
    const actions = game[`a${index}`];
    return { playerId: player.playerId, actions: Array.isArray(actions) ? actions : [] };
  });
}

// ---- Events -----------------------------------------------------------------------------------

const EVENTS_QUERY = `query DashboardEvents($id: ID!, ${EVENTS_VARIABLES}) {
  game(id: $id) { id events(${EVENTS_ARGUMENTS}) { totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { ${EVENT_FIELDS} } } } }
}`;

export interface EventsPage {
  readonly events: GameEvent[];
  /** Events in the stream, or matching the filters when filtered. */
  readonly totalCount: number;
  readonly hasNextPage: boolean;
  readonly endCursor: string | null;
  readonly hasPreviousPage: boolean;
  readonly startCursor: string | null;
}

/** An `events` connection as the audit trail asks for it: with both ends of the page. */
export interface EventConnection extends Connection<GameEvent> {
  readonly pageInfo: Connection<GameEvent>['pageInfo'] & { readonly hasPreviousPage: boolean; readonly startCursor: string | null };
}

export function toEventsPage(events: EventConnection): EventsPage {
  return {
    events: events.edges.map((edge) => edge.node),
    totalCount: events.totalCount,
    hasNextPage: events.pageInfo.hasNextPage,
    endCursor: events.pageInfo.endCursor,
    hasPreviousPage: events.pageInfo.hasPreviousPage,
    startCursor: events.pageInfo.startCursor,
  };
}

/** One page of the game's stream, in order (null when there is no such game); `args` filters or pages backward. */
export async function fetchEventsPage(request: Requester, id: string, first: number, after: string | null, args?: EventsArgs): Promise<EventsPage | null> {
  const data: { game: { events: EventConnection } | null } = await request(EVENTS_QUERY, { id, ...(args ?? { first, after }) });
  if (data.game === null) return null;
  return toEventsPage(data.game.events);
}

export interface EventStream {
  readonly events: GameEvent[];
  readonly totalCount: number;
  /** False when the stream is longer than `maxEvents` and only its beginning was read. */
  readonly complete: boolean;
}

/** The game's stream read in pages of 100, at most `maxEvents` events (so requests stay bounded). */
export async function fetchEventStream(request: Requester, id: string, maxEvents = 3000): Promise<EventStream | null> {
  const events: GameEvent[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await fetchEventsPage(request, id, MAX_PAGE_SIZE, after);
    if (page === null) return null;
    events.push(...page.events);
    after = page.endCursor;
    if (!page.hasNextPage || after === null) return { events, totalCount: page.totalCount, complete: true };
    if (events.length >= maxEvents) return { events, totalCount: page.totalCount, complete: false };
  }
}

/** The events the net-worth chart and the round guides are placed on (timeline.ts). */
export const MARK_EVENT_TYPES: readonly string[] = ['OpeningClosed', 'RoundCompleted', 'GameEnded'];
/** Most pages of marks read (100 each, the first with the recent events): a board costs at most this many stream reads. */
export const MAX_MARK_PAGES = 3;

const TIMELINE_QUERY = `query DashboardTimeline($id: ID!, $types: [String!], $after: String, $recent: Int!, $withRecent: Boolean!) {
  game(id: $id) {
    id
    marks: events(first: ${MAX_PAGE_SIZE}, after: $after, types: $types) { pageInfo { hasNextPage endCursor } edges { node { ${EVENT_FIELDS} } } }
    recent: events(last: $recent) @include(if: $withRecent) { edges { node { ${EVENT_FIELDS} } } }
  }
}`;

interface TimelineAnswer {
  readonly game: {
    readonly marks: { readonly pageInfo: { readonly hasNextPage: boolean; readonly endCursor: string | null }; readonly edges: readonly { readonly node: GameEvent }[] };
    readonly recent?: { readonly edges: readonly { readonly node: GameEvent }[] };
  } | null;
}

export interface Timeline {
  /** The mark events (start, round ends, end), oldest first. */
  readonly marks: GameEvent[];
  /** The last `recent` events of the stream, oldest first. */
  readonly recent: GameEvent[];
  /** False when the game has more marks than MAX_MARK_PAGES pages hold. */
  readonly complete: boolean;
}

/**
 * What the live board needs of the stream, in at most MAX_MARK_PAGES requests however long the game:
 * the mark events (filtered by the API) and the last `recent` events, together in the first request.
 */
export async function fetchTimeline(request: Requester, id: string, recent: number): Promise<Timeline | null> {
  const marks: GameEvent[] = [];
  let latest: GameEvent[] = [];
  let after: string | null = null;
  for (let page = 0; page < MAX_MARK_PAGES; page += 1) {
    const data: TimelineAnswer = await request(TIMELINE_QUERY, { id, types: MARK_EVENT_TYPES, after, recent, withRecent: page === 0 });
    if (data.game === null) return null;
    marks.push(...data.game.marks.edges.map((edge) => edge.node));
    if (page === 0) latest = (data.game.recent?.edges ?? []).map((edge) => edge.node);
    after = data.game.marks.pageInfo.endCursor;
    if (!data.game.marks.pageInfo.hasNextPage || after === null) return { marks, recent: latest, complete: true };
  }
  return { marks, recent: latest, complete: false };
}

// ---- Time travel ------------------------------------------------------------------------------

const SNAPSHOT_QUERY = `query DashboardGameAt($id: ID!, $position: SafeInt!) { gameAt(id: $id, position: $position) { ${SNAPSHOT_FIELDS} } }`;

/** The game as it was after the event at `position` (null before its first event). */
export async function fetchSnapshot(request: Requester, id: string, position: number): Promise<GameSnapshot | null> {
  const data: { gameAt: GameSnapshot | null } = await request(SNAPSHOT_QUERY, { id, position });
  return data.gameAt;
}

/** Several snapshots in one request: one aliased `gameAt` per position. */
export async function fetchSnapshots(request: Requester, id: string, positions: readonly number[]): Promise<(GameSnapshot | null)[]> {
  if (positions.length === 0) return [];
  const declarations = positions.map((_, index) => `$p${index}: SafeInt!`).join(', ');
  const fields = positions.map((_, index) => `s${index}: gameAt(id: $id, position: $p${index}) { ${SNAPSHOT_FIELDS} }`).join(' ');
  const query = `query DashboardGameAtMany($id: ID!, ${declarations}) { ${fields} }`;
  const variables: Record<string, string | number> = { id };
  positions.forEach((position, index) => {
    variables[`p${index}`] = position;
  });
  const data: Record<string, GameSnapshot | null> = await request(query, variables);
  return positions.map((_, index) => data[`s${index}`] ?? null);
}
