import type { ActivityKind, CardSeries, CompanyId, EndReason, MaxiBoursePhase, VariantName } from '@corbeille/maxi-bourse';

/**
 * Maxi Bourse read models: only what everyone at the table may see. Cash, holdings, pawns and prices are
 * public in Maxi Bourse; unrevealed Rumours cards and the order of the piles are never stored here (the
 * projection folds the events as a spectator sees them). Reads that need a holder's cards go through the
 * access policy and the engine's view. Money in whole dollars, prices in dollars per share.
 */

/** A space of the variant's track, in play order (index 0 is the first space after the start). */
export interface MaxiBourseSpace {
  readonly index: number;
  readonly ring: 1 | 2 | 3;
  readonly kind: 'share' | 'card';
  readonly company: CompanyId | null;
  readonly series: CardSeries | null;
}

export interface MaxiBoursePawn {
  readonly playerId: string;
  readonly name: string;
  readonly seat: number;
  /** Index of the pawn's space on the track; -1 before the first roll. */
  readonly position: number;
  readonly circuits: number;
  /** III.8: turns still to miss for carelessness. */
  readonly missedTurns: number;
  readonly ruined: boolean;
}

/** The trading floor: the variant's track and where every pawn stands. */
export interface MaxiBourseBoard {
  readonly gameId: string;
  readonly variant: VariantName | null;
  readonly trackLength: number;
  readonly spaces: readonly MaxiBourseSpace[];
  readonly pawns: readonly MaxiBoursePawn[];
  /** The player whose turn it is (null outside play). */
  readonly roller: string | null;
  readonly tableTurn: number;
  /** The dice of the current turn, once rolled. */
  readonly dice: readonly [number, number] | null;
  readonly lastPosition: number;
}

/** What set a quotation. */
export type MaxiBoursePriceCause = 'opening' | 'bid' | 'auction' | 'sale' | 'bank' | 'card' | 'rumour';

export interface MaxiBoursePricePoint {
  /** Global position of the event that set this price. */
  readonly position: number;
  readonly revision: number;
  readonly tableTurn: number;
  readonly price: number;
  readonly cause: MaxiBoursePriceCause;
}

export interface MaxiBourseQuote {
  readonly company: CompanyId;
  readonly sector: string;
  readonly nominal: number;
  readonly price: number;
  /** Shares still held by the Share Service. */
  readonly bankShares: number;
  /** Every quotation the company has had, starting at its nominal value. */
  readonly history: readonly MaxiBoursePricePoint[];
}

export interface MaxiBoursePriceBoard {
  readonly gameId: string;
  readonly tableTurn: number;
  readonly companies: readonly MaxiBourseQuote[];
  readonly lastPosition: number;
}

export interface MaxiBourseHolding {
  readonly company: CompanyId;
  readonly shares: number;
  /** The shares at the current quotation. */
  readonly value: number;
}

/** A player's cheques and share certificates, on the table for all to see; Rumours cards only counted. */
export interface MaxiBoursePortfolio {
  readonly gameId: string;
  readonly playerId: string;
  readonly name: string;
  readonly seat: number;
  readonly cash: number;
  readonly holdings: readonly MaxiBourseHolding[];
  readonly shareValue: number;
  /** Cash plus shares at market price (V). */
  readonly worth: number;
  readonly rumourCount: number;
  readonly missedTurns: number;
  readonly ruined: boolean;
  /** Final rank once the game is over. */
  readonly rank: number | null;
}

/** What the game waits for: the step of the turn or the business on top of the stack. */
export type MaxiBourseDecisionKind =
  | 'START'
  | 'PICK_STARTING_COMPANY'
  | 'ROLL'
  | 'DOUBLE_PURCHASE'
  | 'SHARE_SPACE'
  | 'BIDDING'
  | 'AUCTION'
  | 'PAYMENT'
  | 'RAISING_CASH'
  | 'SEIZURE'
  | 'OBLIGATION'
  | 'SALE'
  | 'PREMIUM_REQUEST'
  | 'NONE';

/**
 * The pending decision, public part: who must answer now and about what. Declarations made aloud at
 * the table (bids, answers to an offer) are public; in an auction only who has answered the current
 * step is shown, since the answers of a step count as given at the same time (III.1-6).
 */
