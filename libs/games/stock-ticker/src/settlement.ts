import type { PlayerId } from '@corbeille/kernel';
import { stockTickerContent } from './content/stocks';
import type { ActiveState } from './state';
import type { Liquidation, Standing, StockTickerEvent } from './types';

type GameEndReason = Extract<StockTickerEvent, { type: 'GameEnded' }>['data']['reason'];

/**
 * BRIEF OBJECT OF THE GAME: every player sells all stock to the Broker at market value; BORROWING:
 * a loan is paid back with the charge before counting. The result may be negative: it is the record.
 */
export function gameEnded(state: ActiveState, reason: GameEndReason): Extract<StockTickerEvent, { type: 'GameEnded' }> {
  const liquidations = state.seatOrder.map((playerId) => liquidate(state, playerId));
  const standings = rankByFinalCash(liquidations);
  const winners = standings.filter((standing) => standing.rank === 1).map((standing) => standing.playerId);
  return { type: 'GameEnded', data: { reason, prices: { ...state.prices }, liquidations, standings, winners } };
}

function liquidate(state: ActiveState, playerId: PlayerId): Liquidation {
  const portfolio = state.portfolios[playerId];
  if (!portfolio) throw new Error(`No portfolio for player ${playerId}`);
  const sales = state.options.stocks.flatMap((stock) => {
    const shares = portfolio.holdings[stock];
    const price = state.prices[stock];
    return shares > 0 ? [{ stock, shares, price, proceeds: shares * price }] : [];
  });
  const loanRepayment = portfolio.hasBorrowed ? portfolio.loan + stockTickerContent.loan.charge : 0;
  const proceeds = sales.reduce((total, sale) => total + sale.proceeds, 0);
  return { playerId, cashBefore: portfolio.cash, sales, loanRepayment, finalCash: portfolio.cash + proceeds - loanRepayment };
}

/** Highest final cash first; equal cash shares the rank (1, 1, 3) and ties share the win. */
function rankByFinalCash(liquidations: readonly Liquidation[]): Standing[] {
  const ordered = [...liquidations].sort((a, b) => b.finalCash - a.finalCash);
  return ordered.map((liquidation) => ({
    playerId: liquidation.playerId,
    rank: ordered.findIndex((other) => other.finalCash === liquidation.finalCash) + 1,
    finalCash: liquidation.finalCash,
  }));
}
