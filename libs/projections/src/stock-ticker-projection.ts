import type { ProjectableEvent } from './registry/game-definition';
import {
  stockTicker,
  stockTickerContent,
  type StockName,
  type StockTickerEvent,
  type StockTickerState,
} from '@corbeille/stock-ticker';
import { CORRECTION_APPLIED, type RulingEvent } from '@corbeille/rulings';
import type { GameSummary, PortfolioView, PriceBoard, PricePoint, TradeEntry } from './read-models';
import { ruledStockTicker } from './rulings/ruled-games';

export const STOCK_TICKER_STREAM_PREFIX = 'stock-ticker-';

/** Everything the projection keeps for one game between events. */
export interface StockTickerGameModel {
  readonly state: StockTickerState;
  readonly summary: GameSummary;
  /** The board as served: a copy made at read time, never changed afterwards. */
  readonly priceBoard: PriceBoard;
  /** Derived from the state when read (or saved), not for every event. */
  readonly portfolios: PortfolioView[];
}

/** A quote as the projection works on it: the history grows in place. Same fields, same order as StockQuote. */
interface WorkingQuote {
  stock: StockName;
  price: number;
  history: PricePoint[];
  splits: number;
  timesOffMarket: number;
}

/** Same fields, same order as PriceBoard, so that it serialises as the served board does. */
interface WorkingBoard {
  gameId: string;
  round: number;
  stocks: WorkingQuote[];
  lastPosition: number;
}

/**
 * What a game's summary is made of, kept up to date per event in place; the summary itself is made when
 * read (most events of a batch are never summarised: only the last one before the row is saved).
 */
interface SummaryParts {
  gameId: string;
  gameType: GameSummary['gameType'];
  streamId: string;
  players: GameSummary['players'];
  round: number;
  createdAt: string;
  /** The last event folded (its metadata's occurredAt), or a restored summary's updatedAt. */
  updatedAt: string | Pick<ProjectableEvent, 'metadata'>;
  lastPosition: number;
  eventCount: number;
  league: string | null;
}

function partsOf(summary: GameSummary): SummaryParts {
  return {
    gameId: summary.gameId,
    gameType: summary.gameType,
    streamId: summary.streamId,
    players: summary.players,
    round: summary.round,
    createdAt: summary.createdAt,
    updatedAt: summary.updatedAt,
    lastPosition: summary.lastPosition,
    eventCount: summary.eventCount,
    league: summary.league,
  };
}

const NO_WINNERS: readonly string[] = Object.freeze([]);

/** The summary of a game in `state` (same fields, same order as it has always been serialised). */
function summaryOf(state: StockTickerState, parts: SummaryParts): GameSummary {
  return {
    gameId: parts.gameId,
    gameType: parts.gameType,
    streamId: parts.streamId,
    phase: state.phase,
    players: parts.players,
    brokerId: 'brokerId' in state ? state.brokerId : null,
    round: parts.round,
    roundLimit: state.phase === 'uncreated' ? null : state.options.roundLimit,
    createdAt: parts.createdAt,
    updatedAt: typeof parts.updatedAt === 'string' ? parts.updatedAt : parts.updatedAt.metadata.occurredAt,
    lastPosition: parts.lastPosition,
    eventCount: parts.eventCount,
    winners: state.phase === 'finished' ? [...state.winners] : NO_WINNERS,
    league: parts.league,
  };
}

/**
 * The projection's working state for one game. Folding a game used to copy every price history at each
 * price change (quadratic over a game) and derive the portfolios at each event; now an event changes only
 * what it changes: histories are appended in place, and what is served (the summary, the board, the
 * portfolios) is made when it is read, from the current state, and cached until the next event. A summary,
 * a board or a portfolio list once handed out is never changed: the next event makes a new one.
 */
class StockTickerWorkingModel implements StockTickerGameModel {
  private served: PriceBoard | undefined;
  private servedSummary: GameSummary | undefined;
  private derived: { readonly state: StockTickerState; readonly portfolios: PortfolioView[] } | undefined;
  readonly parts: SummaryParts;

  constructor(
    public state: StockTickerState,
    summary: GameSummary,
    private readonly board: WorkingBoard,
    portfolios?: PortfolioView[],
  ) {
    this.parts = partsOf(summary);
    this.servedSummary = summary;
    if (portfolios) this.derived = { state, portfolios };
  }

