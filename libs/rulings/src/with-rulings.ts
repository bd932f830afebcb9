import { assertNever, InvalidInput, type Decider, type DomainCommand, type DomainEvent } from '@corbeille/kernel';
import { GAME_RESULT_CORRECTED, type GameResultCorrectedEvent, type ResultOf } from './corrected-result';
import {
  CORRECTION_APPLIED,
  EVENTS_VOIDED,
  isRulingCommand,
  isRulingEvent,
  type ApplyCorrection,
  type RulingCommand,
  type RulingEvent,
} from './remedies';

/**
 * A game's decider that also folds the referee's remedies: `CorrectionApplied` through the game's own
 * `applyCorrection`, `EventsVoided` as a marker (the folds in `voiding.ts` skip what it voids, so the
 * state it leaves is the one they rebuild). Every other command and event goes to the engine untouched.
 * A correction to a finished game also records the game's corrected result (`resultOf`), which the
 * league standings count instead of the first one.
 */
export function withRulings<S, C extends DomainCommand, E extends DomainEvent, V, A>(
  decider: Decider<S, C, E, V, A>,
  applyCorrection: ApplyCorrection<S>,
  result?: { readonly gameType: string; readonly resultOf: ResultOf<S> },
): Decider<S, C | RulingCommand, E | RulingEvent | GameResultCorrectedEvent, V, A> {
  return {
    initialState: decider.initialState,
    decide: (state, command, context) => {
      if (!isRulingCommand(command)) return decider.decide(state, command as C, context);
      switch (command.type) {
        case 'ApplyCorrection':
          if (command.data.adjustments.length === 0) {
            throw new InvalidInput('EMPTY_CORRECTION', 'A correction must adjust at least one cash amount, holding or price');
          }
        {
          // Refuses (CorrectionRefused) what would break the game's invariants.
          const corrected = applyCorrection(state, command.data.adjustments);
          const standings = result && decider.isTerminal(state) ? result.resultOf(corrected) : undefined;
          const gameId = (state as { gameId?: unknown }).gameId;
          const applied: RulingEvent = { type: CORRECTION_APPLIED, data: command.data };
          if (!result || !standings || typeof gameId !== 'string') return [applied];
          const resultEvent: GameResultCorrectedEvent = {
            type: GAME_RESULT_CORRECTED,
            data: { gameType: result.gameType, gameId, disputeId: command.data.disputeId, standings },
          };
          return [applied, resultEvent];
        }
        case 'VoidEvents':
          if (!Number.isInteger(command.data.afterRevision) || command.data.afterRevision < 0) {
            throw new InvalidInput('BAD_REWIND_POINT', 'A rewind goes back to an event of the game (a revision of 0 or more)');
          }
          return [{ type: EVENTS_VOIDED, data: command.data }];
        default:
          return assertNever(command, 'ruling command');
      }
    },
    evolve: (state, event) => {
      if (event.type === GAME_RESULT_CORRECTED) return state;
      if (!isRulingEvent(event)) return decider.evolve(state, event as E);
      switch (event.type) {
        case CORRECTION_APPLIED:
          return applyCorrection(state, event.data.adjustments);
        case EVENTS_VOIDED:
          return state;
        default:
          return assertNever(event, 'ruling event');
      }
    },
    view: decider.view,
    legalActions: decider.legalActions,
    isTerminal: decider.isTerminal,
  };
}
