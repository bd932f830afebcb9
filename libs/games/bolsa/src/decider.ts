import type { Decider } from '@corbeille/kernel';
import { decide } from './decide';
import { evolve } from './evolve';
import { legalActions } from './legal-actions';
import type { BolsaAction, BolsaCommand, BolsaEvent, BolsaState, BolsaView } from './types';
import { view } from './view';

export { decide, evolve, legalActions, view };

export function initialState(): BolsaState {
  return { phase: 'uncreated' };
}

export function isTerminal(state: BolsaState): boolean {
  return state.phase === 'finished';
}

export const bolsa: Decider<BolsaState, BolsaCommand, BolsaEvent, BolsaView, BolsaAction> = {
  initialState,
  decide,
  evolve,
  view,
  legalActions,
  isTerminal,
};
