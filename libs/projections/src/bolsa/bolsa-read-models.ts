import type { BolsaPhase, CompanyId, NewspaperCardId, TrendDie } from '@corbeille/bolsa';

/**
 * BOLSA read models: only what every viewer may see. The shares behind the screens, the plans before the
 * reveal, the cards a reader drew and the deck order are never stored here; reads that need them go
 * through the access policy and the engine's view. Money in whole euros.
 */

/** What moved a blue marker. */
export type BolsaPriceCause = 'opening' | 'quarter' | 'trading' | 'newspaper';

export interface BolsaPriceMove {
  readonly position: number;
  readonly revision: number;
  readonly month: number;
  readonly price: number;
  readonly level: number;
  readonly cause: BolsaPriceCause;
}

export interface BolsaQuote {
  readonly company: CompanyId;
  /** The blue marker's price and its index in the company's grid. */
  readonly price: number;
  readonly level: number;
  /** The dividend per share at the current price (End of Year column). */
  readonly dividend: number;
  /** Shares on the board, in "Shares available". */
  readonly available: number;
  /** The trend die of each month of the quarter so far (cubes on the board). */
  readonly trend: readonly (TrendDie | null)[];
  readonly suspended: boolean;
  readonly suspendedNextMonth: boolean;
  /** Step 10: the closing price of each month played, month 0 being the opening price. */
  readonly monthly: readonly { readonly month: number; readonly price: number }[];
  /** Every move of the blue marker, in order. */
  readonly moves: readonly BolsaPriceMove[];
}

export interface BolsaBoard {
  readonly gameId: string;
  readonly month: number;
  readonly companies: readonly BolsaQuote[];
  readonly lastPosition: number;
}

/** The public side of a player's screen: money is on the table, shares are behind the screen. */
export interface BolsaPublicPortfolio {
  readonly gameId: string;
  readonly playerId: string;
  readonly name: string;
  readonly seat: number;
  readonly cash: number;
  /** Months the player sat out for missing the planning deadline. */
  readonly excludedMonths: readonly number[];
  /** Final rank once the game is over. */
  readonly rank: number | null;
}

/** Where the current month is; who has planned, never what. */
export interface BolsaMonthStatus {
  readonly month: number;
  readonly quarter: number;
  readonly monthOfQuarter: number;
  readonly phase: BolsaPhase;
  /** Step 4 deadline (null in an untimed month or outside the planning). */
  readonly deadline: string | null;
  readonly planned: readonly string[];
  /** Players the game waits for: still planning, or readers still choosing a card. */
  readonly awaiting: readonly string[];
  readonly excluded: readonly string[];
  readonly readers: readonly string[];
  readonly readersWhoChose: readonly string[];
  /** Newspaper cards played this month, once revealed. */
  readonly cardsPlayed: readonly { readonly playerId: string | null; readonly cardId: NewspaperCardId }[];
  readonly suspended: readonly CompanyId[];
  /** The newspaper deck's size (its order is secret). */
  readonly deckSize: number;
}

export type BolsaLedgerKind = 'SALE' | 'PURCHASE' | 'LOTTERY_DRAW' | 'DIVIDEND' | 'LIQUIDATION';

/** A line of the public ledger: sales and purchases at the table, lottery draws, and the end of the year. */
export interface BolsaLedgerEntry {
  readonly gameId: string;
  readonly position: number;
  readonly revision: number;
  /** Orders within one event (a dividend or liquidation event has a line per player). */
  readonly sequence: number;
  readonly kind: BolsaLedgerKind;
  readonly month: number;
  readonly playerId: string;
  readonly company: CompanyId;
  /** Shares sold, bought, paid on or liquidated (1 for a draw). */
  readonly shares: number;
  /** Price per share (the dividend per share for DIVIDEND; null for a draw). */
  readonly price: number | null;
  /** Money received (sale, dividend, liquidation) or paid (purchase); null for a draw. */
  readonly amount: number | null;
  /** PURCHASE: bought from the board ('purchase') or won in the lottery ('lottery'). */
  readonly via: 'purchase' | 'lottery' | null;
  /** LOTTERY_DRAW: whether the share drawn was real, and the draw's number in this lottery. */
  readonly real: boolean | null;
  readonly draw: number | null;
  readonly occurredAt: string;
}
