import type { Requester } from './graphql';
import type { GameEvent, Player } from './types';
import { EVENTS_ARGUMENTS, EVENTS_VARIABLES, type EventsArgs } from './audit-trail';
import { toEventsPage, type EventConnection, type EventsPage } from './queries';

/**
 * BOLSA and Maxi Bourse games as the API serves them. Both count whole units (BOLSA euros, Maxi Bourse
 * dollars); the dashboard turns them into cents (`dollarsToCents`) so every amount is written the same way.
 */

export type GameKind = 'STOCK_TICKER' | 'BOLSA' | 'MAXI_BOURSE';

export const GAME_KIND_LABELS: Readonly<Record<GameKind, string>> = { STOCK_TICKER: 'Stock Ticker', BOLSA: 'BOLSA', MAXI_BOURSE: 'Maxi Bourse' };

export function dollarsToCents(dollars: number): number {
  return dollars * 100;
}

export interface Viewer {
  readonly kind: 'PLAYER' | 'REFEREE' | 'SPECTATOR';
  readonly playerId: string | null;
}

/** What the header of a BOLSA or Maxi Bourse page shows. */
export interface OtherGameSummary {
  readonly kind: Exclude<GameKind, 'STOCK_TICKER'>;
  readonly id: string;
  readonly phase: string;
  readonly players: readonly Player[];
  readonly league: string | null;
  readonly eventCount: number;
  readonly lastPosition: number;
  readonly updatedAt: string;
  readonly winners: readonly string[];
  /** "Month 2 of 3" / "Turn 4 of 40". */
  readonly progress: string;
  readonly viewer: Viewer;
}

const SUMMARY_COMMON = `id phase league eventCount lastPosition updatedAt winners players { playerId name seat } viewer { kind playerId }`;

const KIND_QUERY = `query DashboardGameKind($id: ID!) {
  game(id: $id) { id }
  bolsaGame(id: $id) { ${SUMMARY_COMMON} month lastMonth }
  maxiBourseGame(id: $id) { ${SUMMARY_COMMON} tableTurn turnLimit }
}`;

interface KindAnswer {
  readonly game: { id: string } | null;
  readonly bolsaGame: (Omit<OtherGameSummary, 'kind' | 'progress'> & { month: number; lastMonth: number | null }) | null;
  readonly maxiBourseGame: (Omit<OtherGameSummary, 'kind' | 'progress'> & { tableTurn: number; turnLimit: number | null }) | null;
}

export type GameKindLookup = { readonly kind: 'STOCK_TICKER' } | { readonly kind: 'BOLSA' | 'MAXI_BOURSE'; readonly summary: OtherGameSummary } | { readonly kind: null };

/** Which game an id names (one request asks all three games). */
export async function lookUpGameKind(request: Requester, id: string): Promise<GameKindLookup> {
  const data: KindAnswer = await request(KIND_QUERY, { id });
  if (data.game !== null) return { kind: 'STOCK_TICKER' };
  if (data.bolsaGame !== null) {
    const { month, lastMonth, ...rest } = data.bolsaGame;
    const progress = month === 0 ? 'not started' : `month ${month}${lastMonth === null ? '' : ` of ${lastMonth}`}`;
    return { kind: 'BOLSA', summary: { ...rest, kind: 'BOLSA', progress } };
  }
  if (data.maxiBourseGame !== null) {
    const { tableTurn, turnLimit, ...rest } = data.maxiBourseGame;
    const progress = tableTurn === 0 ? 'not started' : `turn ${tableTurn}${turnLimit === null ? '' : ` of ${turnLimit}`}`;
    return { kind: 'MAXI_BOURSE', summary: { ...rest, kind: 'MAXI_BOURSE', progress } };
  }
  return { kind: null };
}

// ---- Boards -------------------------------------------------------------------------------------

/** A company on a board, in cents, with its price history (oldest first, by event position). */
export interface CompanyRow {
  readonly id: string;
  readonly label: string;
  readonly price: number;
  readonly history: readonly { position: number; price: number }[];
  readonly details: readonly string[];
}

export interface PortfolioRow {
  readonly playerId: string;
  readonly name: string;
  readonly seat: number;
  readonly cash: number;
  /** Cash plus shares at market price; null when the shares are hidden from the requester. */
  readonly worth: number | null;
  readonly rank: number | null;
  /** Shares by company; null when hidden from the requester. */
  readonly holdings: readonly { company: string; shares: number; value: number }[] | null;
  readonly notes: readonly string[];
}