  get summary(): GameSummary {
    this.servedSummary ??= summaryOf(this.state, this.parts);
    return this.servedSummary;
  }

  get priceBoard(): PriceBoard {
    this.served ??= copyOfBoard(this.board);
    return this.served;
  }

  get portfolios(): PortfolioView[] {
    if (this.derived?.state !== this.state) this.derived = { state: this.state, portfolios: portfoliosOf(this.parts.gameId, this.state) };
    return this.derived.portfolios;
  }

  /** The board to serialise into the game's row, without copying it first. */
  boardForRow(): PriceBoard {
    return this.board;
  }

  /** Folds one event in place (its summary parts are the caller's to update); the engine has accepted it. */
  advance(state: StockTickerState): WorkingBoard {
    this.state = state;
    this.servedSummary = undefined;
    this.served = undefined;
    return this.board;
  }
}

function copyOfBoard(board: WorkingBoard): PriceBoard {
  return {
    gameId: board.gameId,
    round: board.round,
    stocks: board.stocks.map((quote) => ({
      stock: quote.stock,
      price: quote.price,
      history: quote.history.slice(),
      splits: quote.splits,
      timesOffMarket: quote.timesOffMarket,
    })),
    lastPosition: board.lastPosition,
  };
}

/** A model restored from a stored row (its documents are freshly parsed: the model owns them). */
export function stockTickerModelFromRow(
  summary: GameSummary,
  row: { state: unknown; priceBoard: unknown; portfolios: unknown },
): StockTickerGameModel {
  return new StockTickerWorkingModel(
    row.state as StockTickerState,
    summary,
    row.priceBoard as WorkingBoard,
    row.portfolios as PortfolioView[],
  );
}

/** What a game's row stores of its model. */
export function stockTickerRowOf(model: StockTickerGameModel): { state: unknown; priceBoard: unknown; portfolios: unknown } {
  const priceBoard = model instanceof StockTickerWorkingModel ? model.boardForRow() : model.priceBoard;
  return { state: model.state, priceBoard, portfolios: model.portfolios };
}

export function gameIdFromStream(streamId: string): string {
  return streamId.slice(STOCK_TICKER_STREAM_PREFIX.length);
}

/** The round being played; a finished game keeps the round it ended in. */
function currentRound(state: StockTickerState, previousRound: number): number {
  if (state.phase === 'trading' || state.phase === 'rolling') return state.round;
  return state.phase === 'finished' ? previousRound : 0;
}

/**
 * Folds one recorded event into a game's read models. The engine's own `evolve` keeps the state, so
 * the read models can never disagree with the rules; the projection only adds history and derived figures.
 * Returns the trade-ledger entry the event makes, if any. The model passed in is advanced in place (it is
 * the projection's working state) and returned.
 */
