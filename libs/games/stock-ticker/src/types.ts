import type { PlayerId } from '@corbeille/kernel';

/**
 * Stock Ticker: the public contract of the engine (commands, events, state, view, actions).
 * Money is integer cents, prices are integer cents per share, holdings are whole shares.
 */

export type StockName = 'GOLD' | 'TECH' | 'OIL' | 'INDUSTRIAL' | 'BONDS' | 'GRAIN';
export type DiceAction = 'UP' | 'DOWN' | 'DIVIDEND';

export interface StockTickerOptions {
  /** Stocks on the board (default all six). The stock die picks uniformly among them. */
  readonly stocks: readonly StockName[];
  /** Trading windows open before the Broker's roll every N complete rounds (1, 2 or 3). */
  readonly tradingWindowEvery: 1 | 2 | 3;
  /** The game ends when this many complete rounds have been rolled (null = no round limit). */
  readonly roundLimit: number | null;
  /** The game ends at the first roll attempted this many minutes after the start (null = no time limit). */
  readonly timeLimitMinutes: number | null;
  readonly startingCash: number;
  readonly maxPlayers: number;
}

export interface Seat {
  readonly playerId: PlayerId;
  readonly name: string;
}

export interface Portfolio {
  readonly cash: number;
  readonly holdings: Readonly<Record<StockName, number>>;
  /** Amount borrowed from the Broker (0 if never), repaid with the charge at the end. */
  readonly loan: number;
  readonly hasBorrowed: boolean;
}

export interface Standing {
  readonly playerId: PlayerId;
  readonly rank: number;
  /** Final cash after liquidation and loan repayment. */
  readonly finalCash: number;
}

// ---- Commands ---------------------------------------------------------------------------------

export type StockTickerCommand =
  | { type: 'CreateGame'; data: { gameId: string; options?: Partial<StockTickerOptions> } }
  | { type: 'JoinGame'; data: { playerId: string; name: string } }
  | { type: 'StartGame'; data: { brokerId?: string } }
  | { type: 'BuyShares'; data: { playerId: string; stock: StockName; shares: number } }
  | { type: 'SellShares'; data: { playerId: string; stock: StockName; shares: number } }
  /** Ends the player's part in the opening purchases or the current trading window. */
  | { type: 'FinishTrading'; data: { playerId: string } }
  | { type: 'RollDice'; data: { playerId: string } }
  | { type: 'Borrow'; data: { playerId: string; amount: number } }
  | { type: 'EndGame'; data: { reason: 'AGREED' | 'TIME_LIMIT' } };

// ---- Events -----------------------------------------------------------------------------------

export interface DividendPayment {
  readonly playerId: PlayerId;
  readonly shares: number;
  readonly amount: number;
}

export interface HoldingChange {
  readonly playerId: PlayerId;
  readonly before: number;
  readonly after: number;
}

export interface Liquidation {
  readonly playerId: PlayerId;
  readonly cashBefore: number;
  /** Proceeds per stock sold to the Broker at market price. */
  readonly sales: readonly { stock: StockName; shares: number; price: number; proceeds: number }[];
  /** Loan plus the borrowing charge, 0 if the player never borrowed. */
  readonly loanRepayment: number;
  readonly finalCash: number;
}

