import { assertNever } from '@corbeille/kernel';
import type { RecordedEvent } from '@corbeille/event-store';
import { stockTickerContent, type Portfolio, type StockName, type StockTickerAction, type StockTickerView } from '@corbeille/stock-ticker';
import type { GameSnapshotModel, SnapshotPlayerModel } from '../models/game-snapshot.model';
import type { LegalActionModel } from '../models/legal-action.model';
import type { HoldingModel } from '../models/portfolio.model';

/** Stock Ticker hides nothing, so its view is its state. */
export type CreatedState = Exclude<StockTickerView, { phase: 'uncreated' }>;

export function toLegalActionModel(action: StockTickerAction): LegalActionModel {
  const none = { stock: null, maxShares: null, lot: null, maxAmount: null };
  switch (action.type) {
    case 'JoinGame':
    case 'StartGame':
    case 'FinishTrading':
    case 'RollDice':
      return { ...none, type: action.type };
    case 'BuyShares':
    case 'SellShares':
      return { ...none, type: action.type, stock: action.stock, maxShares: action.maxShares, lot: action.lot };
    case 'Borrow':
      return { ...none, type: action.type, maxAmount: action.maxAmount };
    default:
      return assertNever(action, 'action');
  }
}

/** A time-travel snapshot: the engine's view of the state after `last`, mapped to the API's types. */
export function toGameSnapshotModel(gameId: string, state: CreatedState, last: RecordedEvent): GameSnapshotModel {
  const common = {
    gameId,
    position: last.position,
    revision: last.revision,
    phase: state.phase,
    state,
  };
  if (state.phase === 'lobby') {
    return {
      ...common,
      round: null,
      prices: [],
      players: state.seats.map((seat) => ({ playerId: seat.playerId, name: seat.name, cash: null, holdings: [], loan: null, netWorth: null })),
      standings: [],
      winners: [],
      endReason: null,
    };
  }
  const stocks = state.options.stocks;
  const prices = stocks.map((stock) => ({ stock, price: state.prices[stock] }));
  const players = state.seats.map((seat): SnapshotPlayerModel => {
    const portfolio = state.portfolios[seat.playerId];
    const holdings = portfolio ? holdingsOf(portfolio, stocks, state.prices) : [];
    return {
      playerId: seat.playerId,
      name: seat.name,
      cash: portfolio?.cash ?? null,
      loan: portfolio?.loan ?? null,
      holdings,
      netWorth: portfolio ? netWorthOf(portfolio, holdings) : null,
    };
  });
  const finished = state.phase === 'finished' ? state : undefined;
  return {
    ...common,
    round: state.phase === 'trading' || state.phase === 'rolling' ? state.round : null,
    prices,
    players,
    standings: finished ? finished.standings.map((s) => ({ playerId: s.playerId, rank: s.rank, finalCash: s.finalCash })) : [],
    winners: finished ? [...finished.winners] : [],
    endReason: finished ? finished.reason : null,
  };
}

function holdingsOf(
  portfolio: Portfolio,
  stocks: readonly StockName[],
  prices: Readonly<Record<StockName, number>>,
): HoldingModel[] {
  return stocks.map((stock) => {
    const shares = portfolio.holdings[stock];
    return { stock, shares, value: shares * prices[stock] };
  });
}

/** BORROWING: an outstanding loan is owed back with its charge; the same sum as the portfolios read model. */
function netWorthOf(portfolio: Portfolio, holdings: readonly HoldingModel[]): number {
  const owed = portfolio.loan > 0 ? portfolio.loan + stockTickerContent.loan.charge : 0;
  return portfolio.cash + holdings.reduce((sum, holding) => sum + holding.value, 0) - owed;
}
