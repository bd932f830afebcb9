import type { PlayerId } from '@corbeille/kernel';
import type { CardSeries, VariantName } from './content';

/**
 * Maxi Bourse: the public contract of the engine (commands, events, state, view, actions).
 * Money is integer dollars, prices are integer dollars per share (multiples of 10), holdings are
 * whole shares in lots of 1,000.
 */

export type CompanyId = string;
export type CardId = string;
/** Who receives a payment or sells shares: a player or the bank's Share Service. */
export type Party = PlayerId | 'bank';

export interface MaxiBourseOptions {
  readonly variant: VariantName;
  /** V: the session closes after this many turns of play around the table (null: only the other end conditions). */
  readonly turnLimit: number | null;
  readonly maxPlayers: number;
}

export interface Seat {
  readonly playerId: PlayerId;
  readonly name: string;
}

export interface PlayerPortfolio {
  readonly cash: number;
  /** Shares held per company (absent = none). */
  readonly holdings: Readonly<Record<CompanyId, number>>;
  /** Rumour cards drawn and not yet revealed: secret to everyone but the holder (III.5). */
  readonly rumours: readonly CardId[];
  /** Index of the pawn's space on the track; -1 before the first roll. */
  readonly position: number;
  readonly circuits: number;
  /** III.8: turns still to miss; while above 0 the player takes no part in the game. */
  readonly missedTurns: number;
  readonly ruined: boolean;
}

export interface Deck {
  readonly drawPile: readonly CardId[];
  readonly discardPile: readonly CardId[];
}

export interface LotRequest {
  readonly playerId: PlayerId;
  readonly lots: number;
}

export interface Valuation {
  readonly playerId: PlayerId;
  readonly cash: number;
  readonly shareValue: number;
  readonly total: number;
  readonly rank: number;
}

export type EndReason = 'TURN_LIMIT' | 'ONE_PLAYER_LEFT' | 'ALL_SHARES_SOLD' | 'TIME_ELAPSED';

export type SaleMode =
  /** III.2: before the roll; falling price per refusal, two rounds, then the bank. */
  | 'voluntary'
  /** III.6, III.8: shares sold to raise cash; offered once at market price, then the bank at market price. */
  | 'forced'
  /** III.8: the bank resells seized shares by the usual terms of sale. */
  | 'seizure';

// ---- Commands ---------------------------------------------------------------------------------

export type MaxiBourseCommand =
  | { type: 'CreateGame'; data: { gameId: string; options?: Partial<MaxiBourseOptions> } }
  | { type: 'JoinGame'; data: { playerId: string; name: string } }
  | { type: 'StartGame'; data: Record<string, never> }
  | { type: 'PickStartingCompany'; data: { playerId: string; company: CompanyId } }
  | { type: 'RollDice'; data: { playerId: string } }
  /** Before the roll (III.2), or to raise cash when a card or a debt requires it (III.6, III.8). */
  | { type: 'OfferShares'; data: { playerId: string; company: CompanyId; lots: number } }
  /** 0 lots refuses the offer. */
  | { type: 'AnswerSaleOffer'; data: { playerId: string; lots: number } }
  /** III.2 premium sale, or III.1-7 buying from the holders of a company the bank has sold out. */
  | { type: 'RequestShares'; data: { playerId: string; sellerId: string; company: CompanyId; lots: number } }
  | { type: 'QuotePremiumPrice'; data: { playerId: string; price: number } }
  | { type: 'DeclineShareRequest'; data: { playerId: string } }
  | { type: 'AnswerPremiumPrice'; data: { playerId: string; accept: boolean } }
  | { type: 'ClosePremiumSale'; data: { playerId: string } }
  /** III.7: a double lets the roller buy 1 or 2 lots of any company at market price. */
  | { type: 'BuyOnDouble'; data: { playerId: string; company: CompanyId; lots: number } }
  | { type: 'SkipDoublePurchase'; data: { playerId: string } }
  /** III.1-4: the lander's choice of company binds everyone. */
  | { type: 'ChooseShareCompany'; data: { playerId: string; company: CompanyId } }
  | { type: 'PassShareSpace'; data: { playerId: string } }
  /** III.1-3: 0, 1 or 2 lots in a round of bidding. */
  | { type: 'DeclareBid'; data: { playerId: string; lots: number } }
  | { type: 'AnswerAuction'; data: { playerId: string; stay: boolean } }
  | { type: 'PayForShares'; data: { playerId: string } }
  | { type: 'RevealRumour'; data: { playerId: string; cardId: CardId } }
  /** V: the banker closes the session because the playing time has elapsed. */
  | { type: 'CloseSession'; data: Record<string, never> };

