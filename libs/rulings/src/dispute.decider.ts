import { assertNever, CORRECTION_LIMITS, InvalidInput, isValidId, RuleViolation, type Decider } from '@corbeille/kernel';
import type {
  DisputeCommand,
  DisputeEvent,
  DisputeSettings,
  DisputeSettingsCommand,
  DisputeSettingsEvent,
  DisputeState,
  OpenedDispute,
  Remedy,
} from './dispute.types';

export const MAX_CLAIM_LENGTH = 2000;
export const MAX_REASON_LENGTH = 2000;
export const MAX_ADJUSTMENTS = 100;

function requireText(value: string, what: string, max: number): string {
  const text = value.trim();
  if (text.length === 0) throw new InvalidInput(`EMPTY_${what.toUpperCase()}`, `The ${what} must not be empty`);
  if (text.length > max) throw new InvalidInput(`${what.toUpperCase()}_TOO_LONG`, `The ${what} is at most ${max} characters long`, { max });
  return text;
}

function requireOpen(state: DisputeState): OpenedDispute {
  if (state.status === 'none') throw new RuleViolation('DISPUTE_NOT_OPENED', 'There is no such dispute');
  if (state.status !== 'open') {
    throw new RuleViolation('DISPUTE_ALREADY_RULED', `This dispute was already ${state.status}; a ruling is final`, { status: state.status });
  }
  return state;
}

function checkRemedy(state: OpenedDispute, remedy: Remedy): void {
  switch (remedy.kind) {
    case 'correction':
      if (remedy.adjustments.length === 0) throw new InvalidInput('EMPTY_CORRECTION', 'A correction must adjust at least one cash amount, holding or price');
      if (remedy.adjustments.length > MAX_ADJUSTMENTS) throw new InvalidInput('TOO_MANY_ADJUSTMENTS', `A correction makes at most ${MAX_ADJUSTMENTS} adjustments`);
      for (const adjustment of remedy.adjustments) {
        const amount = adjustment.kind === 'price' ? adjustment.to : adjustment.delta;
        if (!Number.isSafeInteger(amount)) throw new InvalidInput('BAD_AMOUNT', 'Adjustments are whole amounts of money, shares or price');
        if (adjustment.kind !== 'price' && adjustment.delta === 0) throw new InvalidInput('BAD_AMOUNT', 'An adjustment of 0 changes nothing');
        // Each game bounds what a correction leaves; this bounds each step, whatever the game.
        if (Math.abs(amount) > CORRECTION_LIMITS.money) {
          throw new RuleViolation('AMOUNT_TOO_LARGE', `An adjustment moves at most ${CORRECTION_LIMITS.money.toLocaleString('en-US')}: no game could ever hold more`, {
            amount,
            limit: CORRECTION_LIMITS.money,
          });
        }
      }
      return;
    case 'rewind':
      // A rewind goes back to before the disputed event or just after it, never past later play unseen.
      if (!Number.isInteger(remedy.afterRevision) || remedy.afterRevision < 0 || remedy.afterRevision > state.event.revision) {
        throw new InvalidInput(
          'BAD_REWIND_POINT',
          `A rewind resumes from an event at or before the disputed one (revision 0 to ${state.event.revision})`,
          { disputedRevision: state.event.revision },
        );
      }
      return;
    default:
      assertNever(remedy, 'remedy');
  }
}

/**
 * A dispute: opened by a participant of a game naming one of its events, then ruled once by the game's
 * referee, rejected with a reason or upheld with a remedy. Who may open and rule is the access policy's
 * business; this decider keeps the record consistent (one ruling, a reason, a sensible remedy).
 */