export function projectStockTickerEvent(
  model: StockTickerGameModel | undefined,
  recorded: ProjectableEvent,
): { model: StockTickerGameModel; trade?: TradeEntry } {
  const event = { type: recorded.type, data: recorded.data } as StockTickerEvent;
  const gameId = gameIdFromStream(recorded.streamId);
  const previous = workingModel(model) ?? emptyModel(gameId, recorded);
  const previousState = previous.state;
  const parts = previous.parts;
  // Evolve first: a refused event leaves the model as it was.
  const state = ruledStockTicker.evolve(previousState, event);
  const round = currentRound(state, parts.round);

  let trade: TradeEntry | undefined;
  const point = (price: number): PricePoint => ({ position: recorded.position, revision: recorded.revision, round, price });

  parts.players = playersOf(state, previousState, parts.players);
  parts.round = round;
  parts.updatedAt = recorded;
  parts.lastPosition = recorded.position;
  parts.eventCount = recorded.revision + 1;
  const board = previous.advance(state);

  switch (event.type) {
    case 'GameStarted':
      board.stocks = (Object.entries(event.data.prices) as [StockName, number][]).map(
        ([stock, price]): WorkingQuote => ({ stock, price, history: [point(price)], splits: 0, timesOffMarket: 0 }),
      );
      break;
    case 'PriceChanged': {
      const quote = quoteOf(board, event.data.stock);
      if (quote) {
        quote.price = event.data.to;
        quote.history.push(point(event.data.to));
      }
      break;
    }
    case 'StockSplit': {
      const quote = quoteOf(board, event.data.stock);
      if (quote) quote.splits += 1;
      break;
    }
    case 'StockOffMarket': {
      const quote = quoteOf(board, event.data.stock);
      if (quote) quote.timesOffMarket += 1;
      break;
    }
    case 'SharesBought':
    case 'SharesSold': {
      const bought = event.type === 'SharesBought';
      trade = {
        gameId,
        position: recorded.position,
        revision: recorded.revision,
        playerId: event.data.playerId,
        side: bought ? 'BUY' : 'SELL',
        stock: event.data.stock,
        shares: event.data.shares,
        price: event.data.price,
        amount: event.type === 'SharesBought' ? event.data.cost : event.data.proceeds,
        occurredAt: recorded.metadata.occurredAt,
        round,
      };
      break;
    }
    default:
      break;
  }
  const ruling = recorded as ProjectableEvent as { type: string; data: unknown };
  if (ruling.type === CORRECTION_APPLIED) {
    // A referee's correction sets prices directly: each one is a point of the stock's history.
    for (const adjustment of (ruling as Extract<RulingEvent, { type: typeof CORRECTION_APPLIED }>).data.adjustments) {
      if (adjustment.kind !== 'price') continue;
      const quote = quoteOf(board, adjustment.stock as StockName);
      if (quote) {
        quote.price = adjustment.to;
        quote.history.push(point(adjustment.to));
      }
    }
  }
  board.round = round;
  board.lastPosition = recorded.position;

  return { model: previous, trade };
}

/** The seats as the summary lists them, the previous list kept while the seats are unchanged. */
function playersOf(state: StockTickerState, previousState: StockTickerState, previous: GameSummary['players']): GameSummary['players'] {
  if (state.phase === 'uncreated') return [];
  if (previousState.phase !== 'uncreated' && previousState.seats === state.seats) return previous;
  return state.seats.map((seat, index) => ({ playerId: seat.playerId, name: seat.name, seat: index }));
}

function quoteOf(board: WorkingBoard, stock: StockName): WorkingQuote | undefined {
  return board.stocks.find((quote) => quote.stock === stock);
}

/** The working model to advance: ours as it is, any other model (e.g. a plain object) copied into one. */
function workingModel(model: StockTickerGameModel | undefined): StockTickerWorkingModel | undefined {
  if (model === undefined || model instanceof StockTickerWorkingModel) return model;
  const board = model.priceBoard;
  return new StockTickerWorkingModel(model.state, model.summary, {
    gameId: board.gameId,
    round: board.round,
    stocks: board.stocks.map((quote) => ({ ...quote, history: [...quote.history] })),
    lastPosition: board.lastPosition,
  });
}

function emptyModel(gameId: string, recorded: ProjectableEvent): StockTickerWorkingModel {
  const league = recorded.metadata['league'];
  return new StockTickerWorkingModel(
    stockTicker.initialState(),
    {
      gameId,
      gameType: 'stock-ticker',
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
    { gameId, round: 0, stocks: [], lastPosition: recorded.position },
    [],
  );
}

/** Portfolios with net worth at market price, the loan and its charge deducted. */
export function portfoliosOf(gameId: string, state: StockTickerState): PortfolioView[] {
  if (state.phase === 'uncreated' || state.phase === 'lobby') return [];
  return state.seats.map((seat) => {
    const portfolio = state.portfolios[seat.playerId];
    if (!portfolio) throw new Error(`No portfolio for ${seat.playerId} in game ${gameId}`);
    const holdings = state.options.stocks.map((stock) => {
      const shares = portfolio.holdings[stock] ?? 0;
      return { stock, shares, value: shares * (state.prices[stock] ?? 0) };
    });
    // An outstanding loan is owed back with its charge (BORROWING); once repaid at the end it is 0.
    const owed = portfolio.loan > 0 ? portfolio.loan + stockTickerContent.loan.charge : 0;
    const netWorth = portfolio.cash + holdings.reduce((sum, holding) => sum + holding.value, 0) - owed;
    return {
      gameId,
      playerId: seat.playerId,
      name: seat.name,
      cash: portfolio.cash,
      holdings,
      loan: portfolio.loan,
      netWorth,
    };
  });
}