export type MaxiBourseCommandType = MaxiBourseCommand['type'];

// ---- Events -----------------------------------------------------------------------------------

export type MaxiBourseEvent =
  | { type: 'GameCreated'; data: { gameId: string; options: MaxiBourseOptions } }
  | { type: 'PlayerJoined'; data: { playerId: PlayerId; name: string; seat: number } }
  | {
      type: 'GameStarted';
      data: { seatOrder: PlayerId[]; cash: Record<string, number>; prices: Record<CompanyId, number>; bank: Record<CompanyId, number>; trackLength: number };
    }
  /** The deck order after a shuffle: for referees only. */
  | { type: 'DeckShuffled'; data: { series: CardSeries; order: CardId[] } }
  | { type: 'StartingCompanyPicked'; data: { playerId: PlayerId; company: CompanyId; shares: number } }
  | { type: 'DraftClosed'; data: Record<string, never> }
  | { type: 'TurnStarted'; data: { playerId: PlayerId; tableTurn: number } }
  | { type: 'TurnMissed'; data: { playerId: PlayerId; stillToMiss: number } }
  | { type: 'TableTurnCompleted'; data: { tableTurn: number } }
  | { type: 'DiceRolled'; data: { playerId: PlayerId; dice: [number, number]; double: boolean } }
  | { type: 'PawnMoved'; data: { playerId: PlayerId; from: number; to: number; circuitCompleted: boolean } }
  | { type: 'CircuitCompleted'; data: { playerId: PlayerId; circuits: number } }
  | { type: 'DividendPaid'; data: { playerId: PlayerId; shares: number; amount: number } }
  | { type: 'DirectorsFeePaid'; data: { playerId: PlayerId; company: CompanyId; price: number; amount: number } }
  | { type: 'HorizontalBonusPaid'; data: { playerId: PlayerId; sector: string; companies: CompanyId[]; amount: number } }
  | { type: 'VerticalBonusPaid'; data: { playerId: PlayerId; companies: CompanyId[]; amount: number } }
  | { type: 'DoublePurchaseOpened'; data: { playerId: PlayerId } }
  | { type: 'DoublePurchaseSkipped'; data: { playerId: PlayerId } }
  | { type: 'MarketPurchaseDeclared'; data: { playerId: PlayerId; company: CompanyId; lots: number; price: number } }
  | { type: 'ShareSpaceOpened'; data: { playerId: PlayerId; company: CompanyId } }
  | { type: 'ShareCompanyChosen'; data: { playerId: PlayerId; company: CompanyId; atMarketPrice: boolean } }
  | { type: 'ShareSpacePassed'; data: { playerId: PlayerId; reason: 'choice' | 'penalised' } }
  | { type: 'BiddingRoundOpened'; data: { company: CompanyId; round: number; speakers: PlayerId[]; bankShares: number; marketPriceFor: PlayerId | null } }
  | {
      type: 'BidDeclared';
      data: { playerId: PlayerId; company: CompanyId; lots: number; basis: 'market' | 'atBest'; priceBefore: number; priceAfter: number };
    }
  | { type: 'BiddingRoundClosed'; data: { company: CompanyId; round: number; price: number; buyers: LotRequest[]; shortage: boolean } }
  | { type: 'ShareTradingClosed'; data: { company: CompanyId; bankShares: number } }
  | {
      type: 'AuctionOpened';
      data: { company: CompanyId; supplyLots: number; bidders: LotRequest[]; startPrice: number; preferenceFrom: PlayerId; purpose: 'shortage' | 'sale' };
    }
  | { type: 'AuctionPriceProposed'; data: { company: CompanyId; price: number } }
  | { type: 'AuctionAnswered'; data: { playerId: PlayerId; price: number; stay: boolean } }
  | { type: 'AuctionStepResolved'; data: { price: number; stayed: PlayerId[]; withdrew: PlayerId[] } }
  | { type: 'AuctionClosed'; data: { company: CompanyId; price: number; allocations: LotRequest[]; simultaneousWithdrawal: boolean } }
  | { type: 'PaymentRequested'; data: { payer: PlayerId; creditor: Party; company: CompanyId; lots: number; price: number } }
  | { type: 'SharesPaid'; data: { payer: PlayerId; creditor: Party; company: CompanyId; lots: number; price: number; amount: number } }
  | { type: 'PaymentDefaulted'; data: { payer: PlayerId; amount: number; cash: number } }
  /**
   * III.8: `fine` is paid at once, as far as the cash covers the 100,000 $; `fineOwed` (absent when
   * nothing is owed) is the rest, paid once the player has sold shares (`CarelessFinePaid`).
   */
  | { type: 'CarelessPlayerFined'; data: { playerId: PlayerId; fine: number; fineOwed?: number; turnsToMiss: number } }
  /** The rest of a careless player's fine, paid to the bank with the debt (III.8). */
  | { type: 'CarelessFinePaid'; data: { playerId: PlayerId; amount: number } }
  | { type: 'PlayerInsolvent'; data: { playerId: PlayerId; cashPaid: number } }
  | { type: 'SharesSeized'; data: { from: Party; company: CompanyId; lots: number } }
  /** `finePaid` (absent when none): the rest of the fine, taken from the surplus before the refund (III.8). */
  | { type: 'SeizureSettled'; data: { debtor: PlayerId; creditor: Party; creditorPaid: number; refund: number; finePaid?: number; turnsToMiss: number } }
  | { type: 'PlayerRuined'; data: { playerId: PlayerId; cashSurrendered: number } }
  | {
      type: 'SaleOpened';
      data: { seller: Party; company: CompanyId; lots: number; mode: SaleMode; price: number; responders: PlayerId[] };
    }
  | { type: 'SaleRoundOpened'; data: { round: number; price: number; responders: PlayerId[] } }
  | { type: 'SaleOfferAnswered'; data: { playerId: PlayerId; lots: number; price: number } }
  | { type: 'SalePriceLowered'; data: { company: CompanyId; from: number; to: number; refusedBy: PlayerId } }
  | { type: 'SaleAllocated'; data: { company: CompanyId; price: number; allocations: LotRequest[]; unsoldLots: number } }
  | { type: 'SoldToBank'; data: { seller: Party; company: CompanyId; lots: number; price: number; amount: number; priceBefore: number } }
  | { type: 'SaleClosed'; data: { seller: Party; company: CompanyId; proceeds: number } }
  | { type: 'ShareRequestMade'; data: { buyer: PlayerId; seller: PlayerId; company: CompanyId; lots: number } }
  | { type: 'PremiumPriceQuoted'; data: { seller: PlayerId; price: number } }
  | { type: 'PremiumPriceAnswered'; data: { buyer: PlayerId; price: number; accept: boolean } }
  | { type: 'ShareRequestDeclined'; data: { seller: PlayerId } }
  | { type: 'PremiumSaleAgreed'; data: { buyer: PlayerId; seller: PlayerId; company: CompanyId; lots: number; price: number } }
  | { type: 'ShareRequestLapsed'; data: { buyer: PlayerId; seller: PlayerId } }
  | { type: 'CardDrawn'; data: { playerId: PlayerId; series: CardSeries; cardId: CardId } }
  /** The card stays secret: only the holder and referees see `cardId`. */
  | { type: 'RumourDrawn'; data: { playerId: PlayerId; cardId: CardId } }
  | { type: 'NoCardLeft'; data: { playerId: PlayerId; series: CardSeries } }
  | { type: 'RumourRevealed'; data: { playerId: PlayerId; cardId: CardId; company: CompanyId; delta: number } }
  | { type: 'PriceMoved'; data: { company: CompanyId; from: number; to: number; cardId: CardId } }
  | { type: 'BankPaidPlayer'; data: { playerId: PlayerId; amount: number; cardId: CardId } }
  | { type: 'ObligationOpened'; data: { playerId: PlayerId; cardId: CardId; amount: number; sellAtLeast: number } }
  | { type: 'ObligationPaid'; data: { playerId: PlayerId; cardId: CardId; amount: number } }
  | { type: 'GameEnded'; data: { reason: EndReason; prices: Record<CompanyId, number>; valuations: Valuation[]; winners: PlayerId[] } };