export interface PendingDecisionView {
  readonly title: string;
  readonly awaiting: readonly string[];
  readonly lines: readonly string[];
}

export interface OtherGameBoard {
  readonly summary: OtherGameSummary;
  readonly companies: readonly CompanyRow[];
  readonly portfolios: readonly PortfolioRow[];
  readonly decision: PendingDecisionView | null;
  readonly events: readonly GameEvent[];
  readonly boardNotes: readonly string[];
  /** Each player's worth at sampled positions of the game (null where their shares are hidden). */
  readonly worthHistory: readonly WorthPoint[];
}

export interface WorthPoint {
  readonly position: number;
  readonly values: Readonly<Record<string, number | null>>;
}

const EVENT_FIELDS = `id position revision type data occurredAt actor commandId voided rulingOfDispute`;

const BOLSA_BOARD_QUERY = `query DashboardBolsaBoard($id: ID!) {
  bolsaGame(id: $id) {
    board { month companies { company price level dividend available suspended suspendedNextMonth moves { position price } } }
    portfolios { playerId name seat cash worth rank excludedMonths holdings { company shares value } }
    currentMonth { month monthName quarter phase deadline awaiting planned readers readersWhoChose excluded suspended timed }
    events(first: 1) { totalCount }
  }
}`;

interface BolsaBoardAnswer {
  readonly bolsaGame: {
    board: {
      month: number;
      companies: {
        company: string;
        price: number;
        level: number;
        dividend: number;
        available: number;
        suspended: boolean;
        suspendedNextMonth: boolean;
        moves: { position: number; price: number }[];
      }[];
    } | null;
    portfolios: { playerId: string; name: string; seat: number; cash: number; worth: number | null; rank: number | null; excludedMonths: number[]; holdings: { company: string; shares: number; value: number }[] | null }[];
    currentMonth: {
      month: number;
      monthName: string;
      quarter: number;
      phase: string;
      deadline: string | null;
      awaiting: string[];
      planned: string[];
      readers: string[];
      readersWhoChose: string[];
      excluded: string[];
      suspended: string[];
      timed: boolean;
    } | null;
  } | null;
}

const MAXI_BOARD_QUERY = `query DashboardMaxiBourseBoard($id: ID!) {
  maxiBourseGame(id: $id) {
    priceBoard { companies { company name sector price nominal bankShares history { position price } } }
    portfolios { playerId name seat cash shareValue worth rank ruined rumourCount missedTurns holdings { company shares value } }
    pendingDecision { kind awaiting roller company price lots pending mode dice }
    board { dice roller pawns { playerId position circuits missedTurns ruined } }
  }
}`;

interface MaxiBoardAnswer {
  readonly maxiBourseGame: {
    priceBoard: { companies: { company: string; name: string; sector: string; price: number; nominal: number; bankShares: number; history: { position: number; price: number }[] }[] } | null;
    portfolios: {
      playerId: string;
      name: string;
      seat: number;
      cash: number;
      shareValue: number;
      worth: number;
      rank: number | null;
      ruined: boolean;
      rumourCount: number;
      missedTurns: number;
      holdings: { company: string; shares: number; value: number }[];
    }[];
    pendingDecision: {
      kind: string;
      awaiting: string[];
      roller: string | null;
      company: string | null;
      price: number | null;
      lots: number | null;
      pending: string[];
      mode: string | null;
      dice: number[] | null;
    } | null;
    board: { dice: number[] | null; roller: string | null; pawns: { playerId: string; position: number; circuits: number; missedTurns: number; ruined: boolean }[] } | null;
  } | null;
}

const RECENT_EVENTS_QUERY = (field: 'bolsaGame' | 'maxiBourseGame') => `query DashboardRecentEvents($id: ID!, ${EVENTS_VARIABLES}) {
  ${field}(id: $id) { events(${EVENTS_ARGUMENTS}) { totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { ${EVENT_FIELDS} } } } }
}`;

export type { EventsPage };

export function gameField(kind: Exclude<GameKind, 'STOCK_TICKER'>): 'bolsaGame' | 'maxiBourseGame' {
  return kind === 'BOLSA' ? 'bolsaGame' : 'maxiBourseGame';
}

