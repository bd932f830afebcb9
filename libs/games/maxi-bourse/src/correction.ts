import { assertWithinCorrectionLimit, CORRECTION_LIMITS, RuleViolation } from '@corbeille/kernel';
import { maxiBourseContent } from './content';
import type { CompanyId, MaxiBourseState, PlayerPortfolio, Valuation } from './types';

/** A referee's adjustment of a Maxi Bourse game (a ruling on a dispute): cash in dollars, shares, prices in dollars. */
export type MaxiBourseAdjustment =
  | { readonly kind: 'cash'; readonly playerId: string; readonly delta: number }
  | { readonly kind: 'holding'; readonly playerId: string; readonly stock: string; readonly delta: number }
  | { readonly kind: 'price'; readonly stock: string; readonly to: number };

type TableOf = Extract<MaxiBourseState, { phase: 'drafting' | 'playing' | 'finished' }>;

function refuse(code: string, message: string, details: Record<string, unknown> = {}): never {
  throw new RuleViolation(code, message, details);
}

/**
 * Applies a referee's correction, or refuses it with a reason. Each company has 10,000 shares (III.1-1)
 * traded in lots of 1,000: a lot given to a player comes from the Share Service and a lot taken back
 * returns there, so shares are conserved. Prices stay on the board: multiples of 10 $, never below 10 $
 * (decisions.md). Cash and holdings never go below zero. After the end, the valuations (cash plus shares
 * at market value, V) and the winners are worked out again.
 */
export function correctMaxiBourse(state: MaxiBourseState, adjustments: readonly MaxiBourseAdjustment[]): MaxiBourseState {
  if (state.phase === 'uncreated' || state.phase === 'lobby') {
    refuse('NOTHING_TO_CORRECT', 'Nothing can be corrected before the game has started: no one holds cash or shares yet');
  }
  const { lotSize, priceStep, priceFloor } = maxiBourseContent;
  let players: Record<string, PlayerPortfolio> = { ...state.players };
  let prices: Record<CompanyId, number> = { ...state.prices };
  let bank: Record<CompanyId, number> = { ...state.bank };
  for (const adjustment of adjustments) {
    switch (adjustment.kind) {
      case 'cash': {
        const portfolio = portfolioOf(state, players, adjustment.playerId);
        if (!Number.isSafeInteger(adjustment.delta)) refuse('BAD_AMOUNT', 'A cash adjustment is a whole number of dollars');
        const cash = portfolio.cash + adjustment.delta;
        if (cash < 0) refuse('NEGATIVE_CASH', `${adjustment.playerId} would have negative cash (${cash} $)`, { playerId: adjustment.playerId, cash });
        assertWithinCorrectionLimit('cash', cash, CORRECTION_LIMITS.money, { playerId: adjustment.playerId });
        players = { ...players, [adjustment.playerId]: { ...portfolio, cash } };
        break;
      }
      case 'holding': {
        const company = companyOf(state, adjustment.stock);
        const portfolio = portfolioOf(state, players, adjustment.playerId);
        if (!Number.isSafeInteger(adjustment.delta) || adjustment.delta % lotSize !== 0) {
          refuse('BAD_AMOUNT', `Shares change hands in lots of ${lotSize}`, { lotSize });
        }
        const shares = (portfolio.holdings[company] ?? 0) + adjustment.delta;
        const inBank = (bank[company] ?? 0) - adjustment.delta;
        if (shares < 0) refuse('NEGATIVE_HOLDING', `${adjustment.playerId} would hold ${shares} shares of ${company}`, { playerId: adjustment.playerId, company, shares });
        if (inBank < 0) {
          refuse('SHARES_NOT_CONSERVED', `The Share Service holds only ${bank[company] ?? 0} shares of ${company} to give`, { company, bank: bank[company] ?? 0 });
        }
        const holdings: Record<CompanyId, number> = { ...portfolio.holdings, [company]: shares };
        if (shares === 0) delete holdings[company];
        players = { ...players, [adjustment.playerId]: { ...portfolio, holdings } };
        bank = { ...bank, [company]: inBank };
        break;
      }
      case 'price': {
        const company = companyOf(state, adjustment.stock);
        const { to } = adjustment;
        if (!Number.isSafeInteger(to) || to % priceStep !== 0 || to < priceFloor) {
          refuse('PRICE_OFF_BOARD', `A price is a multiple of ${priceStep} $, at least ${priceFloor} $`, { company, price: to });
        }
        // The board has a floor but no top (decisions.md): the ceiling keeps 10,000 shares at that price exact.
        assertWithinCorrectionLimit('price', to, CORRECTION_LIMITS.price, { company });
        prices = { ...prices, [company]: to };
        break;
      }
      default: {
        const unknown: never = adjustment;
        refuse('BAD_ADJUSTMENT', `Unknown adjustment ${JSON.stringify(unknown)}`);
      }
    }
  }
  if (state.phase !== 'finished') return { ...state, players, prices, bank };
  const totals = state.seatOrder.map((playerId) => {
    const portfolio = players[playerId];
    const cash = portfolio?.cash ?? 0;
    const shareValue = Object.entries(portfolio?.holdings ?? {}).reduce((sum, [company, shares]) => sum + shares * (prices[company] ?? 0), 0);
    return { playerId, cash, shareValue, total: cash + shareValue };
  });
  const valuations: Valuation[] = totals.map((entry) => ({ ...entry, rank: 1 + totals.filter((other) => other.total > entry.total).length }));
  // V: a ruined player is out of the running.
  const contenders = valuations.filter((valuation) => players[valuation.playerId]?.ruined === false);
  const best = Math.max(...contenders.map((valuation) => valuation.total));
  const winners = contenders.filter((valuation) => valuation.total === best).map((valuation) => valuation.playerId);
  return { ...state, players, prices, bank, valuations, winners };
}

function portfolioOf(state: TableOf, players: Record<string, PlayerPortfolio>, playerId: string): PlayerPortfolio {
  const portfolio = players[playerId];
  if (!portfolio) refuse('UNKNOWN_PLAYER', `No player "${playerId}" sits at this game`, { playerId, players: state.seatOrder });
  return portfolio;
}

function companyOf(state: TableOf, company: string): CompanyId {
  if (!(company in state.prices)) refuse('UNKNOWN_STOCK', `"${company}" is not a company of this game`, { company });
  return company;
}

/** The final result of a finished game, in cents as the league standings count it (undefined before the end). */
export function maxiBourseResult(state: MaxiBourseState): { playerId: string; rank: number; finalWealth: number }[] | undefined {
  if (state.phase !== 'finished') return undefined;
  return state.valuations.map((valuation) => ({ playerId: valuation.playerId, rank: valuation.rank, finalWealth: valuation.total * 100 }));
}
