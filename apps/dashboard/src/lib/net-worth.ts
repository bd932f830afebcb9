import type { SnapshotPlayer } from './types';

/**
 * Stock Ticker's BORROWING rule: a loan is repaid at the end with a $500.00 charge. Portfolios from the
 * API already deduct it (`Portfolio.netWorth`); time-travel snapshots carry cash, holdings and loan only,
 * so their net worth is derived here the same way.
 */
export const LOAN_CHARGE_CENTS = 50_000;

/** Cash plus holdings at the prices of that moment, minus an outstanding loan and its charge. */
export function snapshotNetWorth(player: SnapshotPlayer): number | null {
  if (player.cash === null) return null;
  const holdings = player.holdings.reduce((sum, holding) => sum + holding.value, 0);
  const loan = player.loan ?? 0;
  const owed = loan > 0 ? loan + LOAN_CHARGE_CENTS : 0;
  return player.cash + holdings - owed;
}

export function holdingsValue(holdings: readonly { value: number }[]): number {
  return holdings.reduce((sum, holding) => sum + holding.value, 0);
}
