import type { RecordedEvent } from '@corbeille/event-store';
import type { DomainCommand, DomainEvent } from '@corbeille/kernel';
import { fairRandom, seedCommitment } from './fair-random';
import { verifyFairness, type VerifiableGame } from './verify-fairness';

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

/** A tiny game: Roll adds a die to the total (and records it); Voided marks a rewind of the events after `after`. */
type State = { total: number };
const decider = {
  initialState: (): State => ({ total: 0 }),
  decide: (state: unknown, command: DomainCommand, { random }: { random: { int(min: number, max: number): number } }): DomainEvent[] =>
    command.type === 'Roll' ? [{ type: 'Rolled', data: { face: random.int(1, 6), before: (state as State).total } }] : [],
  evolve: (state: unknown, event: DomainEvent): State =>
    event.type === 'Rolled' ? { total: (state as State).total + (event.data as { face: number }).face } : (state as State),
};
const game: VerifiableGame = { type: 'dice', engineVersion: '1', deciderFor: () => decider };

function recorded(revision: number, type: string, data: unknown, metadata: Record<string, unknown> = {}): RecordedEvent {
  return {
    id: `e${revision}`,
    streamId: 'dice-1',
    revision,
    position: revision + 1,
    recordedAt: '2026-01-01T00:00:00.000Z',
    type,
    data,
    metadata: { commandId: `c${revision}`, actor: 'a', correlationId: 'x', causationId: 'x', occurredAt: '2026-01-01T00:00:00.000Z', ...metadata },
  };
}

/** A roll decided on `total` at `revision`, with its draws and command recorded as the recorder does. */
function roll(revision: number, total: number, extra: Record<string, unknown> = {}): RecordedEvent {
  const random = fairRandom(SEED, revision);
  const face = random.int(1, 6);
  return recorded(revision, 'Rolled', { face, before: total }, { draws: random.draws, command: { type: 'Roll', data: {} }, ...extra });
}

describe('verifyFairness', () => {
  const fairness = { fairness: { scheme: 'hmac-sha256-v1', commitment: seedCommitment(SEED) }, engine: { game: 'dice', version: '1' } };

  it('decides every drawing command again on the state before it', () => {
    const first = roll(0, 0, fairness);
    const second = roll(1, (first.data as { face: number }).face, { revealedSeed: SEED });
    const report = verifyFairness(game, [first, second]);
    expect(report).toMatchObject({ ok: true, seedRevealed: true, drawsChecked: 2, commandsReplayed: 2 });
  });

  it('folds the counted events again after a rewind, given how the game counts them', () => {
    const first = roll(0, 0, fairness);
    const face = (first.data as { face: number }).face;
    const voided = roll(1, face);
    // The rewind voids revision 1: the next roll is decided on the total after revision 0 only.
    const marker = recorded(2, 'Voided', { after: 0 });
    const next = roll(3, face, { revealedSeed: SEED });
    const events = [first, voided, marker, next];
    expect(verifyFairness(game, events).mismatches).toEqual([expect.objectContaining({ kind: 'OUTCOME', revision: 3 })]);
    const live = (prefix: readonly RecordedEvent[]) => {
      const skipped = new Set(prefix.filter((event) => event.type === 'Voided').flatMap((event) => prefix.filter((other) => other.revision > (event.data as { after: number }).after && other.revision < event.revision).map((other) => other.revision)));
      return prefix.filter((event) => !skipped.has(event.revision)).reduce((state, event) => decider.evolve(state, event), decider.initialState() as unknown);
    };
    const report = verifyFairness(game, events, [], { restartsFold: (event) => event.type === 'Voided', foldLive: live });
    expect(report).toMatchObject({ ok: true, drawsChecked: 3, commandsReplayed: 3 });
  });
});
