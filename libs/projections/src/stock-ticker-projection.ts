import type { RecordedEvent } from '@corbeille/event-store';
import {
  stockTicker,
  stockTickerContent,
  type StockName,
  type StockTickerEvent,
  type StockTickerState,
} from '@corbeille/stock-ticker';
import { CORRECTION_APPLIED, type RulingEvent } from '@corbeille/rulings';
import type { GameSummary, PortfolioView, PriceBoard, StockQuote, TradeEntry } from './read-models';
import { ruledStockTicker } from './rulings/ruled-games';

export const STOCK_TICKER_STREAM_PREFIX = 'stock-ticker-';

/** Everything the projection keeps for one game between events. */
export interface StockTickerGameModel {
  state: StockTickerState;
  summary: GameSummary;
  priceBoard: PriceBoard;
  portfolios: PortfolioView[];
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
 * Returns the trade-ledger entry the event makes, if any.
 */
export function projectStockTickerEvent(
  model: StockTickerGameModel | undefined,
  recorded: RecordedEvent,
): { model: StockTickerGameModel; trade?: TradeEntry } {
  const event = { type: recorded.type, data: recorded.data } as StockTickerEvent;
  const gameId = gameIdFromStream(recorded.streamId);
  const previous = model ?? emptyModel(gameId, recorded);
  const state = ruledStockTicker.evolve(previous.state, event);
  const round = currentRound(state, previous.summary.round);

  let priceBoard = previous.priceBoard;
  let trade: TradeEntry | undefined;
  const point = (price: number) => ({ position: recorded.position, revision: recorded.revision, round, price });

  switch (event.type) {
    case 'GameStarted':
      priceBoard = {
        ...priceBoard,
        stocks: (Object.entries(event.data.prices) as [StockName, number][]).map(
          ([stock, price]): StockQuote => ({ stock, price, history: [point(price)], splits: 0, timesOffMarket: 0 }),
        ),
      };
      break;
    case 'PriceChanged':
      priceBoard = updateQuote(priceBoard, event.data.stock, (quote) => ({
        ...quote,
        price: event.data.to,
        history: [...quote.history, point(event.data.to)],
      }));
      break;
    case 'StockSplit':
      priceBoard = updateQuote(priceBoard, event.data.stock, (quote) => ({ ...quote, splits: quote.splits + 1 }));
      break;
    case 'StockOffMarket':
      priceBoard = updateQuote(priceBoard, event.data.stock, (quote) => ({
        ...quote,
        timesOffMarket: quote.timesOffMarket + 1,
      }));
      break;
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
  const ruling = recorded as RecordedEvent as { type: string; data: unknown };
  if (ruling.type === CORRECTION_APPLIED) {
    // A referee's correction sets prices directly: each one is a point of the stock's history.
    for (const adjustment of (ruling as Extract<RulingEvent, { type: typeof CORRECTION_APPLIED }>).data.adjustments) {
      if (adjustment.kind !== 'price') continue;
      priceBoard = updateQuote(priceBoard, adjustment.stock as StockName, (quote) => ({
        ...quote,
        price: adjustment.to,
        history: [...quote.history, point(adjustment.to)],
      }));
    }
  }
  priceBoard = { ...priceBoard, round, lastPosition: recorded.position };

  const summary: GameSummary = {
    ...previous.summary,
    phase: state.phase,
    players: state.phase === 'uncreated' ? [] : state.seats.map((seat, index) => ({ ...seat, seat: index })),
    brokerId: 'brokerId' in state ? state.brokerId : null,
    round,
    roundLimit: state.phase === 'uncreated' ? null : state.options.roundLimit,
    updatedAt: recorded.metadata.occurredAt,
    lastPosition: recorded.position,
    eventCount: recorded.revision + 1,
    winners: state.phase === 'finished' ? [...state.winners] : [],
  };

  return { model: { state, summary, priceBoard, portfolios: portfoliosOf(gameId, state) }, trade };
}

function emptyModel(gameId: string, recorded: RecordedEvent): StockTickerGameModel {
  const league = recorded.metadata['league'];
  return {
    state: stockTicker.initialState(),
    summary: {
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
    priceBoard: { gameId, round: 0, stocks: [], lastPosition: recorded.position },
    portfolios: [],
  };
}

function updateQuote(board: PriceBoard, stock: StockName, change: (quote: StockQuote) => StockQuote): PriceBoard {
  return { ...board, stocks: board.stocks.map((quote) => (quote.stock === stock ? change(quote) : quote)) };
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