export type MaxiBourseEventType = MaxiBourseEvent['type'];

/** An event as a viewer may see it: an auction answer by someone else has `stay: null` (hidden). */
export type MaxiBourseEventView =
  | Exclude<MaxiBourseEvent, { type: 'AuctionAnswered' }>
  | { type: 'AuctionAnswered'; data: { playerId: PlayerId; price: number; stay: boolean | null } };

// ---- State ------------------------------------------------------------------------------------

/** The steps of a turn (II, III.2, III.7): sub-activities are stacked on top of them. */
export type TurnStep =
  /** Before the roll: the roller may sell, the others may ask the roller for shares. */
  | { readonly kind: 'awaitingRoll'; readonly requestsMade: readonly PlayerId[] }
  | { readonly kind: 'doublePurchase' }
  /** The pawn has moved; the space is resolved next. */
  | { readonly kind: 'landing' }
  | { readonly kind: 'shareSpace'; readonly company: CompanyId }
  | { readonly kind: 'done' };

/** A pending piece of business; the top of the stack is the one being answered. */
export type Activity =
  | {
      readonly kind: 'bidding';
      readonly company: CompanyId;
      readonly round: number;
      readonly status: 'open' | 'auction' | 'settled';
      readonly speakers: readonly PlayerId[];
      readonly bids: readonly (LotRequest & { readonly basis: 'market' | 'atBest' })[];
      /** The lander buying at market price in the first round (III.1-5). */
      readonly marketPriceFor: PlayerId | null;
      /** Who bought in the last settled round: they alone speak in the next one (III.1-3). */
      readonly buyers: readonly PlayerId[];
    }
  | {
      readonly kind: 'auction';
      readonly company: CompanyId;
      readonly purpose: 'shortage' | 'sale';
      readonly supplyLots: number;
      readonly bidders: readonly LotRequest[];
      /** The price now proposed; `lastPrice` is the last one every remaining bidder accepted. */
      readonly price: number;
      readonly lastPrice: number;
      readonly answers: readonly { readonly playerId: PlayerId; readonly stay: boolean }[];
      readonly preferenceFrom: PlayerId;
    }
  | {
      readonly kind: 'payment';
      readonly payer: PlayerId;
      readonly creditor: Party;
      readonly company: CompanyId;
      readonly lots: number;
      readonly price: number;
    }
  | {
      readonly kind: 'debt';
      readonly debtor: PlayerId;
      readonly creditor: Party;
      readonly company: CompanyId;
      readonly lots: number;
      readonly price: number;
      readonly amount: number;
      /** The part of the careless player's fine still to pay once the debt is raised (III.8); absent: none. */
      readonly fineOwed?: number;
      readonly stage: 'raising' | 'seizure' | 'seized';
      readonly cashPaid: number;
      readonly seizureProceeds: number;
    }
  | {
      readonly kind: 'obligation';
      readonly playerId: PlayerId;
      readonly cardId: CardId;
      readonly amount: number;
      readonly sellAtLeast: number;
      readonly raised: number;
    }
  | {
      readonly kind: 'sale';
      readonly seller: Party;
      readonly company: CompanyId;
      readonly lots: number;
      readonly mode: SaleMode;
      readonly round: number;
      readonly status: 'offering' | 'auction' | 'settling';
      readonly price: number;
      readonly responders: readonly PlayerId[];
      readonly answers: readonly LotRequest[];
      readonly proceeds: number;
    }
  | {
      readonly kind: 'premiumRequest';
      readonly buyer: PlayerId;
      readonly seller: PlayerId;
      readonly company: CompanyId;
      readonly lots: number;
      readonly quote: number | null;
      readonly acceptedPrice: number | null;
    };

