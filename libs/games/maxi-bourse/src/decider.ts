import type { Decider } from '@corbeille/kernel';
import { decide } from './decide';
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
