import { deciderSpecification } from '@corbeille/kernel/testing';
import { disputeDecider, disputeSettingsDecider } from './dispute.decider';
import type { DisputeEvent, OpenDisputeData } from './dispute.types';

const now = '2026-01-01T00:00:00.000Z';
const spec = deciderSpecification(disputeDecider);

const opening: OpenDisputeData = {
  disputeId: 'd-1',
  gameType: 'stock-ticker',
  gameId: 'g-1',
  league: null,
  event: { revision: 7, position: 42, eventId: 'evt-7', type: 'DividendPaid' },
  claim: 'The dividend was paid at the wrong rate',
  openedBy: 'acc-bob',
  openedAs: 'player',
  playerId: 'bob',
  pausesGame: true,
};
const opened: DisputeEvent = { type: 'DisputeOpened', data: { ...opening, openedAt: now } };

describe('dispute decider', () => {
  it('opens a dispute naming one event, with the claim trimmed', () => {
    spec.given([]).when({ type: 'OpenDispute', data: { ...opening, claim: '  The dividend was paid at the wrong rate ' } }).then([opened]);
  });

  it('refuses an empty claim, a player without a seat and a second opening', () => {
    spec.given([]).when({ type: 'OpenDispute', data: { ...opening, claim: '   ' } }).thenThrows({ code: 'EMPTY_CLAIM', kind: 'INVALID_INPUT' });
    spec.given([]).when({ type: 'OpenDispute', data: { ...opening, playerId: null } }).thenThrows({ code: 'NO_SEAT' });
    spec.given([opened]).when({ type: 'OpenDispute', data: opening }).thenThrows({ code: 'DISPUTE_EXISTS' });
  });

  it('is rejected with a reason, once', () => {
    const rejected: DisputeEvent = { type: 'DisputeRejected', data: { disputeId: 'd-1', reason: 'The rate is right', by: 'acc-ref', ruledAt: now } };
    spec.given([opened]).when({ type: 'RejectDispute', data: { reason: 'The rate is right', by: 'acc-ref' } }).then([rejected]);
    spec.given([opened]).when({ type: 'RejectDispute', data: { reason: ' ', by: 'acc-ref' } }).thenThrows({ code: 'EMPTY_REASON' });
    spec.given([opened, rejected]).when({ type: 'RejectDispute', data: { reason: 'again', by: 'acc-ref' } }).thenThrows({ code: 'DISPUTE_ALREADY_RULED' });
    spec.given([]).when({ type: 'RejectDispute', data: { reason: 'no', by: 'acc-ref' } }).thenThrows({ code: 'DISPUTE_NOT_OPENED' });
  });

  it('is upheld with a correction or a rewind to a point at or before the disputed event', () => {
    const correction = { kind: 'correction' as const, adjustments: [{ kind: 'cash' as const, playerId: 'bob', delta: 500 }] };
    spec
      .given([opened])
      .when({ type: 'UpholdDispute', data: { remedy: correction, reason: 'Paid 5 short', by: 'acc-ref', remedyRevisions: [9] } })
      .then([{ type: 'DisputeUpheld', data: { disputeId: 'd-1', remedy: correction, reason: 'Paid 5 short', by: 'acc-ref', ruledAt: now, remedyRevisions: [9] } }]);
    spec
      .given([opened])
      .when({ type: 'UpholdDispute', data: { remedy: { kind: 'rewind', afterRevision: 8 }, reason: 'Replay', by: 'acc-ref', remedyRevisions: [] } })
      .thenThrows({ code: 'BAD_REWIND_POINT' });
    spec
      .given([opened])
      .when({ type: 'UpholdDispute', data: { remedy: { kind: 'correction', adjustments: [] }, reason: 'Nothing', by: 'acc-ref', remedyRevisions: [] } })
      .thenThrows({ code: 'EMPTY_CORRECTION' });
  });

  it('folds the ruling into the record', () => {
    const state = [opened, { type: 'DisputeUpheld', data: { disputeId: 'd-1', remedy: { kind: 'rewind', afterRevision: 6 }, reason: 'Replay', by: 'acc-ref', ruledAt: now, remedyRevisions: [12] } } as DisputeEvent].reduce(
      disputeDecider.evolve,
      disputeDecider.initialState(),
    );
    expect(state.status).toBe('upheld');
    expect(state.status !== 'none' && state.ruling).toEqual({ outcome: 'upheld', reason: 'Replay', by: 'acc-ref', ruledAt: now, remedy: { kind: 'rewind', afterRevision: 6 }, remedyRevisions: [12] });
    expect(disputeDecider.isTerminal(state)).toBe(true);
  });
});

describe('dispute settings', () => {
  const settings = deciderSpecification(disputeSettingsDecider);
  it('records a change of the pause setting, and nothing when it is unchanged', () => {
    settings
      .given([])
      .when({ type: 'ChangeDisputeSettings', data: { gameId: 'g-1', pauseOnDispute: true, by: 'acc-ref' } })
      .then([{ type: 'DisputeSettingsChanged', data: { gameId: 'g-1', pauseOnDispute: true, by: 'acc-ref', changedAt: now } }]);
    settings.given([]).when({ type: 'ChangeDisputeSettings', data: { gameId: 'g-1', pauseOnDispute: false, by: 'acc-ref' } }).then([]);
  });
});
