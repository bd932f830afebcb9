import { InMemoryEventStore } from '@corbeille/event-store';
import { RuleViolation, scriptedRandom, type Decider } from '@corbeille/kernel';
import { withRulings, type Adjustment } from '@corbeille/rulings';
import { CommandHandler } from './command-handler';
import { InMemorySnapshotStore } from './snapshot-store';
import { foldAt, InMemorySnapshotHistory } from './time-travel';

/** Rolls add up; a correction adjusts the total. */
type State = { total: number; rolls: number };
type Command = { type: 'Roll'; data: Record<string, never> };
type Event = { type: 'Rolled'; data: { face: number } };

const dice: Decider<State, Command, Event> = {
  initialState: () => ({ total: 0, rolls: 0 }),
  decide: (_state, _command, { random }) => [{ type: 'Rolled', data: { face: random.int(1, 6) } }],
  evolve: (state, event) => ({ total: state.total + event.data.face, rolls: state.rolls + 1 }),
  view: (state) => state,
  legalActions: () => [],
  isTerminal: () => false,
};
const correct = (state: State, adjustments: readonly Adjustment[]): State =>
  adjustments.reduce((current, adjustment) => {
    if (adjustment.kind !== 'cash') throw new RuleViolation('UNSUPPORTED', 'cash only');
    return { ...current, total: current.total + adjustment.delta };
  }, state);
const ruled = withRulings(dice, correct);
const cite = { disputeId: 'd-1', disputedRevision: 1, disputedEventId: 'e', reason: 'Misread die', by: 'ref' };
const clock = () => '2026-05-01T10:00:00.000Z';
const roll = { type: 'Roll' as const, data: {} };
/** Faces drawn only when a die is rolled, whichever handler and attempt rolls it. */
const facesOf = (faces: number[]) => () => ({ int: () => faces.shift() ?? 1 });

async function playedWith(faces: number[], handler: CommandHandler): Promise<void> {
  for (const [index] of faces.entries()) await handler.handle(ruled, 's', { command: roll, commandId: `r${index}`, actor: 'p' });
}

describe('rewinds and corrections in the folds', () => {
  it('a rewind voids the events after its point: the handler decides on the rewound state, a re-fold agrees, time travel shows history', async () => {
    const store = new InMemoryEventStore();
    const snapshots = new InMemorySnapshotStore();
    const handler = new CommandHandler(store, { randomSource: facesOf([1, 2, 3, 4, 5, 6]), clock, snapshots, snapshotEvery: 2 });
    await playedWith([1, 2, 3, 4], handler); // revisions 0-3: totals 1, 3, 6, 10
    const rewound = await handler.handle(ruled, 's', { command: { type: 'VoidEvents', data: { ...cite, afterRevision: 1 } }, commandId: 'rw', actor: 'referee' });
    expect(rewound.state).toEqual({ total: 3, rolls: 2 });
    const next = await handler.handle(ruled, 's', { command: roll, commandId: 'after', actor: 'p' });
    expect(next.state).toEqual({ total: 8, rolls: 3 });

    // Every fold agrees: a fresh handler (from its snapshot or not), and time travel to the end.
    for (const fresh of [new CommandHandler(store, { randomSource: () => scriptedRandom([]), clock }), new CommandHandler(store, { randomSource: () => scriptedRandom([]), clock, snapshots })]) {
      expect((await fresh.load(ruled, 's')).state).toEqual(next.state);
    }
    const history = new InMemorySnapshotHistory();
    expect((await foldAt(ruled, store, 's', { revision: 5 }, { snapshots: history, snapshotEvery: 2 })).state).toEqual(next.state);
    expect((await foldAt(ruled, store, 's', { revision: 5 }, { snapshots: history })).state).toEqual(next.state);
    // Before the rewind the game stood where it was played: the voided events are history.
    expect((await foldAt(ruled, store, 's', { revision: 3 }, { snapshots: history })).state).toEqual({ total: 10, rolls: 4 });
    // A retried command whose events were voided is still recognised: nothing is applied twice.
    expect((await handler.handle(ruled, 's', { command: roll, commandId: 'r3', actor: 'p' })).alreadyApplied).toBe(true);
  });

  it('another handler caching the stream catches up with a rewind it did not write', async () => {
    const store = new InMemoryEventStore();
    // Mine rolls 4 on its stale state first; the append fails, it catches up and rolls 5 on the rewound one.
    const random = facesOf([1, 2, 3, 4, 5]);
    const mine = new CommandHandler(store, { randomSource: random, clock });
    const theirs = new CommandHandler(store, { randomSource: random, clock });
    await playedWith([1, 2, 3], mine);
    await theirs.handle(ruled, 's', { command: { type: 'VoidEvents', data: { ...cite, afterRevision: 0 } }, commandId: 'rw', actor: 'referee' });
    const after = await mine.handle(ruled, 's', { command: roll, commandId: 'after', actor: 'p' });
    expect(after.state).toEqual({ total: 6, rolls: 2 });
    expect((await theirs.load(ruled, 's')).state).toEqual(after.state);
  });

  it('a correction is folded by the handler and time travel alike', async () => {
    const store = new InMemoryEventStore();
    const handler = new CommandHandler(store, { randomSource: () => scriptedRandom([6]), clock });
    await handler.handle(ruled, 's', { command: roll, commandId: 'r', actor: 'p' });
    const adjustments: Adjustment[] = [{ kind: 'cash', playerId: 'p', delta: -2 }];
    const corrected = await handler.handle(ruled, 's', { command: { type: 'ApplyCorrection', data: { ...cite, adjustments } }, commandId: 'c', actor: 'referee', causationId: 'evt-0' });
    expect(corrected.state.total).toBe(4);
    expect(corrected.events[0]?.metadata.causationId).toBe('evt-0');
    expect((await foldAt(ruled, store, 's', { revision: 1 })).state.total).toBe(4);
  });
});

