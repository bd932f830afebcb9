import { RuleViolation, type Decider } from '@corbeille/kernel';
import { deciderSpecification } from '@corbeille/kernel/testing';
import { foldLive, liveEvents, voidedRevisions } from './voiding';
import { withRulings } from './with-rulings';
import type { Adjustment } from './remedies';

type Counter = { gameId: string; cash: number; finished: boolean };
type Cmd = { type: 'Earn'; data: { by: number } } | { type: 'Finish'; data: Record<string, never> };
type Evt = { type: 'Earned'; data: { by: number } } | { type: 'Finished'; data: Record<string, never> };

const counter: Decider<Counter, Cmd, Evt> = {
  initialState: () => ({ gameId: 'g', cash: 0, finished: false }),
  decide: (_state, command) => (command.type === 'Earn' ? [{ type: 'Earned', data: command.data }] : [{ type: 'Finished', data: {} }]),
  evolve: (state, event) => (event.type === 'Earned' ? { ...state, cash: state.cash + event.data.by } : { ...state, finished: true }),
  view: (state) => state,
  legalActions: () => [],
  isTerminal: (state) => state.finished,
};
const correct = (state: Counter, adjustments: readonly Adjustment[]): Counter =>
  adjustments.reduce((current, adjustment) => {
    if (adjustment.kind !== 'cash') throw new RuleViolation('UNSUPPORTED', 'cash only');
    if (current.cash + adjustment.delta < 0) throw new RuleViolation('NEGATIVE_CASH', 'no');
    return { ...current, cash: current.cash + adjustment.delta };
  }, state);
const ruled = withRulings(counter, correct, { gameType: 'counter', resultOf: (state) => (state.finished ? [{ playerId: 'p', rank: 1, finalWealth: state.cash }] : undefined) });
const spec = deciderSpecification(ruled);
const cite = { disputeId: 'd-1', disputedRevision: 0, disputedEventId: 'e0', reason: 'Miscounted', by: 'ref' };

describe('withRulings', () => {
  it('delegates the game commands and folds corrections through the game', () => {
    spec.given([{ type: 'Earned', data: { by: 5 } }]).when({ type: 'Earn', data: { by: 2 } }).then([{ type: 'Earned', data: { by: 2 } }]);
    const adjustments: Adjustment[] = [{ kind: 'cash', playerId: 'p', delta: -3 }];
    const events = spec.given([{ type: 'Earned', data: { by: 5 } }]).when({ type: 'ApplyCorrection', data: { ...cite, adjustments } }).then((actual) => {
      expect(actual).toEqual([{ type: 'CorrectionApplied', data: { ...cite, adjustments } }]);
    });
    expect([{ type: 'Earned', data: { by: 5 } } as const, ...events].reduce(ruled.evolve, ruled.initialState()).cash).toBe(2);
  });

  it('refuses a correction the game refuses, and an empty one', () => {
    spec.given([]).when({ type: 'ApplyCorrection', data: { ...cite, adjustments: [{ kind: 'cash', playerId: 'p', delta: -1 }] } }).thenThrows({ code: 'NEGATIVE_CASH' });
    spec.given([]).when({ type: 'ApplyCorrection', data: { ...cite, adjustments: [] } }).thenThrows({ code: 'EMPTY_CORRECTION' });
  });

  it('records the corrected result of a finished game', () => {
    spec
      .given([{ type: 'Earned', data: { by: 5 } }, { type: 'Finished', data: {} }])
      .when({ type: 'ApplyCorrection', data: { ...cite, adjustments: [{ kind: 'cash', playerId: 'p', delta: 4 }] } })
      .then((actual) => {
        expect(actual[1]).toEqual({ type: 'GameResultCorrected', data: { gameType: 'counter', gameId: 'g', disputeId: 'd-1', standings: [{ playerId: 'p', rank: 1, finalWealth: 9 }] } });
      });
  });
});

describe('voiding', () => {
  const earned = (revision: number, by: number) => ({ revision, type: 'Earned', data: { by } });
  const voided = (revision: number, afterRevision: number, disputeId = 'd') => ({ revision, type: 'EventsVoided', data: { ...cite, disputeId, afterRevision } });

  it('skips the events between the rewind point and the marker', () => {
    const events = [earned(0, 1), earned(1, 10), earned(2, 100), voided(3, 0), earned(4, 1000)];
    expect([...voidedRevisions(events).keys()]).toEqual([1, 2]);
    expect(foldLive(ruled, events).cash).toBe(1001);
  });

  it('lets a later rewind to before an earlier one void that one too, bringing back what it voided', () => {
    // The second rewind goes back to revision 1: the first rewind (at 3) never happened, event 2 never happened either.
    const events = [earned(0, 1), earned(1, 10), earned(2, 100), voided(3, 1, 'd1'), earned(4, 1000), voided(5, 1, 'd2'), earned(6, 5)];
    expect(liveEvents(events).map((event) => event.revision)).toEqual([0, 1, 5, 6]);
    expect(foldLive(ruled, events).cash).toBe(16);
    const back = [earned(0, 1), earned(1, 10), voided(2, 0, 'd1'), earned(3, 1000), voided(4, 1, 'd2')];
    // Revision 1 is live again: the state at 1 was 11, as the game stood then.
    expect(foldLive(ruled, back).cash).toBe(11);
  });
});
