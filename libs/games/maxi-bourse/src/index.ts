export * from './types';
export { decide, evolve, initialState, isTerminal, legalActions, maxiBourse, maxiBourseEngine1, view } from './decider';
export { awaitedPlayers } from './legal-actions';
export { HIDDEN_CARD, redactCards, redactEvent } from './view';
export { heuristicBot, playWholeGame, randomBot } from './bots';
export type { MaxiBourseBot, WholeGameSetup, WholeGameStep } from './bots';
export { maxiBourseContent, startingCash } from './content';
export type {
  BoardSpace,
  CardDefinition,
  CardEffect,
  CardSeries,
  ChequeBundle,
  CompanyDefinition,
  MaxiBourseContent,
  SectorDefinition,
  VariantDefinition,
  VariantName,
} from './content';
export { defaultMaxiBourseOptions, resolveOptions } from './options';
export { payoutsFor } from './payouts';
export { formatDollars } from './money';
export { correctMaxiBourse, maxiBourseResult, type MaxiBourseAdjustment } from './correction';
