import type { PlayerId } from '@corbeille/kernel';

/**
 * BOLSA: the public contract of the engine (commands, events, state, view, actions).
 * Money is whole euros. A price is read on a company's grid at a `level` (an index into the grid).
 */

export type CompanyId = 'CEREAL' | 'BIOTECH' | 'INDUSTRIAL' | 'ENERGY' | 'PHONE' | 'BANCA';
export type CompanyRisk = 'low' | 'medium' | 'high';
export type CompanyColour = 'yellow' | 'green' | 'red' | 'blue' | 'purple' | 'black';
/** Preparing to Play / Step 1: a trend die shows -3 to +3 (no zero face). */
export type TrendDie = -3 | -2 | -1 | 1 | 2 | 3;
export type CubeColour = 'green' | 'red';
export type NewspaperCardId = string;
export type LotteryRotation = 'next-seat' | 'previous-seat';

export interface BolsaOptions {
  /** Step 4: time to plan, in seconds (the book's timer is 30 s). */
  readonly planningSeconds: number;
  /** First month with a deadline; the book suggests April (4) for a first game. Earlier months close when the referee says so. */
  readonly timedFromMonth: number;
  /** The last month played: December, or the end of an earlier quarter for the shorter game. */
  readonly lastMonth: 3 | 6 | 9 | 12;
  /** Step 7: the lottery passes to the next seat in seat order (the book's example) or the previous one. */
  readonly lotteryRotation: LotteryRotation;
}

export interface Seat {
  readonly playerId: PlayerId;
  readonly name: string;
}

/** Step 4: one marker per share to sell or buy, plus markers on the newspaper area. */
export interface Plan {
  readonly sell: Partial<Record<CompanyId, number>>;
  readonly buy: Partial<Record<CompanyId, number>>;
  readonly newspaper: number;
}

export interface Portfolio {
  readonly cash: number;
  readonly shares: Readonly<Record<CompanyId, number>>;
}

export interface CompanyMarket {
  /** The blue marker, as an index into the company's price grid. */
  readonly level: number;
  /** Shares on the board in "Shares available". */
  readonly available: number;
  /** Step 2: the die of each month of the current quarter (null until rolled). */
  readonly trend: readonly [TrendDie | null, TrendDie | null, TrendDie | null];
}

export type NewspaperCardEffect =
  | { readonly kind: 'move'; readonly moves: readonly { readonly company: CompanyId; readonly levels: number }[] }
  | { readonly kind: 'suspend'; readonly company: CompanyId };

export interface NewspaperCard {
  readonly id: NewspaperCardId;
  readonly headline: string;
  readonly effect: NewspaperCardEffect;
}

export interface Standing {
  readonly playerId: PlayerId;
  readonly rank: number;
  readonly cash: number;
}

// ---- Commands ---------------------------------------------------------------------------------

export type BolsaCommand =
  | { type: 'CreateGame'; data: { gameId: string; options?: Partial<BolsaOptions> } }
  | { type: 'JoinGame'; data: { playerId: string; name: string } }
  | { type: 'StartGame'; data: Record<string, never> }
  | { type: 'SubmitPlan'; data: { playerId: string; plan: Plan } }
  /** Sent by the referee when the planning deadline has passed: players without a plan sit the month out. */
  | { type: 'ClosePlanning'; data: Record<string, never> }
  | { type: 'ChooseNewspaperCard'; data: { playerId: string; cardId: NewspaperCardId } };

// ---- Events -----------------------------------------------------------------------------------

export type IneffectiveReason = 'NOT_ENOUGH_SHARES' | 'NOT_ENOUGH_CASH';

