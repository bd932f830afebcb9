import { InMemoryEventStore, type AppendResult, type EventStore, type ExpectedRevision, type NewEvent } from '@corbeille/event-store';
import { ConcurrencyConflict, RuleViolation, scriptedRandom, seededRandom, type Decider } from '@corbeille/kernel';
import { CommandHandler } from './command-handler';
import { InMemorySnapshotStore } from './snapshot-store';

/** A tiny dice game: each Roll appends the die's face; no roll once the total reaches 24. */
type State = { total: number; rolls: number };
type Command = { type: 'Roll'; data: Record<string, never> };
type Event = { type: 'Rolled'; data: { face: number } };

const diceGame: Decider<State, Command, Event> = {
  initialState: () => ({ total: 0, rolls: 0 }),
  decide: (state, _command, { random }) => {
    if (state.total >= 24) throw new RuleViolation('LIMIT', 'The total has reached 24');
    return [{ type: 'Rolled', data: { face: random.int(1, 6) } }];
  },
  evolve: (state, event) => ({ total: state.total + event.data.face, rolls: state.rolls + 1 }),
  view: (state) => state,
  legalActions: () => [],
  isTerminal: (state) => state.total >= 24,
};

const roll: Command = { type: 'Roll', data: {} };
const clock = () => '2026-05-01T10:00:00.000Z';

describe('CommandHandler', () => {
  it('decides, appends with metadata and returns the recorded events', async () => {
    const store = new InMemoryEventStore();
    const handler = new CommandHandler(store, { randomSource: () => scriptedRandom([4]), clock });
    const result = await handler.handle(diceGame, 'dice-1', {
      command: roll,
      commandId: 'c1',
      actor: 'alice',
      metadata: { league: 'Tuesday club' },
    });
    expect(result.alreadyApplied).toBe(false);
    expect(result.state).toEqual({ total: 4, rolls: 1 });
    expect(result.revision).toBe(0);
    expect(result.events).toHaveLength(1);
    expect(result.events[0]).toMatchObject({
      type: 'Rolled',
      data: { face: 4 },
      revision: 0,
      metadata: {
        commandId: 'c1',
        actor: 'alice',
        correlationId: 'c1',
        causationId: 'c1',
        occurredAt: '2026-05-01T10:00:00.000Z',
        commandType: 'Roll',
        league: 'Tuesday club',
      },
    });
  });

  it('applies a retried command id once and returns the first events', async () => {
    const store = new InMemoryEventStore();
    const handler = new CommandHandler(store, { randomSource: () => seededRandom(1), clock });
    const first = await handler.handle(diceGame, 'dice-2', { command: roll, commandId: 'same', actor: 'a' });
    const again = await handler.handle(diceGame, 'dice-2', { command: roll, commandId: 'same', actor: 'a' });
    expect(again.alreadyApplied).toBe(true);
    expect(again.events).toEqual(first.events);
    expect(await store.readStream('dice-2')).toHaveLength(1);
  });

  it('propagates rule violations and writes nothing', async () => {
    const store = new InMemoryEventStore();
    const handler = new CommandHandler(store, { randomSource: () => scriptedRandom([6, 6, 6, 6]), clock });
    for (const id of ['a', 'b', 'c', 'd']) await handler.handle(diceGame, 'dice-3', { command: roll, commandId: id, actor: 'x' });
    await expect(handler.handle(diceGame, 'dice-3', { command: roll, commandId: 'e', actor: 'x' })).rejects.toThrow(
      'The total has reached 24',
    );
    expect(await store.readStream('dice-3')).toHaveLength(4);
  });

  it('reloads and retries on a concurrency conflict', async () => {
    const store = new InMemoryEventStore();
    // Eight writers at once: the last one may lose seven races before it gets in.
    const handler = new CommandHandler(store, { randomSource: () => scriptedRandom([1]), clock, maxRetries: 7 });
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => handler.handle(diceGame, 'dice-4', { command: roll, commandId: `p${i}`, actor: 'x' })),
    );
    const events = await store.readStream('dice-4');
    expect(events.map((event) => event.revision)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(events.map((event) => event.metadata.commandId)).size).toBe(8);
  });

  it('gives up with a ConcurrencyConflict after the bounded retries', async () => {
    const inner = new InMemoryEventStore();
    let appends = 0;
    // Another writer always gets in first: every append finds the stream one event further.
    const racing: EventStore = {
      appendToStream: async (streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> => {
        appends += 1;
        const other = { commandId: `other-${appends}`, actor: 'b', correlationId: 'x', causationId: 'x', occurredAt: clock() };
        await inner.appendToStream(streamId, [{ type: 'Rolled', data: { face: 1 }, metadata: other }], 'any');
        return inner.appendToStream(streamId, events, expected);
      },
      readStream: (streamId, options) => inner.readStream(streamId, options),
      streamRevision: (streamId) => inner.streamRevision(streamId),
      readAll: (options) => inner.readAll(options),
      subscribeToAll: (handler, options) => inner.subscribeToAll(handler, options),
      close: () => inner.close(),
    };
    const handler = new CommandHandler(racing, { randomSource: () => seededRandom(3), clock, maxRetries: 2 });
    await expect(handler.handle(diceGame, 'dice-5', { command: roll, commandId: 'mine', actor: 'a' })).rejects.toBeInstanceOf(
      ConcurrencyConflict,
    );
    expect(appends).toBe(3);
    const written = await inner.readStream('dice-5');
    expect(written.some((event) => event.metadata.commandId === 'mine')).toBe(false);
  });

  it('loads from a snapshot and still recognises command ids applied before it', async () => {
    const store = new InMemoryEventStore();
    const snapshots = new InMemorySnapshotStore();
    const handler = new CommandHandler(store, { randomSource: () => scriptedRandom([2]), clock, snapshots, snapshotEvery: 2 });
    const plain = new CommandHandler(store, { randomSource: () => scriptedRandom([2]), clock });
    for (const id of ['s1', 's2', 's3']) await handler.handle(diceGame, 'dice-6', { command: roll, commandId: id, actor: 'x' });
    const snapshot = await snapshots.load('dice-6');
    expect(snapshot?.revision).toBeGreaterThanOrEqual(1);
    const replayed = await handler.handle(diceGame, 'dice-6', { command: roll, commandId: 's1', actor: 'x' });
    expect(replayed.alreadyApplied).toBe(true);
    const fromSnapshot = await handler.load(diceGame, 'dice-6');
    const fromEvents = await plain.load(diceGame, 'dice-6');
    expect(fromSnapshot.state).toEqual(fromEvents.state);
    expect(fromSnapshot.state).toEqual({ total: 6, rolls: 3 });
  });
});
