import type { DiceAction, StockName, StockTickerOptions } from '../types';

/** A stock on the Quotation Board, in board order. */
export interface StockDefinition {
  readonly name: StockName;
  readonly label: string;
}

/**
 * The game's components as data (rulebook EQUIPMENT, PREPARATION, BORROWING and the project's
 * decisions for what the book leaves open). Money and prices are integer cents.
 */
export const stockTickerContent = {
  stocks: [
    { name: 'GOLD', label: 'Gold' },
    { name: 'TECH', label: 'Tech' },
    { name: 'OIL', label: 'Oil' },
    { name: 'INDUSTRIAL', label: 'Industrial' },
    { name: 'BONDS', label: 'Bonds' },
    { name: 'GRAIN', label: 'Grain' },
  ] as const satisfies readonly StockDefinition[],
  /** PREPARATION: every stock starts at par, $1.00. */
  parPrice: 100,
  /** STOCK SPLIT: at or over $2.00. */
  splitPrice: 200,
  /** STOCKS TAKEN OFF THE MARKET: when the stock has no value. */
  offMarketPrice: 0,
  /** Certificates come in 500, 1000, 2000 and 5000: trades are whole lots of 500. */
  lotSize: 500,
  /** PREPARATION: $5000.00 per player. */
  startingCash: 500_000,
  players: { min: 2, max: 8 },
  /** The stock die has no faces here: it picks uniformly among the stocks in play. */
  dice: {
    action: ['UP', 'UP', 'DOWN', 'DOWN', 'DIVIDEND', 'DIVIDEND'] as const satisfies readonly DiceAction[],
    amount: [5, 5, 10, 10, 20, 20] as const,
  },
  /** BORROWING: up to $1000.00, once, repaid at the end with a $500.00 charge. */
  loan: { maxAmount: 100_000, charge: 50_000, allowedBelowCash: 2_500 },
  tradingWindowEvery: [1, 2, 3] as const,
  roundLimit: { min: 1, max: 1_000 },
  timeLimitMinutes: { min: 1, max: 10_000 },
  /** Enough for one lot at par, since every player must hold some stock at the start. */
  startingCashRange: { min: 50_000, max: 100_000_000 },
} as const;

export const defaultStockTickerOptions: StockTickerOptions = {
  stocks: stockTickerContent.stocks.map((stock) => stock.name),
  tradingWindowEvery: 1,
  roundLimit: null,
  timeLimitMinutes: null,
  startingCash: stockTickerContent.startingCash,
  maxPlayers: stockTickerContent.players.max,
};

export const allStockNames: readonly StockName[] = defaultStockTickerOptions.stocks;

export function stockLabel(stock: StockName): string {
  return stockTickerContent.stocks.find((definition) => definition.name === stock)?.label ?? stock;
}

export function isStockName(value: unknown): value is StockName {
  return typeof value === 'string' && allStockNames.some((stock) => stock === value);
}

/** A record over all six stocks, e.g. prices at par or empty holdings. */
export function recordOfStocks(valueFor: (stock: StockName) => number): Record<StockName, number> {
  return {
    GOLD: valueFor('GOLD'),
    TECH: valueFor('TECH'),
    OIL: valueFor('OIL'),
    INDUSTRIAL: valueFor('INDUSTRIAL'),
    BONDS: valueFor('BONDS'),
    GRAIN: valueFor('GRAIN'),
  };
}
