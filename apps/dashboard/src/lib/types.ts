/** Shapes of the Corbeille GraphQL API as the dashboard reads them (money in integer cents). */

export const STOCKS = ['GOLD', 'TECH', 'OIL', 'INDUSTRIAL', 'BONDS', 'GRAIN'] as const;
export type StockName = (typeof STOCKS)[number];

export const GAME_PHASES = ['LOBBY', 'OPENING', 'TRADING', 'ROLLING', 'FINISHED'] as const;
export type GamePhase = (typeof GAME_PHASES)[number];

export type LegalActionType = 'JOIN_GAME' | 'START_GAME' | 'BUY_SHARES' | 'SELL_SHARES' | 'FINISH_TRADING' | 'ROLL_DICE' | 'BORROW';

export type GameEndReason = 'ROUND_LIMIT' | 'TIME_LIMIT' | 'AGREED';

export interface PageInfo {
  readonly hasNextPage: boolean;
  readonly endCursor: string | null;
}

export interface Connection<T> {
  readonly totalCount: number;
  readonly pageInfo: PageInfo;
  readonly edges: readonly { readonly cursor: string; readonly node: T }[];
}

export interface Player {
  readonly playerId: string;
  readonly name: string;
  readonly seat: number;
}

export interface GameSummary {
  readonly id: string;
  readonly phase: GamePhase;
  readonly players: readonly Player[];
  readonly brokerId: string | null;
  readonly round: number;
  readonly roundLimit: number | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly eventCount: number;
  readonly lastPosition: number;
  readonly winners: readonly string[];
  readonly league: string | null;
}

export interface PricePoint {
  readonly position: number;
  readonly revision: number;
  readonly round: number;
  readonly price: number;
}

export interface StockQuote {
  readonly stock: StockName;
  readonly price: number;
  readonly history: readonly PricePoint[];
  readonly splits: number;
  readonly timesOffMarket: number;
}

export interface PriceBoard {
  readonly round: number;
  readonly lastPosition: number;
  readonly stocks: readonly StockQuote[];
}

export interface Holding {
  readonly stock: StockName;
  readonly shares: number;
  readonly value: number;
}

export interface Portfolio {
  readonly playerId: string;
  readonly name: string;
  readonly cash: number;
  readonly holdings: readonly Holding[];
  readonly loan: number;
  readonly netWorth: number;
}

export interface GameEvent {
  readonly id: string;
  readonly position: number;
  readonly revision: number;
  readonly type: string;
  readonly data: unknown;
  readonly occurredAt: string;
  readonly actor: string;
  readonly commandId: string;
  /** A ruling's rewind voided it: it stays in the log and no longer counts (docs/disputes.md). */
  readonly voided?: boolean;
  /** On the events a ruling wrote: the dispute ruled on. */
  readonly rulingOfDispute?: string | null;
}

export interface LegalAction {
  readonly type: LegalActionType;
  readonly stock: StockName | null;
  readonly maxShares: number | null;
  readonly lot: number | null;
  readonly maxAmount: number | null;
}

export interface StockPrice {
  readonly stock: StockName;
  readonly price: number;
}

export interface SnapshotPlayer {
  readonly playerId: string;
  readonly name: string;
  readonly cash: number | null;
  readonly holdings: readonly Holding[];
  readonly loan: number | null;
  /** From the API: cash plus holdings, minus an outstanding loan and its charge (null before the start). */
  readonly netWorth: number | null;
}

export interface Standing {
  readonly playerId: string;
  readonly rank: number;
  readonly finalCash: number;
}

export interface GameSnapshot {
  readonly position: number;
  readonly revision: number;
  readonly phase: GamePhase;
  readonly round: number | null;
  readonly prices: readonly StockPrice[];
  readonly players: readonly SnapshotPlayer[];
  readonly standings: readonly Standing[];
  readonly winners: readonly string[];
  readonly endReason: GameEndReason | null;
}

export function isStockName(value: unknown): value is StockName {
  return typeof value === 'string' && (STOCKS as readonly string[]).includes(value);
}
