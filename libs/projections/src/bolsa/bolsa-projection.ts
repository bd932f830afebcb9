import {
  awaitedPlayers,
  bolsa,
  components,
  dividendAt,
  priceAt,
  type BolsaEvent,
  type BolsaState,
  type CompanyId,
} from '@corbeille/bolsa';
import { ruledBolsa } from '../rulings/ruled-games';
import type { GameSummary } from '../read-models';
import type { GameProjection, LedgerRow, ProjectableEvent, ProjectedEvent, StoredGameRow } from '../registry/game-definition';
import type {
  BolsaBoard,
  BolsaLedgerEntry,
  BolsaMonthStatus,
  BolsaPriceCause,
  BolsaPriceMove,
  BolsaPublicPortfolio,
  BolsaQuote,
} from './bolsa-read-models';

export const BOLSA_STREAM_PREFIX = 'bolsa-';

/** Everything the projection keeps for one BOLSA game between events. */
export interface BolsaGameModel {
  /** The engine's state, to fold the next event with the rules' own `evolve`. Working state: never served. */
  readonly state: BolsaState;
  readonly summary: GameSummary;
  readonly board: BolsaBoard;
  readonly portfolios: readonly BolsaPublicPortfolio[];
  readonly month: BolsaMonthStatus | null;
}

type InPlay = Exclude<BolsaState, { phase: 'uncreated' } | { phase: 'lobby' }>;

function inPlay(state: BolsaState): InPlay | undefined {
  return state.phase === 'uncreated' || state.phase === 'lobby' ? undefined : state;
}

/**
 * Folds one recorded BOLSA event into the game's public read models. The state is folded by the engine,
 * so the figures can never disagree with the rules; only public facts are copied out of it.
 */
export function projectBolsaEvent(model: BolsaGameModel | undefined, recorded: ProjectableEvent, gameId: string): ProjectedEvent<BolsaGameModel> {
  const event = { type: recorded.type, data: recorded.data } as BolsaEvent;
  const previous = model ?? emptyModel(gameId, recorded);
  const state = ruledBolsa.evolve(previous.state, event);
  const playing = inPlay(state);
  const month = playing?.month ?? 0;

  const board = boardOf(gameId, state, previous.board, recorded, event, month);
  const portfolios = portfoliosOf(gameId, state, previous.portfolios, event);
  const summary: GameSummary = {
    ...previous.summary,
    phase: state.phase,
    players: state.phase === 'uncreated' ? [] : state.seats.map((seat, index) => ({ playerId: seat.playerId, name: seat.name, seat: index })),
    round: month,
    roundLimit: state.phase === 'uncreated' ? null : state.options.lastMonth,
    updatedAt: recorded.metadata.occurredAt,
    lastPosition: recorded.position,
    eventCount: recorded.revision + 1,
    winners: state.phase === 'finished' ? [...state.winners] : [],
  };
  const ledger = ledgerOf(gameId, recorded, event);
  return {
    model: { state, summary, board, portfolios, month: playing ? monthStatusOf(playing) : null },
    ...(ledger.length > 0 ? { ledger } : {}),
  };
}

function emptyModel(gameId: string, recorded: ProjectableEvent): BolsaGameModel {
  const league = recorded.metadata['league'];
  return {
    state: bolsa.initialState(),
    summary: {
      gameId,
      gameType: 'bolsa',
      streamId: recorded.streamId,
      phase: 'uncreated',
      players: [],
      brokerId: null,
      round: 0,
      roundLimit: null,
      createdAt: recorded.metadata.occurredAt,
      updatedAt: recorded.metadata.occurredAt,
      lastPosition: recorded.position,
      eventCount: 0,
      winners: [],
      league: typeof league === 'string' ? league : null,
    },
    board: { gameId, month: 0, companies: [], lastPosition: recorded.position },
    portfolios: [],
    month: null,
  };
}

/** The price move an event makes, if any: the blue marker's new level and why. */
function priceMoveOf(event: BolsaEvent): { company: CompanyId; level: number; cause: BolsaPriceCause } | undefined {
  switch (event.type) {
    case 'OpeningPriceSet':
      return { company: event.data.company, level: event.data.level, cause: 'opening' };
    case 'QuarterPriceMoved':
      return { company: event.data.company, level: event.data.level, cause: 'quarter' };
    case 'YellowMarkerReplaced':
      return { company: event.data.company, level: event.data.level, cause: 'trading' };
    case 'PriceMovedByNewspaper':
      return { company: event.data.company, level: event.data.level, cause: 'newspaper' };
    default:
      return undefined;
  }
}

function boardOf(gameId: string, state: BolsaState, previous: BolsaBoard, recorded: ProjectableEvent, event: BolsaEvent, month: number): BolsaBoard {
  const playing = inPlay(state);
  if (!playing) return { gameId, month, companies: [], lastPosition: recorded.position };
  const move = priceMoveOf(event);
  const companies = playing.companies.map((company): BolsaQuote => {
    const before = previous.companies.find((quote) => quote.company === company);
    const { level, available, trend } = playing.market[company];
    const price = priceAt(company, level);
    let moves = before?.moves ?? [];
    let monthly = before?.monthly ?? [];
    if (move?.company === company) {
      const point: BolsaPriceMove = { position: recorded.position, revision: recorded.revision, month, price, level, cause: move.cause };
      moves = [...moves, point];
      if (move.cause === 'opening') monthly = [{ month: 0, price }];
    }
    if (event.type === 'MonthEnded') {
      const closing = event.data.closingPrices[company];
      if (closing !== undefined) monthly = [...monthly, { month: event.data.month, price: closing }];
    }
    return {
      company,
      price,
      level,
      dividend: dividendAt(company, level),
      available,
      trend: [...trend],
      suspended: playing.suspended.includes(company),
      suspendedNextMonth: playing.suspendedNextMonth.includes(company),
      monthly,
      moves,
    };
  });
  return { gameId, month, companies, lastPosition: recorded.position };
}