export type ActivityKind = Activity['kind'];

export interface Turn {
  readonly roller: PlayerId;
  readonly tableTurn: number;
  readonly dice: readonly [number, number] | null;
  readonly step: TurnStep;
  readonly stack: readonly Activity[];
}

interface Common {
  readonly gameId: string;
  readonly options: MaxiBourseOptions;
  readonly seats: readonly Seat[];
}

export interface Table extends Common {
  readonly seatOrder: readonly PlayerId[];
  readonly trackLength: number;
  readonly prices: Readonly<Record<CompanyId, number>>;
  /** Shares still held by the Share Service. */
  readonly bank: Readonly<Record<CompanyId, number>>;
  readonly players: Readonly<Record<string, PlayerPortfolio>>;
  readonly decks: Readonly<Record<CardSeries, Deck>>;
}

export type MaxiBourseState =
  | { readonly phase: 'uncreated' }
  | ({ readonly phase: 'lobby' } & Common)
  /** I: starting portfolios are picked one company at a time, in seat order. */
  | ({ readonly phase: 'drafting'; readonly picks: number } & Table)
  | ({ readonly phase: 'playing'; readonly turn: Turn } & Table)
  | ({ readonly phase: 'finished'; readonly reason: EndReason; readonly valuations: readonly Valuation[]; readonly winners: readonly PlayerId[] } & Table);