export const disputeDecider: Decider<DisputeState, DisputeCommand, DisputeEvent> = {
  initialState: () => ({ status: 'none' }),
  decide: (state, command, context) => {
    switch (command.type) {
      case 'OpenDispute': {
        if (state.status !== 'none') throw new RuleViolation('DISPUTE_EXISTS', 'A dispute with this id already exists');
        const { data } = command;
        if (!isValidId(data.disputeId)) throw new InvalidInput('BAD_DISPUTE_ID', 'A dispute id is letters, digits, - and _');
        if (!Number.isInteger(data.event.revision) || data.event.revision < 0) throw new InvalidInput('BAD_EVENT', 'Name an event of the game by its revision');
        const claim = requireText(data.claim, 'claim', MAX_CLAIM_LENGTH);
        if (data.openedAs === 'player' && data.playerId === null) throw new InvalidInput('NO_SEAT', 'A player opens a dispute from their seat');
        return [{ type: 'DisputeOpened', data: { ...data, claim, openedAt: context.now } }];
      }
      case 'RejectDispute': {
        const open = requireOpen(state);
        const reason = requireText(command.data.reason, 'reason', MAX_REASON_LENGTH);
        return [{ type: 'DisputeRejected', data: { disputeId: open.disputeId, reason, by: command.data.by, ruledAt: context.now } }];
      }
      case 'UpholdDispute': {
        const open = requireOpen(state);
        const reason = requireText(command.data.reason, 'reason', MAX_REASON_LENGTH);
        checkRemedy(open, command.data.remedy);
        const { remedy, by, remedyRevisions } = command.data;
        return [{ type: 'DisputeUpheld', data: { disputeId: open.disputeId, remedy, reason, by, ruledAt: context.now, remedyRevisions } }];
      }
      default:
        return assertNever(command, 'dispute command');
    }
  },
  evolve: (state, event) => {
    switch (event.type) {
      case 'DisputeOpened':
        return { ...event.data, status: 'open', ruling: null };
      case 'DisputeRejected':
        if (state.status === 'none') return state;
        return {
          ...state,
          status: 'rejected',
          ruling: { outcome: 'rejected', reason: event.data.reason, by: event.data.by, ruledAt: event.data.ruledAt, remedy: null, remedyRevisions: [] },
        };
      case 'DisputeUpheld':
        if (state.status === 'none') return state;
        return {
          ...state,
          status: 'upheld',
          ruling: {
            outcome: 'upheld',
            reason: event.data.reason,
            by: event.data.by,
            ruledAt: event.data.ruledAt,
            remedy: event.data.remedy,
            remedyRevisions: event.data.remedyRevisions,
          },
        };
      default:
        return assertNever(event, 'dispute event');
    }
  },
  view: (state) => state,
  legalActions: () => [],
  isTerminal: (state) => state.status === 'rejected' || state.status === 'upheld',
};

/** Checks an uphold before its remedy is written to the game: the ruling must then be accepted. */
export function checkUphold(state: DisputeState, remedy: Remedy, reason: string): void {
  const open = requireOpen(state);
  requireText(reason, 'reason', MAX_REASON_LENGTH);
  checkRemedy(open, remedy);
}

/** Checks a dispute may be ruled at all (open), e.g. before a preview. */
export function requireOpenDispute(state: DisputeState): OpenedDispute {
  return requireOpen(state);
}

export const DEFAULT_DISPUTE_SETTINGS: DisputeSettings = { pauseOnDispute: false };

/** A game's dispute settings, changed by its referee. */
export const disputeSettingsDecider: Decider<DisputeSettings, DisputeSettingsCommand, DisputeSettingsEvent> = {
  initialState: () => DEFAULT_DISPUTE_SETTINGS,
  decide: (state, command, context) => {
    if (state.pauseOnDispute === command.data.pauseOnDispute) return [];
    return [{ type: 'DisputeSettingsChanged', data: { ...command.data, changedAt: context.now } }];
  },
  evolve: (_state, event) => ({ pauseOnDispute: event.data.pauseOnDispute }),
  view: (state) => state,
  legalActions: () => [],
  isTerminal: () => false,
};
