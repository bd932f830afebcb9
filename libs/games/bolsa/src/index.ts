export * from './types';
export * from './content';
export { bolsa, decide, evolve, initialState, isTerminal, legalActions, view } from './decider';
export { awaitedPlayers } from './legal-actions';
export { heuristicBot, playWholeGame, randomBot } from './bots';
export type { BolsaBot, WholeGameSetup, WholeGameStep } from './bots';
export { defaultBolsaOptions, resolveOptions } from './options';
export { companyDefinition, dividendAt, priceAt } from './market';
export { bolsaResult, correctBolsa, type BolsaAdjustment } from './correction';
