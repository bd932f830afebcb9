import { boardSpaces } from './board';
import { cards } from './cards';
import { companies, sectors } from './companies';
import { variants } from './variants';

export type { BoardSpace, CardSeries } from './board';
export type { CardDefinition, CardEffect } from './cards';
export type { CompanyDefinition, SectorDefinition } from './companies';
export type { ChequeBundle, VariantDefinition, VariantName } from './variants';
export { startingCash } from './variants';

/** Everything game-specific the rules read: swap these tables to play with the printed components. */
export const maxiBourseContent = {
  players: { min: 2, max: 6 },
  companies,
  sectors,
  boardSpaces,
  cards,
  variants,
  cardSeries: ['STOCK_EXCHANGE', 'DOMESTIC_POLITICS', 'INTERNATIONAL_POLITICS', 'RUMOURS', 'STRICTLY_PERSONAL'] as const,
  /** III.1-1: 10,000 shares per company, traded in lots of 1,000. */
  sharesPerCompany: 10_000,
  lotSize: 1_000,
  /** III.1-3: at most 2 lots per player in one round of bidding; III.7: same for a double. */
  maxLotsPerBid: 2,
  /** Prices move in steps of 10 $ and never fall below 10 $ (decisions.md). */
  priceStep: 10,
  priceFloor: 10,
  /** III.8: the careless player's fine. */
  carelessFine: 100_000,
  payouts: {
    /** IV.1: 10 $ per share. */
    dividendPerShare: 10,
    /** IV.2: a majority is 6,000 shares; the fee is the value of 1,000 shares at the current price. */
    majorityShares: 6_000,
    directorsFeeShares: 1_000,
    /** IV.3: a majority plus 3,000 shares in two other companies of the same sector. */
    horizontalBonus: 300_000,
    horizontalMinorityShares: 3_000,
    horizontalCompanies: 3,
    /** IV.3: majorities in three companies of three different sectors. */
    verticalBonus: 600_000,
    verticalCompanies: 3,
  },
  /** Turns of play around the table after which the session closes, when the options do not say. */
  defaultTurnLimit: 40,
} as const;

export type MaxiBourseContent = typeof maxiBourseContent;
