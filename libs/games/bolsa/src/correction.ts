import { assertWithinCorrectionLimit, CORRECTION_LIMITS, RuleViolation } from '@corbeille/kernel';
import { companyDefinition, isCompanyId } from './market';
import type { BolsaState, CompanyId, CompanyMarket, Portfolio } from './types';

/** A referee's adjustment of a BOLSA game (a ruling on a dispute): cash in whole euros, shares, prices in euros. */
export type BolsaAdjustment =
  | { readonly kind: 'cash'; readonly playerId: string; readonly delta: number }
  | { readonly kind: 'holding'; readonly playerId: string; readonly stock: string; readonly delta: number }
  | { readonly kind: 'price'; readonly stock: string; readonly to: number };

type InPlayBolsa = Exclude<BolsaState, { phase: 'uncreated' } | { phase: 'lobby' }>;

function refuse(code: string, message: string, details: Record<string, unknown> = {}): never {
  throw new RuleViolation(code, message, details);
}

/**
 * Applies a referee's correction, or refuses it with a reason. A company has a fixed number of shares
 * (Preparing to Play): a share given to a player comes from "Shares available" on its board and a share
 * taken back returns there, so shares are conserved. A price is a box of the company's price grid
 * (Important Rules: never above or below the grid): the blue marker moves to that box. Cash and
 * holdings never go below zero. Once the game is over every share was sold at the final price: only
 * cash can be corrected, and the standings are ranked again.
 */
export function correctBolsa(state: BolsaState, adjustments: readonly BolsaAdjustment[]): BolsaState {
  if (state.phase === 'uncreated' || state.phase === 'lobby') {
    refuse('NOTHING_TO_CORRECT', 'Nothing can be corrected before the game has started: no one holds cash or shares yet');
  }
  let portfolios: Record<string, Portfolio> = { ...state.portfolios };
  let market: Record<CompanyId, CompanyMarket> = { ...state.market };
  const finished = state.phase === 'finished';
  for (const adjustment of adjustments) {
    switch (adjustment.kind) {
      case 'cash': {
        const portfolio = portfolioOf(state, portfolios, adjustment.playerId);
        const cash = portfolio.cash + adjustment.delta;
        if (!Number.isSafeInteger(adjustment.delta)) refuse('BAD_AMOUNT', 'A cash adjustment is a whole number of euros');
        if (cash < 0) refuse('NEGATIVE_CASH', `${adjustment.playerId} would have negative cash (${cash} €)`, { playerId: adjustment.playerId, cash });
        assertWithinCorrectionLimit('cash', cash, CORRECTION_LIMITS.money, { playerId: adjustment.playerId });
        portfolios = { ...portfolios, [adjustment.playerId]: { ...portfolio, cash } };
        break;
      }
      case 'holding': {
        if (finished) refuse('GAME_OVER', 'The game is over and every share was sold: correct the final cash instead');
        const company = companyOf(state, adjustment.stock);
        const portfolio = portfolioOf(state, portfolios, adjustment.playerId);
        if (!Number.isSafeInteger(adjustment.delta)) refuse('BAD_AMOUNT', 'A holding adjustment is a whole number of shares');
        const shares = portfolio.shares[company] + adjustment.delta;
        const available = market[company].available - adjustment.delta;
        if (shares < 0) refuse('NEGATIVE_HOLDING', `${adjustment.playerId} would hold ${shares} shares of ${company}`, { playerId: adjustment.playerId, company, shares });
        if (available < 0) {
          refuse('SHARES_NOT_CONSERVED', `Only ${market[company].available} shares of ${company} are left on its board to give`, {
            company,
            available: market[company].available,
          });
        }
        portfolios = { ...portfolios, [adjustment.playerId]: { ...portfolio, shares: { ...portfolio.shares, [company]: shares } } };
        market = { ...market, [company]: { ...market[company], available } };
        break;
      }
      case 'price': {
        if (finished) refuse('GAME_OVER', 'The game is over and every share was sold: correct the final cash instead');
        const company = companyOf(state, adjustment.stock);
        const grid = companyDefinition(company).priceGrid;
        const level = grid.indexOf(adjustment.to);
        if (level < 0) refuse('PRICE_OFF_GRID', `${adjustment.to} € is not a box of the ${company} price grid (${grid.join(', ')})`, { company, grid });
        market = { ...market, [company]: { ...market[company], level } };
        break;
      }
      default: {
        const unknown: never = adjustment;
        refuse('BAD_ADJUSTMENT', `Unknown adjustment ${JSON.stringify(unknown)}`);
      }
    }
  }
  if (state.phase !== 'finished') return { ...state, portfolios, market };
  const cash = state.seatOrder.map((playerId) => ({ playerId, cash: portfolios[playerId]?.cash ?? 0 }));
  const standings = [...cash]
    .sort((a, b) => b.cash - a.cash)
    .map(({ playerId, cash: final }) => ({ playerId, cash: final, rank: 1 + cash.filter((other) => other.cash > final).length }));
  const winners = standings.filter((standing) => standing.rank === 1).map((standing) => standing.playerId);
  return { ...state, portfolios, market, standings, winners };
}

function portfolioOf(state: InPlayBolsa, portfolios: Record<string, Portfolio>, playerId: string): Portfolio {
  const portfolio = portfolios[playerId];
  if (!portfolio) refuse('UNKNOWN_PLAYER', `No player "${playerId}" sits at this game`, { playerId, players: state.seatOrder });
  return portfolio;
}

function companyOf(state: InPlayBolsa, company: string): CompanyId {
  if (!isCompanyId(company) || !state.companies.includes(company)) {
    refuse('UNKNOWN_STOCK', `"${company}" is not a company of this game`, { company, companies: state.companies });
  }
  return company;
}

/** The final result of a finished game, in cents as the league standings count it (undefined before the end). */
export function bolsaResult(state: BolsaState): { playerId: string; rank: number; finalWealth: number }[] | undefined {
  if (state.phase !== 'finished') return undefined;
  return state.standings.map((standing) => ({ playerId: standing.playerId, rank: standing.rank, finalWealth: standing.cash * 100 }));
}