export type BolsaEvent =
  | { type: 'GameCreated'; data: { gameId: string; options: BolsaOptions } }
  | { type: 'PlayerJoined'; data: { playerId: PlayerId; name: string; seat: number } }
  | {
      type: 'GameStarted';
      data: { seatOrder: PlayerId[]; companies: CompanyId[]; sharesPerCompany: number; startingCash: number };
    }
  /** The new cards go under the current deck (at the start the deck is empty). Never shown to players. */
  | { type: 'NewspaperDeckShuffled'; data: { order: NewspaperCardId[] } }
  | { type: 'SharesDealt'; data: { playerId: PlayerId; shares: Record<CompanyId, number> } }
  | { type: 'OpeningPriceSet'; data: { company: CompanyId; die: TrendDie; fromPrice: number; toPrice: number; level: number } }
  | { type: 'MonthStarted'; data: { month: number; deadline: string | null; suspended: CompanyId[] } }
  | {
      type: 'TrendDieRolled';
      data: { month: number; monthOfQuarter: 1 | 2 | 3; company: CompanyId; die: TrendDie; cubes: { colour: CubeColour; count: number } };
    }
  | {
      type: 'QuarterPriceMoved';
      data: { month: number; company: CompanyId; green: number; red: number; levels: number; fromPrice: number; toPrice: number; level: number };
    }
  | { type: 'PlanSubmitted'; data: { playerId: PlayerId; month: number; plan: Plan; submittedAt: string } }
  | { type: 'PlayerExcluded'; data: { playerId: PlayerId; month: number; reason: 'MISSED_DEADLINE' } }
  | { type: 'PlansRevealed'; data: { month: number; plans: Record<string, Plan>; excluded: PlayerId[] } }
  | {
      type: 'SharesSold';
      data: {
        month: number;
        playerId: PlayerId;
        company: CompanyId;
        shares: number;
        price: number;
        proceeds: number;
        yellowFromPrice: number;
        yellowToPrice: number;
        yellowLevel: number;
      };
    }
  | {
      type: 'SharesBought';
      data: {
        month: number;
        playerId: PlayerId;
        company: CompanyId;
        shares: number;
        price: number;
        cost: number;
        via: 'purchase' | 'lottery';
        yellowFromPrice: number;
        yellowToPrice: number;
        yellowLevel: number;
      };
    }
  /** Important Rules: a planned action that cannot be carried out simply has no effect. */
  | {
      type: 'PlannedActionIneffective';
      data: { month: number; playerId: PlayerId; company: CompanyId; action: 'sell' | 'buy'; markers: number; reason: IneffectiveReason };
    }
  | {
      type: 'LotteryStarted';
      data: {
        month: number;
        company: CompanyId;
        realShares: number;
        blankShares: number;
        intentions: Record<string, number>;
        firstDrawer: PlayerId;
        /** The players who tied for most intentions when the first drawer was drawn at random (else empty). */
        tiedForFirst: PlayerId[];
      };
    }
  | {
      type: 'LotteryShareDrawn';
      data: { month: number; company: CompanyId; playerId: PlayerId; draw: number; real: boolean; realLeft: number; blankLeft: number };
    }
  /** Step 8: the blue marker takes the virtual yellow marker's place. */
  | { type: 'YellowMarkerReplaced'; data: { month: number; company: CompanyId; fromPrice: number; toPrice: number; level: number } }
  | { type: 'NewspaperReadersChosen'; data: { month: number; readers: PlayerId[]; markers: number } }
  | { type: 'NewspaperCardSkipped'; data: { cardId: NewspaperCardId; reason: 'NO_COMPANY_IN_PLAY' } }
  | { type: 'NewspaperCardsDrawn'; data: { playerId: PlayerId; cards: NewspaperCardId[] } }
  | { type: 'NewspaperCardChosen'; data: { playerId: PlayerId; cardId: NewspaperCardId; returned: NewspaperCardId[] } }
  /** The card is revealed and applied; playerId is null when nobody read the newspaper (top card). */
  | { type: 'NewspaperCardPlayed'; data: { month: number; playerId: PlayerId | null; cardId: NewspaperCardId } }
  | {
      type: 'PriceMovedByNewspaper';
      data: { month: number; cardId: NewspaperCardId; company: CompanyId; levels: number; fromPrice: number; toPrice: number; level: number };
    }
  | { type: 'TradingSuspended'; data: { cardId: NewspaperCardId; company: CompanyId; month: number } }
  | { type: 'MonthEnded'; data: { month: number; closingPrices: Partial<Record<CompanyId, number>> } }
  | {
      type: 'DividendsPaid';
      data: { company: CompanyId; price: number; perShare: number; payments: { playerId: PlayerId; shares: number; amount: number }[] };
    }
  | {
      type: 'SharesLiquidated';
      data: { company: CompanyId; price: number; sales: { playerId: PlayerId; shares: number; proceeds: number }[] };
    }
  | { type: 'GameEnded'; data: { lastMonth: number; standings: Standing[]; winners: PlayerId[] } };

export type BolsaEventType = BolsaEvent['type'];

// ---- State ------------------------------------------------------------------------------------

interface Common {
  readonly gameId: string;
  readonly options: BolsaOptions;
  readonly seats: readonly Seat[];
}

export interface MonthRecord {
  readonly month: number;
  readonly plans: Readonly<Record<string, Plan>>;
  readonly excluded: readonly PlayerId[];
  readonly cardsPlayed: readonly { readonly playerId: PlayerId | null; readonly cardId: NewspaperCardId }[];
}

export interface NewspaperHand {
  readonly drawn: readonly NewspaperCardId[];
  readonly chosen: NewspaperCardId | null;
}