export type MaxiBoursePhase = MaxiBourseState['phase'];
export type TableState = Extract<MaxiBourseState, { phase: 'drafting' | 'playing' | 'finished' }>;
export type PlayingState = Extract<MaxiBourseState, { phase: 'playing' }>;

// ---- View -------------------------------------------------------------------------------------

export interface PlayerView extends Omit<PlayerPortfolio, 'rumours'> {
  readonly playerId: PlayerId;
  readonly rumourCount: number;
  /** Present only for the holder and referees. */
  readonly rumours?: readonly CardId[];
}

export interface DeckView {
  readonly remaining: number;
  readonly discardPile: readonly CardId[];
  /** Present only for referees. */
  readonly drawPile?: readonly CardId[];
}

/** An auction answer as a viewer sees it: `stay` is absent while the step's answers are secret to that viewer. */
export interface AuctionAnswerView {
  readonly playerId: PlayerId;
  readonly stay?: boolean;
}

/** The turn as a viewer sees it: the same, but in an auction the others' answers to the open step are hidden. */
export interface TurnView extends Omit<Turn, 'stack'> {
  readonly stack: readonly ActivityView[];
}

export type ActivityView =
  | Exclude<Activity, { kind: 'auction' }>
  | (Omit<Extract<Activity, { kind: 'auction' }>, 'answers'> & { readonly answers: readonly AuctionAnswerView[] });

export interface TableView extends Common {
  readonly phase: 'drafting' | 'playing' | 'finished';
  readonly seatOrder: readonly PlayerId[];
  readonly trackLength: number;
  readonly prices: Readonly<Record<CompanyId, number>>;
  readonly bank: Readonly<Record<CompanyId, number>>;
  readonly players: readonly PlayerView[];
  readonly decks: Readonly<Record<CardSeries, DeckView>>;
  readonly turn?: TurnView;
  readonly picks?: number;
  readonly reason?: EndReason;
  readonly valuations?: readonly Valuation[];
  readonly winners?: readonly PlayerId[];
}

export type MaxiBourseView = { readonly phase: 'uncreated' } | ({ readonly phase: 'lobby' } & Common) | TableView;

// ---- Actions ----------------------------------------------------------------------------------

/** What a player may do now; amounts are bounded so a client or bot can pick directly. */
export type MaxiBourseAction =
  | { type: 'JoinGame' }
  | { type: 'StartGame' }
  | { type: 'PickStartingCompany'; companies: CompanyId[] }
  | { type: 'RollDice' }
  | { type: 'OfferShares'; company: CompanyId; maxLots: number }
  | { type: 'AnswerSaleOffer'; price: number; maxLots: number }
  | { type: 'RequestShares'; sellerId: PlayerId; company: CompanyId; maxLots: number }
  | { type: 'QuotePremiumPrice'; minPrice: number; maxPrice: number; step: number }
  | { type: 'DeclineShareRequest' }
  | { type: 'AnswerPremiumPrice'; price: number }
  | { type: 'ClosePremiumSale'; price: number }
  | { type: 'BuyOnDouble'; company: CompanyId; price: number; maxLots: number }
  | { type: 'SkipDoublePurchase' }
  | { type: 'ChooseShareCompany'; company: CompanyId; atMarketPrice: boolean }
  | { type: 'PassShareSpace' }
  | { type: 'DeclareBid'; company: CompanyId; price: number; maxLots: number }
  | { type: 'AnswerAuction'; company: CompanyId; price: number; lots: number }
  | { type: 'PayForShares'; amount: number }
  | { type: 'RevealRumour'; cardId: CardId; company: CompanyId; delta: number };