/** One page of a BOLSA or Maxi Bourse game's stream, as the requester may see it; `args` filters or pages backward. */
export async function fetchOtherEventsPage(
  request: Requester,
  kind: Exclude<GameKind, 'STOCK_TICKER'>,
  id: string,
  first: number,
  after: string | null,
  args?: EventsArgs,
): Promise<EventsPage | null> {
  const field = gameField(kind);
  const data: Record<string, { events: EventConnection } | null> = await request(RECENT_EVENTS_QUERY(field), { id, ...(args ?? { first, after }) });
  const game = data[field];
  if (game === null || game === undefined) return null;
  return toEventsPage(game.events);
}

/** The whole stream in pages of 100 (bounded): the replay's positions. */
export async function fetchOtherEventStream(request: Requester, kind: Exclude<GameKind, 'STOCK_TICKER'>, id: string, maxEvents = 3000): Promise<{ events: GameEvent[]; complete: boolean }> {
  const events: GameEvent[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await fetchOtherEventsPage(request, kind, id, 100, after);
    if (page === null) return { events, complete: true };
    events.push(...page.events);
    after = page.endCursor;
    if (!page.hasNextPage || after === null) return { events, complete: true };
    if (events.length >= maxEvents) return { events, complete: false };
  }
}

/**
 * The last `count` events (newest first) and worth over time, in two requests whatever the length of the
 * stream: the last page gives the number of events, and the worth is sampled at revisions spread over
 * them (a game's revisions are 0 to count - 1), all in one aliased request.
 */
async function recentEvents(
  request: Requester,
  kind: Exclude<GameKind, 'STOCK_TICKER'>,
  id: string,
  count: number,
): Promise<{ recent: GameEvent[]; worthHistory: WorthPoint[] }> {
  const page = await fetchOtherEventsPage(request, kind, id, count, null, { last: count });
  if (page === null) return { recent: [], worthHistory: [] };
  const revisions = samplePositions(
    Array.from({ length: page.totalCount }, (_, revision) => revision),
    WORTH_SAMPLES,
  );
  return { recent: [...page.events].reverse(), worthHistory: await fetchWorthHistory(request, kind, id, revisions) };
}

const WORTH_SAMPLES = 16;

export async function recentEventsAndWorth(request: Requester, kind: Exclude<GameKind, 'STOCK_TICKER'>, id: string): Promise<{ events: GameEvent[]; worthHistory: WorthPoint[] }> {
  const { recent, worthHistory } = await recentEvents(request, kind, id, 12);
  return { events: recent, worthHistory };
}

/** At most `count` positions spread evenly over the stream, the first and the last included. */
export function samplePositions(positions: readonly number[], count: number): number[] {
  if (positions.length <= count) return [...positions];
  const picked = new Set<number>();
  for (let index = 0; index < count; index += 1) {
    const at = Math.round((index * (positions.length - 1)) / (count - 1));
    const position = positions[at];
    if (position !== undefined) picked.add(position);
  }
  return [...picked];
}

/** Worth at a point: cash plus the shares at that moment's prices (null when the shares are hidden). */
export function worthAt(snapshot: OtherSnapshot): Record<string, number | null> {
  const prices = new Map(snapshot.prices.map((entry) => [entry.company, entry.price]));
  const values: Record<string, number | null> = {};
  for (const player of snapshot.players) {
    values[player.playerId] =
      player.holdings === null ? null : player.cash + player.holdings.reduce((sum, holding) => sum + holding.shares * (prices.get(holding.company) ?? 0), 0);
  }
  return values;
}

async function fetchWorthHistory(request: Requester, kind: Exclude<GameKind, 'STOCK_TICKER'>, id: string, revisions: readonly number[]): Promise<WorthPoint[]> {
  const snapshots = await fetchOtherSnapshotsAtRevisions(request, kind, id, revisions);
  return snapshots.flatMap((snapshot) => (snapshot === null ? [] : [{ position: snapshot.position, values: worthAt(snapshot) }]));
}

const nameOf = (players: readonly Player[]) => {
  const names = new Map(players.map((player) => [player.playerId, player.name]));
  return (id: string) => names.get(id) ?? id;
};

