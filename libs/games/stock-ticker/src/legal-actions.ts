import { assertNever } from '@corbeille/kernel';
import type { PlayerId } from '@corbeille/kernel';
import { stockTickerContent } from './content/stocks';
import { currentRoller, holdsStock, mayBorrow } from './state';
import type { ActiveState, TradingState } from './state';
import type { Portfolio, StockTickerAction, StockTickerState } from './types';

/** What this player may do now, with bounded amounts; empty when there is nothing (or no such player). */
export function legalActions(state: StockTickerState, player: PlayerId): StockTickerAction[] {
  switch (state.phase) {
    case 'uncreated':
    case 'finished':
      return [];
    case 'lobby': {
      const seated = state.seats.some((seat) => seat.playerId === player);
      if (seated) return state.seats.length >= stockTickerContent.players.min ? [{ type: 'StartGame' }] : [];
      return state.seats.length < state.options.maxPlayers ? [{ type: 'JoinGame' }] : [];
    }
    case 'opening':
    case 'trading': {
      const portfolio = portfolioOf(state, player);
      if (!portfolio) return [];
      const trades = state.finished.includes(player) ? [] : tradingActions(state, portfolio);
      return [...trades, ...borrowActions(portfolio)];
    }
    case 'rolling': {
      const portfolio = portfolioOf(state, player);
      if (!portfolio) return [];
      const roll: StockTickerAction[] = currentRoller(state) === player ? [{ type: 'RollDice' }] : [];
      return [...roll, ...borrowActions(portfolio)];
    }
    default:
      return assertNever(state, 'state');
  }
}

function tradingActions(state: TradingState, portfolio: Portfolio): StockTickerAction[] {
  const lot = stockTickerContent.lotSize;
  const buys: StockTickerAction[] = state.options.stocks.flatMap((stock) => {
    const maxShares = Math.floor(portfolio.cash / state.prices[stock] / lot) * lot;
    return maxShares > 0 ? [{ type: 'BuyShares' as const, stock, maxShares, lot }] : [];
  });
  const sells: StockTickerAction[] = state.options.stocks.flatMap((stock) => {
    const maxShares = portfolio.holdings[stock];
    return maxShares > 0 ? [{ type: 'SellShares' as const, stock, maxShares, lot }] : [];
  });
  // TO START THE GAME: all players must hold some Stock before the first roll.
  const mayFinish = state.phase === 'trading' || holdsStock(portfolio);
  const finish: StockTickerAction[] = mayFinish ? [{ type: 'FinishTrading' }] : [];
  return [...buys, ...sells, ...finish];
}

function borrowActions(portfolio: Portfolio): StockTickerAction[] {
  return mayBorrow(portfolio) ? [{ type: 'Borrow', maxAmount: stockTickerContent.loan.maxAmount }] : [];
}

function portfolioOf(state: ActiveState, player: PlayerId): Portfolio | undefined {
  return state.seatOrder.includes(player) ? state.portfolios[player] : undefined;
}

/** The players the game is waiting for: those still trading, or the one whose turn it is to roll. */
export function awaitedPlayers(state: StockTickerState): PlayerId[] {
  switch (state.phase) {
    case 'uncreated':
    case 'lobby':
    case 'finished':
      return [];
    case 'opening':
    case 'trading':
      return state.seatOrder.filter((playerId) => !state.finished.includes(playerId));
    case 'rolling': {
      const roller = currentRoller(state);
      return roller === undefined ? [] : [roller];
    }
    default:
      return assertNever(state, 'state');
  }
}
