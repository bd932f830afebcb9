import { RuleViolation } from './errors';

/**
 * The most a referee's correction may leave in any one place of a game, in the game's own unit. No play
 * comes near: the largest starting purse is $5,000 (500,000 cents), and a correction only repairs what
 * play did. The ceilings keep every figure a game can serve (a net worth, a league's total wealth over
 * thousands of games) far below 2^53, so money stays an exact integer everywhere.
 */
export const CORRECTION_LIMITS = {
  /** Cash, and the size of one adjustment: 10^12 units (10 billion dollars in cents). */
  money: 1_000_000_000_000,
  /** Shares of one stock in one portfolio, where a game does not conserve its shares (Stock Ticker's Broker). */
  shares: 1_000_000_000,
  /** A price, where a game's board has no top (Maxi Bourse): 10^6 per share. */
  price: 1_000_000,
} as const;

/** Refuses a corrected amount above its ceiling, with the same code in every game. */
export function assertWithinCorrectionLimit(what: 'cash' | 'shares' | 'price', amount: number, limit: number, details: Readonly<Record<string, unknown>> = {}): void {
  if (Math.abs(amount) > limit) {
    throw new RuleViolation('AMOUNT_TOO_LARGE', `A correction may not bring ${what} beyond ${limit.toLocaleString('en-US')}: no game could ever hold that much`, {
      ...details,
      amount,
      limit,
    });
  }
}