export async function fetchBolsaBoard(request: Requester, summary: OtherGameSummary): Promise<OtherGameBoard | null> {
  const data: BolsaBoardAnswer = await request(BOLSA_BOARD_QUERY, { id: summary.id });
  const game = data.bolsaGame;
  if (game === null) return null;
  const name = nameOf(summary.players);
  const companies: CompanyRow[] = (game.board?.companies ?? []).map((quote) => ({
    id: quote.company,
    label: quote.company,
    price: dollarsToCents(quote.price),
    history: quote.moves.map((move) => ({ position: move.position, price: dollarsToCents(move.price) })),
    details: [
      `level ${quote.level}`,
      `dividend €${quote.dividend}`,
      `${quote.available} available`,
      ...(quote.suspended ? ['suspended'] : []),
      ...(quote.suspendedNextMonth ? ['suspended next month'] : []),
    ],
  }));
  const portfolios: PortfolioRow[] = game.portfolios.map((portfolio) => ({
    playerId: portfolio.playerId,
    name: portfolio.name,
    seat: portfolio.seat,
    cash: dollarsToCents(portfolio.cash),
    worth: portfolio.worth === null ? null : dollarsToCents(portfolio.worth),
    rank: portfolio.rank,
    holdings: portfolio.holdings === null ? null : portfolio.holdings.map((holding) => ({ ...holding, value: dollarsToCents(holding.value) })),
    notes: portfolio.excludedMonths.length > 0 ? [`sat out month ${portfolio.excludedMonths.join(', ')}`] : [],
  }));
  const month = game.currentMonth;
  const decision: PendingDecisionView | null =
    month === null || summary.phase === 'FINISHED'
      ? null
      : {
          title: `${month.monthName} (month ${month.month}, quarter ${month.quarter}): ${month.phase.toLowerCase()}`,
          awaiting: month.awaiting.map(name),
          lines: [
            `Plans handed in: ${month.planned.length === 0 ? 'none yet' : month.planned.map(name).join(', ')}`,
            ...(month.deadline !== null ? [`Deadline: ${month.deadline}`] : [month.timed ? '' : 'Untimed month']).filter((line) => line !== ''),
            ...(month.readers.length > 0 ? [`Newspaper readers: ${month.readers.map(name).join(', ')} (chosen: ${month.readersWhoChose.map(name).join(', ') || 'none'})`] : []),
            ...(month.excluded.length > 0 ? [`Sitting out: ${month.excluded.map(name).join(', ')}`] : []),
            ...(month.suspended.length > 0 ? [`Suspended: ${month.suspended.join(', ')}`] : []),
          ],
        };
  return {
    summary,
    companies,
    portfolios,
    decision,
    ...(await recentEventsAndWorth(request, 'BOLSA', summary.id)),
    boardNotes: game.board === null ? [] : [`Month ${game.board.month} board`],
  };
}