interface InPlay extends Common {
  readonly seatOrder: readonly PlayerId[];
  /** Companies in play, in board order (sales and purchases start with CEREAL SA). */
  readonly companies: readonly CompanyId[];
  readonly sharesPerCompany: number;
  /** 1 = January; 0 while the game is being set up. */
  readonly month: number;
  readonly portfolios: Readonly<Record<string, Portfolio>>;
  readonly market: Readonly<Record<CompanyId, CompanyMarket>>;
  /** Top of the deck first. Never shown to players. */
  readonly deck: readonly NewspaperCardId[];
  readonly discard: readonly NewspaperCardId[];
  /** Step 9: companies whose shares cannot be bought or sold this month. */
  readonly suspended: readonly CompanyId[];
  readonly suspendedNextMonth: readonly CompanyId[];
  /** Step 10: the blue marker left in each month's column. */
  readonly priceHistory: readonly { readonly month: number; readonly prices: Partial<Record<CompanyId, number>> }[];
  readonly previousMonth: MonthRecord | null;
}

interface Revealed {
  readonly plans: Readonly<Record<string, Plan>>;
  readonly excluded: readonly PlayerId[];
}

export type BolsaState =
  | { readonly phase: 'uncreated' }
  | ({ readonly phase: 'lobby' } & Common)
  /** Shares are being dealt and opening prices set (never awaits a command). */
  | ({ readonly phase: 'setup' } & InPlay)
  /** Step 4: plans are secret; `deadline` is null in an untimed month. */
  | ({ readonly phase: 'planning'; readonly deadline: string | null; readonly plans: Readonly<Record<string, Plan>> } & InPlay)
  /** Steps 5-8 are being carried out (never awaits a command). `yellow` holds the virtual yellow markers. */
  | ({ readonly phase: 'trading'; readonly yellow: Partial<Record<CompanyId, number>> } & Revealed & InPlay)
  /** Step 9: readers choose their card; the other cards are only known to their reader. */
  | ({
      readonly phase: 'newspaper';
      readonly readers: readonly PlayerId[];
      readonly hands: Readonly<Record<string, NewspaperHand>>;
      readonly cardsPlayed: MonthRecord['cardsPlayed'];
    } & Revealed &
      InPlay)
  | ({ readonly phase: 'finished'; readonly standings: readonly Standing[]; readonly winners: readonly PlayerId[] } & InPlay);

export type BolsaPhase = BolsaState['phase'];

// ---- View -------------------------------------------------------------------------------------

export interface CompanyView {
  readonly id: CompanyId;
  readonly name: string;
  readonly colour: CompanyColour;
  readonly risk: CompanyRisk;
  readonly price: number;
  readonly level: number;
  readonly available: number;
  readonly trend: readonly (TrendDie | null)[];
  /** Only while orders are being carried out. */
  readonly yellowPrice: number | null;
  readonly suspended: boolean;
  readonly suspendedNextMonth: boolean;
}

export interface PlayerView {
  readonly playerId: PlayerId;
  readonly name: string;
  readonly cash: number;
  /** Behind the player's screen: null for other players until the game is over. */
  readonly shares: Readonly<Record<CompanyId, number>> | null;
  readonly hasSubmittedPlan: boolean;
}

export interface TableView {
  readonly month: number;
  readonly deadline: string | null;
  readonly seatOrder: readonly PlayerId[];
  readonly companies: readonly CompanyView[];
  readonly players: readonly PlayerView[];
  /** The viewer's own plan this month (players only). */
  readonly myPlan: Plan | null;
  /** Everyone's plan once revealed this month (Step 5: the cards are in plain sight). */
  readonly revealedPlans: Readonly<Record<string, Plan>> | null;
  readonly excluded: readonly PlayerId[];
  readonly previousMonth: MonthRecord | null;
  readonly newspaper: {
    readonly deckSize: number;
    readonly discardSize: number;
    readonly readers: readonly PlayerId[];
    /** The viewer's own drawn cards and choice. */
    readonly myHand: NewspaperHand | null;
    readonly readersWhoChose: readonly PlayerId[];
    readonly cardsPlayed: MonthRecord['cardsPlayed'];
  };
  readonly priceHistory: InPlay['priceHistory'];
  readonly standings: readonly Standing[] | null;
  readonly winners: readonly PlayerId[] | null;
}

export interface BolsaView {
  readonly phase: BolsaPhase;
  readonly gameId: string | null;
  readonly options: BolsaOptions | null;
  readonly seats: readonly Seat[];
  readonly table: TableView | null;
}

// ---- Actions ----------------------------------------------------------------------------------

/** What a player may do now, bounded so a client or bot can choose directly. */
export type BolsaAction =
  | { type: 'JoinGame' }
  | { type: 'StartGame' }
  | {
      type: 'SubmitPlan';
      maxMarkers: number;
      /** Companies the player holds (not suspended), with the most shares worth planning to sell. */
      sellable: Partial<Record<CompanyId, number>>;
      /** Companies that may be bought this month (not suspended). */
      buyable: CompanyId[];
      deadline: string | null;
    }
  | { type: 'ChooseNewspaperCard'; cards: NewspaperCardId[] };
