import type { RecordedEvent } from '@corbeille/event-store';
import { foldLive, isVoidingMarker } from '@corbeille/rulings';
import type { RegisteredGame } from './game-definition';
import { pinnedDecider } from './game-registry';

/**
 * How the fairness verifier (@corbeille/integrity's verifyFairness) folds a game that a referee rewound:
 * after a rewind's marker, the state is folded again without what it voided, as the command handler and
 * the projections count the game. Uses the engine version the game's first event pins.
 */
export function fairnessFoldOf(game: RegisteredGame, events: readonly RecordedEvent[]) {
  const decider = pinnedDecider(game, events[0]);
  return {
    restartsFold: (event: RecordedEvent) => isVoidingMarker(event),
    foldLive: (prefix: readonly RecordedEvent[]) => foldLive(decider, prefix),
  };
}
