import { ConcurrencyConflict, InvalidInput, assertNever, type Decider } from '@corbeille/kernel';

/**
 * A claim makes a value unique across aggregates: the first owner to claim it keeps it. One stream per
 * value (an email, a game), so the store's expected-revision check settles races.
 */
export interface ClaimState {
  readonly key: string | null;
  readonly ownerId: string | null;
  readonly claimedAt: string | null;
}

export type ClaimCommand = { type: 'Claim'; data: { key: string; ownerId: string } };
export type ClaimEvent = { type: 'Claimed'; data: { key: string; ownerId: string; claimedAt: string } };

export type ClaimDecider = Pick<Decider<ClaimState, ClaimCommand, ClaimEvent>, 'initialState' | 'decide' | 'evolve'>;

export interface ClaimConflict {
  readonly code: string;
  readonly message: (key: string) => string;
}

export function claimDecider(conflict: ClaimConflict): ClaimDecider {
  return {
    initialState: () => ({ key: null, ownerId: null, claimedAt: null }),
    decide(state, command, context) {
      if (command.type !== 'Claim') return assertNever(command.type, 'claim command');
      const { key, ownerId } = command.data;
      if (key.length === 0 || ownerId.length === 0) throw new InvalidInput('INVALID_CLAIM', 'A claim needs a key and an owner');
      // Claiming again for the same owner is a retry, not a conflict.
      if (state.ownerId === ownerId) return [];
      if (state.ownerId !== null) throw new ConcurrencyConflict(conflict.code, conflict.message(key), { key });
      return [{ type: 'Claimed', data: { key, ownerId, claimedAt: context.now } }];
    },
    evolve(_state, event) {
      return { ...event.data };
    },
  };
}

/** Emails: one account each. */
export const emailClaimDecider = claimDecider({
  code: 'EMAIL_TAKEN',
  message: () => 'An account with this email already exists',
});

/** Games: a game is a table of at most one league. The owner is the league id. */
export const gameClaimDecider = claimDecider({
  code: 'GAME_ALREADY_SCHEDULED',
  message: (key) => `The game ${key} is already a table of another league`,
});