export type StockTickerEvent =
  | { type: 'GameCreated'; data: { gameId: string; options: StockTickerOptions } }
  | { type: 'PlayerJoined'; data: { playerId: PlayerId; name: string; seat: number } }
  | { type: 'GameStarted'; data: { brokerId: PlayerId; seatOrder: PlayerId[]; startedAt: string; prices: Record<StockName, number> } }
  | { type: 'SharesBought'; data: { playerId: PlayerId; stock: StockName; shares: number; price: number; cost: number } }
  | { type: 'SharesSold'; data: { playerId: PlayerId; stock: StockName; shares: number; price: number; proceeds: number } }
  | { type: 'TradingFinished'; data: { playerId: PlayerId } }
  /** Opening purchases are over: everyone holds stock; the Broker rolls first. */
  | { type: 'OpeningClosed'; data: Record<string, never> }
  | { type: 'TradingWindowOpened'; data: { beforeRound: number } }
  | { type: 'TradingWindowClosed'; data: { beforeRound: number } }
  /** Every face is recorded: replay never rolls again. Faces are 0-5 on each die. */
  | {
      type: 'DiceRolled';
      data: {
        playerId: PlayerId;
        round: number;
        stock: StockName;
        action: DiceAction;
        amount: 5 | 10 | 20;
        faces: { stock: number; action: number; amount: number };
      };
    }
  | { type: 'PriceChanged'; data: { stock: StockName; from: number; to: number } }
  | { type: 'DividendPaid'; data: { stock: StockName; perShare: number; payments: DividendPayment[] } }
  | { type: 'DividendNotPaid'; data: { stock: StockName; price: number; reason: 'BELOW_PAR' } }
  /** At >= 200 every holding doubles and the price goes back to par (overshoot discarded). */
  | { type: 'StockSplit'; data: { stock: StockName; priceBefore: number; holdings: HoldingChange[] } }
  /** At <= 0 holdings are forfeited to the Broker and the stock is back at par. */
  | { type: 'StockOffMarket'; data: { stock: StockName; forfeited: HoldingChange[] } }
  | { type: 'LoanTaken'; data: { playerId: PlayerId; amount: number } }
  | { type: 'TurnPassed'; data: { toPlayerId: PlayerId; round: number } }
  | { type: 'RoundCompleted'; data: { round: number } }
  | {
      type: 'GameEnded';
      data: {
        reason: 'ROUND_LIMIT' | 'TIME_LIMIT' | 'AGREED';
        prices: Record<StockName, number>;
        liquidations: Liquidation[];
        standings: Standing[];
        winners: PlayerId[];
      };
    };

export type StockTickerEventType = StockTickerEvent['type'];

// ---- State ------------------------------------------------------------------------------------

interface Common {
  readonly gameId: string;
  readonly options: StockTickerOptions;
  readonly seats: readonly Seat[];
}

interface InPlay extends Common {
  readonly brokerId: PlayerId;
  /** Rolling order: the Broker first, then to the left (seat order). */
  readonly seatOrder: readonly PlayerId[];
  readonly startedAt: string;
  readonly prices: Readonly<Record<StockName, number>>;
  readonly portfolios: Readonly<Record<string, Portfolio>>;
}

export type StockTickerState =
  | { readonly phase: 'uncreated' }
  | ({ readonly phase: 'lobby' } & Common)
  /** Opening purchases at par; `finished` lists who is done. */
  | ({ readonly phase: 'opening'; readonly finished: readonly PlayerId[] } & InPlay)
  /** A trading window before the Broker's roll of `round`. */
  | ({ readonly phase: 'trading'; readonly round: number; readonly finished: readonly PlayerId[] } & InPlay)
  /** Dice are rolling: `turn` indexes seatOrder; `round` is 1-based. */
  | ({ readonly phase: 'rolling'; readonly round: number; readonly turn: number } & InPlay)
  | ({
      readonly phase: 'finished';
      readonly reason: 'ROUND_LIMIT' | 'TIME_LIMIT' | 'AGREED';
      readonly standings: readonly Standing[];
      readonly winners: readonly PlayerId[];
    } & InPlay);

export type StockTickerPhase = StockTickerState['phase'];

/** Stock Ticker has no hidden information: every viewer sees the whole state. */
export type StockTickerView = StockTickerState;

/** What a player may do now; amounts are bounded so a client or bot can pick directly. */
export type StockTickerAction =
  | { type: 'JoinGame' }
  | { type: 'StartGame' }
  | { type: 'BuyShares'; stock: StockName; maxShares: number; lot: 500 }
  | { type: 'SellShares'; stock: StockName; maxShares: number; lot: 500 }
  | { type: 'FinishTrading' }
  | { type: 'RollDice' }
  | { type: 'Borrow'; maxAmount: number };