export interface MaxiBourseDecision {
  readonly gameId: string;
  readonly phase: MaxiBoursePhase;
  readonly kind: MaxiBourseDecisionKind;
  readonly tableTurn: number;
  readonly roller: string | null;
  readonly dice: readonly [number, number] | null;
  /** Players the game waits for (revealing a rumour or asking for shares is never awaited). */
  readonly awaiting: readonly string[];
  /** The business under way, from the bottom of the stack to its top. */
  readonly pending: readonly ActivityKind[];
  readonly company: CompanyId | null;
  readonly price: number | null;
  readonly lots: number | null;
  readonly round: number | null;
  /** A player id or 'bank' (the Share Service). */
  readonly seller: string | null;
  readonly buyer: string | null;
  readonly payer: string | null;
  readonly creditor: string | null;
  readonly amount: number | null;
  readonly bids: readonly { readonly playerId: string; readonly lots: number; readonly basis: 'market' | 'atBest' }[];
  readonly bidders: readonly { readonly playerId: string; readonly lots: number }[];
  readonly answered: readonly string[];
  readonly responders: readonly string[];
  readonly answers: readonly { readonly playerId: string; readonly lots: number }[];
  readonly quote: number | null;
  readonly acceptedPrice: number | null;
  /** A sale's mode, an auction's purpose or a debt's stage. */
  readonly mode: string | null;
  /** The Strictly Personal card behind an obligation (read aloud when drawn). */
  readonly cardId: string | null;
  /** Starting picks made so far (drafting). */
  readonly picks: number | null;
  readonly lastPosition: number;
}

export type MaxiBourseLedgerKind =
  | 'MARKET_PURCHASE'
  | 'BEST_PURCHASE'
  | 'AUCTION'
  | 'SALE'
  | 'BANK_PURCHASE'
  | 'PREMIUM_SALE'
  | 'SEIZURE'
  | 'PAYMENT';

/**
 * A line of the trade ledger: a deal struck (purchase from the Share Service, auction, sale to players,
 * purchase by the Share Service, premium sale), shares seized, or a payment that settled a deal.
 */
export interface MaxiBourseLedgerEntry {
  readonly gameId: string;
  readonly position: number;
  readonly revision: number;
  /** Orders the lines of one event (an auction or a round of bidding has a line per buyer). */
  readonly sequence: number;
  readonly kind: MaxiBourseLedgerKind;
  readonly tableTurn: number;
  /** The player the line is about: the buyer, or the seller when the Share Service buys. */
  readonly playerId: string;
  /** Null for the Share Service. */
  readonly buyer: string | null;
  readonly seller: string | null;
  readonly company: CompanyId;
  readonly lots: number;
  readonly shares: number;
  readonly price: number;
  readonly amount: number;
  /** How the deal came about: double, shareSpace, atBest, shortage, sale, voluntary, forced, seizure, premium. */
  readonly via: string | null;
  readonly occurredAt: string;
}

/** What a player earned on completing a round of the track (IV), item by item. */
export interface MaxiBoursePayout {
  readonly gameId: string;
  readonly position: number;
  readonly revision: number;
  readonly playerId: string;
  readonly circuit: number;
  readonly tableTurn: number;
  readonly dividend: { readonly shares: number; readonly amount: number } | null;
  readonly directorsFees: readonly { readonly company: CompanyId; readonly price: number; readonly amount: number }[];
  readonly horizontalBonuses: readonly { readonly sector: string; readonly companies: readonly CompanyId[]; readonly amount: number }[];
  readonly verticalBonuses: readonly { readonly companies: readonly CompanyId[]; readonly amount: number }[];
  readonly total: number;
}

export interface MaxiBourseStanding {
  readonly playerId: string;
  readonly name: string;
  readonly cash: number;
  readonly shareValue: number;
  readonly total: number;
  readonly rank: number;
  readonly winner: boolean;
}

export interface MaxiBourseStandings {
  readonly reason: EndReason;
  readonly rows: readonly MaxiBourseStanding[];
}

/** Everything public about one table, as one read. */
export interface MaxiBourseTable {
  readonly board: MaxiBourseBoard;
  readonly priceBoard: MaxiBoursePriceBoard;
  readonly portfolios: readonly MaxiBoursePortfolio[];
  readonly decision: MaxiBourseDecision;
  readonly payouts: readonly MaxiBoursePayout[];
  /** Null until the session closes. */
  readonly standings: MaxiBourseStandings | null;
}
