import { InvalidInput } from '@corbeille/kernel';
import { defaultStockTickerOptions, isStockName, stockTickerContent } from './content/stocks';
import type { StockTickerOptions } from './types';

/** Fills in the defaults and checks every setup choice; throws InvalidInput 'INVALID_OPTIONS'. */
export function resolveOptions(requested?: Partial<StockTickerOptions> | null): StockTickerOptions {
  const options: Record<keyof StockTickerOptions, unknown> = { ...defaultStockTickerOptions, ...withoutUndefined(requested) };
  return {
    stocks: checkStocks(options.stocks),
    tradingWindowEvery: checkTradingWindowEvery(options.tradingWindowEvery),
    roundLimit: checkOptionalLimit('roundLimit', options.roundLimit, stockTickerContent.roundLimit),
    timeLimitMinutes: checkOptionalLimit('timeLimitMinutes', options.timeLimitMinutes, stockTickerContent.timeLimitMinutes),
    startingCash: checkInteger('startingCash', options.startingCash, stockTickerContent.startingCashRange),
    maxPlayers: checkInteger('maxPlayers', options.maxPlayers, stockTickerContent.players),
  };
}

/** Options left out, or sent as undefined, take their defaults. */
function withoutUndefined(requested: Partial<StockTickerOptions> | null | undefined): Partial<StockTickerOptions> {
  return Object.fromEntries(Object.entries(requested ?? {}).filter(([, value]) => value !== undefined));
}

/** The stocks on the board, kept in board order so a die face always means the same stock. */
function checkStocks(value: unknown): StockTickerOptions['stocks'] {
  const stocks: readonly unknown[] = Array.isArray(value) ? value : [];
  if (stocks.length === 0) throw invalid('stocks', 'Choose at least one stock for the board');
  const unknown = stocks.findIndex((stock) => !isStockName(stock));
  if (unknown >= 0) throw invalid('stocks', `${JSON.stringify(stocks[unknown]) ?? 'undefined'} is not a Stock Ticker stock`);
  if (new Set(stocks).size !== stocks.length) throw invalid('stocks', 'Each stock can be on the board only once');
  return defaultStockTickerOptions.stocks.filter((stock) => stocks.includes(stock));
}

function checkTradingWindowEvery(value: unknown): StockTickerOptions['tradingWindowEvery'] {
  const allowed = stockTickerContent.tradingWindowEvery.find((every) => every === value);
  if (allowed === undefined) {
    throw invalid('tradingWindowEvery', 'Trading windows open every 1, 2 or 3 complete rounds');
  }
  return allowed;
}

function checkOptionalLimit(field: string, value: unknown, range: { min: number; max: number }): number | null {
  return value === null ? null : checkInteger(field, value, range);
}

function checkInteger(field: string, value: unknown, range: { min: number; max: number }): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < range.min || value > range.max) {
    throw invalid(field, `${field} must be a whole number from ${range.min} to ${range.max}`);
  }
  return value;
}

function invalid(field: string, message: string): InvalidInput {
  return new InvalidInput('INVALID_OPTIONS', message, { field });
}
