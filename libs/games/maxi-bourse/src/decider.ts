import type { Decider } from '@corbeille/kernel';
import { decide, decideUnder } from './decide';
import { evolve } from './evolve';
import { legalActions } from './legal-actions';
import { view } from './view';
import type { MaxiBourseAction, MaxiBourseCommand, MaxiBourseEvent, MaxiBourseState, MaxiBourseView } from './types';

export { decide, evolve, legalActions, view };

export function initialState(): MaxiBourseState {
  return { phase: 'uncreated' };
}

export function isTerminal(state: MaxiBourseState): boolean {
  return state.phase === 'finished';
}

export const maxiBourse: Decider<MaxiBourseState, MaxiBourseCommand, MaxiBourseEvent, MaxiBourseView, MaxiBourseAction> = {
  initialState,
  decide,
  evolve,
  view,
  legalActions,
  isTerminal,
};

/**
 * Engine version 1, kept for the games pinned to it: a careless player's fine was capped at the cash on
 * hand. Its events fold with the same `evolve` (they never owe a fine).
 */
export const maxiBourseEngine1: Decider<MaxiBourseState, MaxiBourseCommand, MaxiBourseEvent, MaxiBourseView, MaxiBourseAction> = {
  ...maxiBourse,
  decide: decideUnder({ carelessFineInFull: false }),
};
