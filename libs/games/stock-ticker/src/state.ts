import type { PlayerId } from '@corbeille/kernel';
import { recordOfStocks, stockTickerContent } from './content/stocks';
import type { Portfolio, StockName, StockTickerEvent, StockTickerState } from './types';

export type LobbyState = Extract<StockTickerState, { phase: 'lobby' }>;
export type OpeningState = Extract<StockTickerState, { phase: 'opening' }>;
export type TradingWindowState = Extract<StockTickerState, { phase: 'trading' }>;
export type RollingState = Extract<StockTickerState, { phase: 'rolling' }>;
export type FinishedState = Extract<StockTickerState, { phase: 'finished' }>;
/** Phases in which players buy and sell: the opening purchases and the trading windows. */
export type TradingState = OpeningState | TradingWindowState;
/** Phases in which the game is under way and commands can still change it. */
export type ActiveState = TradingState | RollingState;
/** Every phase from the start of the game on, including its end. */
export type InPlayState = ActiveState | FinishedState;

/** Events that change only prices and portfolios, whatever the phase. */
export type MarketEvent = Extract<
  StockTickerEvent,
  {
    type:
      | 'SharesBought'
      | 'SharesSold'
      | 'PriceChanged'
      | 'DividendPaid'
      | 'DividendNotPaid'
      | 'StockSplit'
      | 'StockOffMarket'
      | 'LoanTaken';
  }
>;

export function emptyPortfolio(cash: number): Portfolio {
  return { cash, holdings: recordOfStocks(() => 0), loan: 0, hasBorrowed: false };
}

export function holdsStock(portfolio: Portfolio): boolean {
  return Object.values(portfolio.holdings).some((shares) => shares > 0);
}

/** BORROWING: once per game, only for a player who has lost all his Stocks and money. */
export function mayBorrow(portfolio: Portfolio): boolean {
  return !portfolio.hasBorrowed && !holdsStock(portfolio) && portfolio.cash < stockTickerContent.loan.allowedBelowCash;
}

export function playerName(state: InPlayState, playerId: PlayerId): string {
  return state.seats.find((seat) => seat.playerId === playerId)?.name ?? playerId;
}

/** The players holding some of a stock, in rolling order, with their holdings. */
export function holdersOf(state: InPlayState, stock: StockName): { playerId: PlayerId; shares: number }[] {
  return state.seatOrder.flatMap((playerId) => {
    const shares = state.portfolios[playerId]?.holdings[stock] ?? 0;
    return shares > 0 ? [{ playerId, shares }] : [];
  });
}

/** Whose roll it is in the rolling phase. */
export function currentRoller(state: RollingState): PlayerId | undefined {
  return state.seatOrder[state.turn];
}