function portfoliosOf(
  gameId: string,
  state: BolsaState,
  previous: readonly BolsaPublicPortfolio[],
  event: BolsaEvent,
): BolsaPublicPortfolio[] {
  const playing = inPlay(state);
  if (!playing) return [];
  return playing.seatOrder.map((playerId, seat) => {
    const before = previous.find((portfolio) => portfolio.playerId === playerId);
    const excludedBefore = before?.excludedMonths ?? [];
    const excludedMonths =
      event.type === 'PlayerExcluded' && event.data.playerId === playerId ? [...excludedBefore, event.data.month] : excludedBefore;
    const rank = playing.phase === 'finished' ? (playing.standings.find((standing) => standing.playerId === playerId)?.rank ?? null) : null;
    return {
      gameId,
      playerId,
      name: playing.seats.find((candidate) => candidate.playerId === playerId)?.name ?? playerId,
      seat,
      cash: playing.portfolios[playerId]?.cash ?? 0,
      excludedMonths,
      rank,
    };
  });
}

function monthStatusOf(state: InPlay): BolsaMonthStatus {
  const { month } = state;
  const perQuarter = components.monthsPerQuarter;
  const planned = state.phase === 'planning' ? state.seatOrder.filter((playerId) => state.plans[playerId] !== undefined) : [];
  const revealed = state.phase === 'trading' || state.phase === 'newspaper' ? state : undefined;
  const reading = state.phase === 'newspaper' ? state : undefined;
  return {
    month,
    quarter: month === 0 ? 0 : Math.ceil(month / perQuarter),
    monthOfQuarter: month === 0 ? 0 : ((month - 1) % perQuarter) + 1,
    phase: state.phase,
    deadline: state.phase === 'planning' ? state.deadline : null,
    planned,
    awaiting: awaitedPlayers(state),
    excluded: revealed ? [...revealed.excluded] : [],
    readers: reading ? [...reading.readers] : [],
    readersWhoChose: reading ? reading.readers.filter((reader) => reading.hands[reader]?.chosen != null) : [],
    cardsPlayed: reading ? [...reading.cardsPlayed] : [],
    suspended: [...state.suspended],
    deckSize: state.deck.length,
  };
}

function ledgerOf(gameId: string, recorded: ProjectableEvent, event: BolsaEvent): LedgerRow[] {
  const base = { gameId, position: recorded.position, revision: recorded.revision, occurredAt: recorded.metadata.occurredAt };
  const none = { price: null, amount: null, via: null, real: null, draw: null };
  const row = (entry: BolsaLedgerEntry): LedgerRow => ({ playerId: entry.playerId, kind: entry.kind, entry });
  switch (event.type) {
    case 'SharesSold': {
      const { month, playerId, company, shares, price, proceeds } = event.data;
      return [row({ ...base, ...none, sequence: 0, kind: 'SALE', month, playerId, company, shares, price, amount: proceeds })];
    }
    case 'SharesBought': {
      const { month, playerId, company, shares, price, cost, via } = event.data;
      return [row({ ...base, ...none, sequence: 0, kind: 'PURCHASE', month, playerId, company, shares, price, amount: cost, via })];
    }
    case 'LotteryShareDrawn': {
      const { month, playerId, company, real, draw } = event.data;
      return [row({ ...base, ...none, sequence: 0, kind: 'LOTTERY_DRAW', month, playerId, company, shares: 1, real, draw })];
    }
    case 'DividendsPaid': {
      const { company, perShare, payments } = event.data;
      return payments.map((payment, sequence) =>
        row({ ...base, ...none, sequence, kind: 'DIVIDEND', month: 0, playerId: payment.playerId, company, shares: payment.shares, price: perShare, amount: payment.amount }),
      );
    }
    case 'SharesLiquidated': {
      const { company, price, sales } = event.data;
      return sales.map((sale, sequence) =>
        row({ ...base, ...none, sequence, kind: 'LIQUIDATION', month: 0, playerId: sale.playerId, company, shares: sale.shares, price, amount: sale.proceeds }),
      );
    }
    default:
      return [];
  }
}

export const bolsaProjection: GameProjection<BolsaGameModel> = {
  project: projectBolsaEvent,
  summaryOf: (model) => model.summary,
  toRow: (model): StoredGameRow => ({
    state: model.state,
    priceBoard: model.board,
    portfolios: model.portfolios,
    extras: { month: model.month },
  }),
  fromRow: (summary, row) => ({
    summary,
    state: row.state as BolsaState,
    board: row.priceBoard as BolsaBoard,
    portfolios: row.portfolios as BolsaPublicPortfolio[],
    month: (row.extras as { month?: BolsaMonthStatus | null }).month ?? null,
  }),
};

