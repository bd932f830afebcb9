import type { StockName } from '@corbeille/stock-ticker';
import type { BolsaBoard, BolsaLedgerEntry, BolsaLedgerKind, BolsaMonthStatus, BolsaPublicPortfolio } from './bolsa/bolsa-read-models';
import type { MaxiBourseLedgerEntry, MaxiBourseLedgerKind, MaxiBourseTable } from './maxi-bourse/maxi-bourse-read-models';
import type { GameTypeName } from './registry/game-definition';

/** Read models: what queries and subscriptions serve. Money in cents, prices in cents per share. */

export interface GameSummary {
  readonly gameId: string;
  readonly gameType: GameTypeName;
  readonly streamId: string;
  /** The engine's phase, e.g. lobby, opening, trading, rolling, finished (Stock Ticker) or planning (BOLSA). */
  readonly phase: string;
  readonly players: readonly { playerId: string; name: string; seat: number }[];
  /** Stock Ticker's Broker (null before the start and in other games). */
  readonly brokerId: string | null;
  /** The round (Stock Ticker) or month (BOLSA) being played, 0 before the first. */
  readonly round: number;
  /** The last round (Stock Ticker's limit, BOLSA's last month); null for no limit. */
  readonly roundLimit: number | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Global position of the last event folded into this game's read models. */
  readonly lastPosition: number;
  /** Number of events in the game's stream (= last revision + 1). */
  readonly eventCount: number;
  readonly winners: readonly string[];
  /** League or label the game belongs to (from creation metadata), if any. */
  readonly league: string | null;
}

export interface PricePoint {
  /** Global position of the event that set this price. */
  readonly position: number;
  readonly revision: number;
  readonly round: number;
  readonly price: number;
}

export interface StockQuote {
  readonly stock: StockName;
  readonly price: number;
  /** Every price the stock has had, in order, starting at par. */
  readonly history: readonly PricePoint[];
  readonly splits: number;
  readonly timesOffMarket: number;
}

export interface PriceBoard {
  readonly gameId: string;
  readonly round: number;
  readonly stocks: readonly StockQuote[];
  readonly lastPosition: number;
}

export interface PortfolioView {
  readonly gameId: string;
  readonly playerId: string;
  readonly name: string;
  readonly cash: number;
  readonly holdings: readonly { stock: StockName; shares: number; value: number }[];
  readonly loan: number;
  /** Cash plus holdings at market price, minus loan and charge owed. */
  readonly netWorth: number;
}

export interface TradeEntry {
  readonly gameId: string;
  readonly position: number;
  readonly revision: number;
  readonly playerId: string;
  readonly side: 'BUY' | 'SELL';
  readonly stock: StockName;
  readonly shares: number;
  readonly price: number;
  /** Cost (buy) or proceeds (sell), in cents. */
  readonly amount: number;
  readonly occurredAt: string;
  readonly round: number;
}

export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
}

/** The query side, as the API reads it. */
export interface ReadModelQueries {
  listGames(options: { offset: number; limit: number; phase?: string; gameType?: GameTypeName }): Page<GameSummary>;
  getGame(gameId: string): GameSummary | undefined;
  getPriceBoard(gameId: string): PriceBoard | undefined;
  getPortfolios(gameId: string): PortfolioView[];
  getTrades(gameId: string, options: { offset: number; limit: number; playerId?: string }): Page<TradeEntry>;
  /** BOLSA's price board: blue prices, dividends, monthly closing prices and every move. */
  getBolsaBoard(gameId: string): BolsaBoard | undefined;
  /** BOLSA's public portfolios: cash and seat, never the shares behind the screen. */
  getBolsaPortfolios(gameId: string): BolsaPublicPortfolio[];
  /** Where BOLSA's current month is (who has planned, not what). */
  getBolsaMonth(gameId: string): BolsaMonthStatus | undefined;
  getBolsaLedger(
    gameId: string,
    options: { offset: number; limit: number; playerId?: string; kinds?: readonly BolsaLedgerKind[] },
  ): Page<BolsaLedgerEntry>;
  /** Maxi Bourse's public table: board, price board, portfolios, pending decision, payouts and standings. */
  getMaxiBourseTable(gameId: string): MaxiBourseTable | undefined;
  getMaxiBourseLedger(
    gameId: string,
    options: { offset: number; limit: number; playerId?: string; kinds?: readonly MaxiBourseLedgerKind[] },
  ): Page<MaxiBourseLedgerEntry>;
  /** Position of the last event every projection has processed. */
  checkpoint(): number;
}

/** Notified after each batch of events is folded, so the API can push subscriptions. */
export type ReadModelListener = (change: {
  gameId: string;
  gameType: GameTypeName;
  position: number;
  eventTypes: readonly string[];
}) => void;
