import { assertWithinCorrectionLimit, CORRECTION_LIMITS, RuleViolation } from '@corbeille/kernel';
import { isStockName, stockTickerContent } from './content/stocks';
import type { InPlayState } from './state';
import type { Portfolio, StockName, StockTickerState } from './types';

/**
 * A referee's adjustment of a Stock Ticker game (a ruling on a dispute): cash in cents, holdings in
 * shares, prices in cents.
 */
export type StockTickerAdjustment =
  | { readonly kind: 'cash'; readonly playerId: string; readonly delta: number }
  | { readonly kind: 'holding'; readonly playerId: string; readonly stock: string; readonly delta: number }
  | { readonly kind: 'price'; readonly stock: string; readonly to: number };

function refuse(code: string, message: string, details: Record<string, unknown> = {}): never {
  throw new RuleViolation(code, message, details);
}

/**
 * Applies a referee's correction to the state, or refuses it with a reason. The Broker has unlimited
 * stock, so holdings need no counterpart; cash and holdings never go below zero; a price stays on the
 * board: a multiple of the smallest move (5 cents) strictly between off the market ($0) and the split
 * ($2.00), as a price can only stand between rolls (STOCK SPLIT, STOCKS TAKEN OFF THE MARKET).
 * Once the game is over everyone has sold out to the Broker: only cash can be corrected, and the
 * standings are ranked again (ties share the rank, as at the end).
 */
export function correctStockTicker(state: StockTickerState, adjustments: readonly StockTickerAdjustment[]): StockTickerState {
  if (state.phase === 'uncreated' || state.phase === 'lobby') {
    refuse('NOTHING_TO_CORRECT', 'Nothing can be corrected before the game has started: no one holds cash or stock yet');
  }
  let portfolios: Record<string, Portfolio> = { ...state.portfolios };
  let prices: Record<StockName, number> = { ...state.prices };
  const finished = state.phase === 'finished';
  for (const adjustment of adjustments) {
    switch (adjustment.kind) {
      case 'cash': {
        const portfolio = portfolioOf(state, portfolios, adjustment.playerId);
        const cash = portfolio.cash + adjustment.delta;
        if (!Number.isSafeInteger(adjustment.delta)) refuse('BAD_AMOUNT', 'A cash adjustment is a whole number of cents');
        if (cash < 0) refuse('NEGATIVE_CASH', `${adjustment.playerId} would have negative cash (${cash} cents)`, { playerId: adjustment.playerId, cash });
        assertWithinCorrectionLimit('cash', cash, CORRECTION_LIMITS.money, { playerId: adjustment.playerId });
        portfolios = { ...portfolios, [adjustment.playerId]: { ...portfolio, cash } };
        break;
      }
      case 'holding': {
        if (finished) refuse('GAME_OVER', 'The game is over and every share was sold to the Broker: correct the final cash instead');
        const stock = stockOf(state, adjustment.stock);
        const portfolio = portfolioOf(state, portfolios, adjustment.playerId);
        const shares = portfolio.holdings[stock] + adjustment.delta;
        if (!Number.isSafeInteger(adjustment.delta)) refuse('BAD_AMOUNT', 'A holding adjustment is a whole number of shares');
        if (shares < 0) {
          refuse('NEGATIVE_HOLDING', `${adjustment.playerId} would hold ${shares} shares of ${stock}`, { playerId: adjustment.playerId, stock, shares });
        }
        // The Broker's stock is unlimited, so nothing else bounds a corrected holding.
        assertWithinCorrectionLimit('shares', shares, CORRECTION_LIMITS.shares, { playerId: adjustment.playerId, stock });
        portfolios = { ...portfolios, [adjustment.playerId]: { ...portfolio, holdings: { ...portfolio.holdings, [stock]: shares } } };
        break;
      }
      case 'price': {
        if (finished) refuse('GAME_OVER', 'The game is over and every share was sold to the Broker: correct the final cash instead');
        const stock = stockOf(state, adjustment.stock);
        const step = Math.min(...stockTickerContent.dice.amount);
        const { to } = adjustment;
        if (!Number.isSafeInteger(to) || to % step !== 0 || to <= stockTickerContent.offMarketPrice || to >= stockTickerContent.splitPrice) {
          refuse('PRICE_OFF_BOARD', `A price is a multiple of ${step} cents from ${step} to ${stockTickerContent.splitPrice - step} cents`, { stock, price: to });
        }
        prices = { ...prices, [stock]: to };
        break;
      }
      default: {
        const unknown: never = adjustment;
        refuse('BAD_ADJUSTMENT', `Unknown adjustment ${JSON.stringify(unknown)}`);
      }
    }
  }
  if (state.phase !== 'finished') return { ...state, portfolios, prices };
  const ordered = state.seatOrder.map((playerId) => ({ playerId, finalCash: portfolios[playerId]?.cash ?? 0 })).sort((a, b) => b.finalCash - a.finalCash);
  const standings = ordered.map((entry) => ({ ...entry, rank: ordered.findIndex((other) => other.finalCash === entry.finalCash) + 1 }));
  const winners = standings.filter((standing) => standing.rank === 1).map((standing) => standing.playerId);
  return { ...state, portfolios, standings, winners };
}

function portfolioOf(state: InPlayState, portfolios: Record<string, Portfolio>, playerId: string): Portfolio {
  const portfolio = portfolios[playerId];
  if (!portfolio) refuse('UNKNOWN_PLAYER', `No player "${playerId}" sits at this game`, { playerId, players: state.seatOrder });
  return portfolio;
}

function stockOf(state: InPlayState, stock: string): StockName {
  if (!isStockName(stock) || !state.options.stocks.includes(stock)) {
    refuse('UNKNOWN_STOCK', `"${stock}" is not a stock of this game`, { stock, stocks: state.options.stocks });
  }
  return stock;
}

/** The final result of a finished game in cents, as the league standings count it (undefined before the end). */
export function stockTickerResult(state: StockTickerState): { playerId: string; rank: number; finalWealth: number }[] | undefined {
  if (state.phase !== 'finished') return undefined;
  return state.standings.map((standing) => ({ playerId: standing.playerId, rank: standing.rank, finalWealth: standing.finalCash }));
}