export async function fetchMaxiBourseBoard(request: Requester, summary: OtherGameSummary): Promise<OtherGameBoard | null> {
  const data: MaxiBoardAnswer = await request(MAXI_BOARD_QUERY, { id: summary.id });
  const game = data.maxiBourseGame;
  if (game === null) return null;
  const name = nameOf(summary.players);
  const companies: CompanyRow[] = (game.priceBoard?.companies ?? []).map((quote) => ({
    id: quote.company,
    label: quote.name,
    price: dollarsToCents(quote.price),
    history: quote.history.map((point) => ({ position: point.position, price: dollarsToCents(point.price) })),
    details: [quote.sector.toLowerCase(), `nominal $${quote.nominal}`, `${quote.bankShares} at the bank`],
  }));
  const pawns = new Map((game.board?.pawns ?? []).map((pawn) => [pawn.playerId, pawn]));
  const portfolios: PortfolioRow[] = game.portfolios.map((portfolio) => {
    const pawn = pawns.get(portfolio.playerId);
    return {
      playerId: portfolio.playerId,
      name: portfolio.name,
      seat: portfolio.seat,
      cash: dollarsToCents(portfolio.cash),
      worth: dollarsToCents(portfolio.worth),
      rank: portfolio.rank,
      holdings: portfolio.holdings.filter((holding) => holding.shares > 0).map((holding) => ({ ...holding, value: dollarsToCents(holding.value) })),
      notes: [
        ...(pawn !== undefined ? [`space ${pawn.position}, ${pawn.circuits} ${pawn.circuits === 1 ? 'round' : 'rounds'}`] : []),
        `${portfolio.rumourCount} rumour ${portfolio.rumourCount === 1 ? 'card' : 'cards'}`,
        ...(portfolio.missedTurns > 0 ? [`misses ${portfolio.missedTurns} turn(s)`] : []),
        ...(portfolio.ruined ? ['ruined'] : []),
      ],
    };
  });
  const pending = game.pendingDecision;
  const decision: PendingDecisionView | null =
    pending === null
      ? null
      : {
          title: pending.kind.toLowerCase().replace(/_/g, ' '),
          awaiting: pending.awaiting.map(name),
          lines: [
            ...(pending.roller !== null ? [`Roller: ${name(pending.roller)}`] : []),
            ...(pending.company !== null ? [`Company: ${pending.company}`] : []),
            ...(pending.price !== null ? [`Price: $${pending.price}`] : []),
            ...(pending.lots !== null ? [`Lots: ${pending.lots}`] : []),
            ...(pending.mode !== null ? [`Mode: ${pending.mode}`] : []),
            ...(pending.dice !== null ? [`Dice: ${pending.dice.join(' + ')}`] : []),
            ...(pending.pending.length > 0 ? [`Under way: ${pending.pending.join(' › ')}`] : []),
          ],
        };
  return {
    summary,
    companies,
    portfolios,
    decision,
    ...(await recentEventsAndWorth(request, 'MAXI_BOURSE', summary.id)),
    boardNotes: game.board?.dice ? [`Last dice: ${game.board.dice.join(' + ')}`] : [],
  };
}

// ---- Time travel ----------------------------------------------------------------------------------

export interface OtherSnapshot {
  readonly position: number;
  readonly revision: number;
  readonly phase: string;
  /** Month (BOLSA) or table turn (Maxi Bourse). */
  readonly progress: string;
  readonly prices: readonly { company: string; price: number }[];
  readonly players: readonly {
    playerId: string;
    name: string;
    cash: number;
    /** Shares by company; null when hidden from this viewer. */
    holdings: readonly { company: string; shares: number }[] | null;
    notes: readonly string[];
  }[];
}

const BOLSA_AT_FIELDS = 'position revision phase month prices { company price } players { playerId name cash hasSubmittedPlan shares { company shares } }';
const MAXI_AT_FIELDS =
  'position revision phase tableTurn roller prices { company price } players { playerId name cash position ruined rumourCount rumours holdings { company shares } }';

const BOLSA_AT = `query DashboardBolsaAt($id: ID!, $position: SafeInt!, $viewAs: ID) {
  bolsaGameAt(id: $id, position: $position, viewAs: $viewAs) { ${BOLSA_AT_FIELDS} }
}`;

const MAXI_AT = `query DashboardMaxiBourseAt($id: ID!, $position: SafeInt!, $viewAs: ID) {
  maxiBourseGameAt(id: $id, position: $position, viewAs: $viewAs) { ${MAXI_AT_FIELDS} }
}`;

interface BolsaAt {
  readonly bolsaGameAt: {
    position: number;
    revision: number;
    phase: string;
    month: number;
    prices: { company: string; price: number }[];
    players: { playerId: string; name: string; cash: number; hasSubmittedPlan: boolean; shares: { company: string; shares: number }[] | null }[];
  } | null;
}

interface MaxiAt {
  readonly maxiBourseGameAt: {
    position: number;
    revision: number;
    phase: string;
    tableTurn: number | null;
    roller: string | null;
    prices: { company: string; price: number }[];
    players: { playerId: string; name: string; cash: number; position: number; ruined: boolean; rumourCount: number; rumours: string[] | null; holdings: { company: string; shares: number }[] }[];
  } | null;
}

/** The game after the event at `position`, as the requester may see it, or as `viewAs` could (referees). */
export async function fetchOtherSnapshot(
  request: Requester,
  kind: Exclude<GameKind, 'STOCK_TICKER'>,
  id: string,
  position: number,
  viewAs: string | null,
): Promise<OtherSnapshot | null> {
  const variables = { id, position, viewAs };
  if (kind === 'BOLSA') {
    const data: BolsaAt = await request(BOLSA_AT, variables);
    return data.bolsaGameAt === null ? null : fromBolsaAt(data.bolsaGameAt);
  }
  const data: MaxiAt = await request(MAXI_AT, variables);
  return data.maxiBourseGameAt === null ? null : fromMaxiAt(data.maxiBourseGameAt);
}

