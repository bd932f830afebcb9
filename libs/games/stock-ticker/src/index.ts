export * from './types';
export { decide, evolve, initialState, isTerminal, legalActions, stockTicker, view } from './decider';
export { awaitedPlayers } from './legal-actions';
export { greedyBot, nextBotCommand, playWholeGame, randomBot } from './bots';
export type { StockTickerBot, WholeGameSetup, WholeGameStep } from './bots';
export { allStockNames, defaultStockTickerOptions, stockLabel, stockTickerContent } from './content/stocks';
export type { StockDefinition } from './content/stocks';
export { resolveOptions } from './options';
export { formatCents } from './money';