/**
 * The game after each of `revisions` (its own events, numbered from 0), in one request: one aliased
 * field per revision, so a chart of many points costs one API call.
 */
export async function fetchOtherSnapshotsAtRevisions(
  request: Requester,
  kind: Exclude<GameKind, 'STOCK_TICKER'>,
  id: string,
  revisions: readonly number[],
): Promise<(OtherSnapshot | null)[]> {
  if (revisions.length === 0) return [];
  const field = kind === 'BOLSA' ? 'bolsaGameAt' : 'maxiBourseGameAt';
  const selection = kind === 'BOLSA' ? BOLSA_AT_FIELDS : MAXI_AT_FIELDS;
  const declarations = revisions.map((_, index) => `$r${index}: Int!`).join(', ');
  const fields = revisions.map((_, index) => `s${index}: ${field}(id: $id, revision: $r${index}) { ${selection} }`).join(' ');
  const variables: Record<string, string | number> = { id };
  revisions.forEach((revision, index) => {
    variables[`r${index}`] = revision;
  });
  const data: Record<string, unknown> = await request(`query DashboardWorthHistory($id: ID!, ${declarations}) { ${fields} }`, variables);
  return revisions.map((_, index) => {
    const at = data[`s${index}`];
    if (at === null || at === undefined) return null;
    return kind === 'BOLSA' ? fromBolsaAt(at as BolsaAtValue) : fromMaxiAt(at as MaxiAtValue);
  });
}

type BolsaAtValue = NonNullable<BolsaAt['bolsaGameAt']>;
type MaxiAtValue = NonNullable<MaxiAt['maxiBourseGameAt']>;

function fromBolsaAt(at: BolsaAtValue): OtherSnapshot {
  return {
    position: at.position,
    revision: at.revision,
    phase: at.phase,
    progress: `month ${at.month}`,
    prices: at.prices.map((entry) => ({ company: entry.company, price: dollarsToCents(entry.price) })),
    players: at.players.map((player) => ({
      playerId: player.playerId,
      name: player.name,
      cash: dollarsToCents(player.cash),
      holdings: player.shares,
      notes: player.hasSubmittedPlan ? ['plan handed in'] : [],
    })),
  };
}

function fromMaxiAt(at: MaxiAtValue): OtherSnapshot {
  return {
    position: at.position,
    revision: at.revision,
    phase: at.phase,
    progress: at.tableTurn === null ? 'not started' : `turn ${at.tableTurn}`,
    prices: at.prices.map((entry) => ({ company: entry.company, price: dollarsToCents(entry.price) })),
    players: at.players.map((player) => ({
      playerId: player.playerId,
      name: player.name,
      cash: dollarsToCents(player.cash),
      holdings: player.holdings.filter((holding) => holding.shares > 0),
      notes: [
        `space ${player.position}`,
        player.rumours === null ? `${player.rumourCount} rumour card(s), hidden` : `rumours: ${player.rumours.join(', ') || 'none'}`,
        ...(player.ruined ? ['ruined'] : []),
        ...(at.roller === player.playerId ? ['to roll'] : []),
      ],
    })),
  };
}

/** A readable sentence for any event of these games: its type in words and its main figures. */
export function describeOtherEvent(event: GameEvent, names: ReadonlyMap<string, string>): string {
  const words = event.type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  const data = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as Record<string, unknown>;
  const who = typeof data['playerId'] === 'string' ? (names.get(data['playerId']) ?? data['playerId']) : null;
  const parts: string[] = [];
  for (const key of ['company', 'shares', 'lots', 'price', 'amount', 'month', 'dice', 'cardId', 'from', 'to']) {
    const value = data[key];
    if (typeof value === 'string' || typeof value === 'number') parts.push(`${key} ${value}`);
    else if (Array.isArray(value) && value.every((item) => typeof item === 'number')) parts.push(`${key} ${value.join('+')}`);
  }
  const sentence = `${who !== null ? `${who}: ` : ''}${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  return parts.length === 0 ? sentence : `${sentence} (${parts.join(', ')})`;
}
