import { InMemoryEventStore, type AppendResult, type EventStore, type ExpectedRevision, type NewEvent } from '@corbeille/event-store';
import { ConcurrencyConflict, IdempotencyKeyReused, RuleViolation, scriptedRandom, seededRandom, type Decider } from '@corbeille/kernel';
import { assertClientCommandId, SERVER_ISSUER, serverCommandId } from './command-binding';
import { CommandHandler } from './command-handler';
import { InMemorySnapshotStore } from './snapshot-store';

/** A tiny dice game: each Roll appends the die's face; no roll once the total reaches 24. */
type State = { total: number; rolls: number };
type Command = { type: 'Roll'; data: { note?: string } };
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

  it('tells the random source where it decides, and records what annotate adds to each event', async () => {
    const store = new InMemoryEventStore();
    const points: unknown[] = [];
    const handler = new CommandHandler(store, {
      randomSource: async (at) => {
        points.push(at);
        return scriptedRandom([at.revision === undefined ? 3 : 5]);
      },
      annotate: ({ revision, before, after, command }) => [{ at: revision ?? null, from: before, to: after, commandType: 'overridden', command }],
      clock,
    });
    await handler.handle(diceGame, 'dice-a', { command: roll, commandId: 'c1', actor: 'alice' });
    const second = await handler.handle(diceGame, 'dice-a', { command: roll, commandId: 'c2', actor: 'alice' });
    expect(points).toEqual([
      { streamId: 'dice-a', revision: undefined },
      { streamId: 'dice-a', revision: 0 },
    ]);
    // The handler's own keys (commandType) win over an annotation's.
    expect(second.events[0]?.metadata).toMatchObject({ at: 0, from: { total: 3, rolls: 1 }, to: { total: 8, rolls: 2 }, commandType: 'Roll', command: roll });
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

/** Two seats take turns; only the seat whose turn it is may pass. */
type TurnState = { turn: 'a' | 'b'; passes: number };
type PassCommand = { type: 'Pass'; data: { seat: 'a' | 'b' } };
type PassedEvent = { type: 'Passed'; data: { seat: 'a' | 'b' } };

const turns: Decider<TurnState, PassCommand, PassedEvent> = {
  initialState: () => ({ turn: 'a', passes: 0 }),
  decide: (state, command) => {
    if (command.data.seat !== state.turn) throw new RuleViolation('NOT_YOUR_TURN', `It is ${state.turn}'s turn`);
    return [{ type: 'Passed', data: { seat: command.data.seat } }];
  },
  evolve: (state, event) => ({ turn: event.data.seat === 'a' ? 'b' : 'a', passes: state.passes + 1 }),
  view: (state) => state,
  legalActions: () => [],
  isTerminal: () => false,
};

const pass = (seat: 'a' | 'b'): PassCommand => ({ type: 'Pass', data: { seat } });

/** Counts the events read back from the store. */
class CountingStore extends InMemoryEventStore {
  eventsRead = 0;

  override async readStream(...args: Parameters<InMemoryEventStore['readStream']>) {
    const events = await super.readStream(...args);
    this.eventsRead += events.length;
    return events;
  }
}

describe('CommandHandler state cache', () => {
  const random = () => scriptedRandom([1]);

  it('folds only what it has not seen: a command on a cached stream reads back just its own events', async () => {
    const store = new CountingStore();
    const handler = new CommandHandler(store, { randomSource: random, clock });
    for (let i = 0; i < 20; i++) await handler.handle(turns, 't-1', { command: pass(i % 2 === 0 ? 'a' : 'b'), commandId: `c${i}`, actor: 'x' });
    const before = store.eventsRead;
    const result = await handler.handle(turns, 't-1', { command: pass('a'), commandId: 'c20', actor: 'x' });
    expect(store.eventsRead - before).toBe(1);
    expect(result.state).toEqual({ turn: 'b', passes: 21 });
    expect((await handler.load(turns, 't-1')).state).toEqual(result.state);
  });

  it('decides again on a stream another writer moved on instead of refusing on its stale state', async () => {
    const store = new InMemoryEventStore();
    const first = new CommandHandler(store, { randomSource: random, clock });
    const second = new CommandHandler(store, { randomSource: random, clock });
    await first.handle(turns, 't-2', { command: pass('a'), commandId: 'c1', actor: 'a' });
    // The second handler moves the stream on behind the first one's cached state (turn: b).
    await second.handle(turns, 't-2', { command: pass('b'), commandId: 'c2', actor: 'b' });

    const result = await first.handle(turns, 't-2', { command: pass('a'), commandId: 'c3', actor: 'a' });
    expect(result.alreadyApplied).toBe(false);
    expect(result.state).toEqual({ turn: 'b', passes: 3 });
    await expect(first.handle(turns, 't-2', { command: pass('a'), commandId: 'c4', actor: 'a' })).rejects.toThrow("It is b's turn");
    expect((await store.readStream('t-2')).map((event) => event.metadata.commandId)).toEqual(['c1', 'c2', 'c3']);
  });

  it('recognises a command id another writer applied after the state was cached', async () => {
    const store = new InMemoryEventStore();
    const first = new CommandHandler(store, { randomSource: random, clock });
    const second = new CommandHandler(store, { randomSource: random, clock });
    await first.handle(diceGame, 'dice-7', { command: roll, commandId: 'r1', actor: 'x' });
    const applied = await second.handle(diceGame, 'dice-7', { command: roll, commandId: 'r2', actor: 'x' });

    const retried = await first.handle(diceGame, 'dice-7', { command: roll, commandId: 'r2', actor: 'x' });
    expect(retried.alreadyApplied).toBe(true);
    expect(retried.events).toEqual(applied.events);
    expect(retried.revision).toBe(1);
    expect(await store.readStream('dice-7')).toHaveLength(2);
  });

  it('answers a retry of an old command with its events, read back from the store', async () => {
    const store = new InMemoryEventStore();
    const handler = new CommandHandler(store, { randomSource: random, clock, recentCommandsPerStream: 2 });
    const first = await handler.handle(turns, 't-3', { command: pass('a'), commandId: 'old', actor: 'a' });
    for (let i = 0; i < 6; i++) await handler.handle(turns, 't-3', { command: pass(i % 2 === 0 ? 'b' : 'a'), commandId: `n${i}`, actor: 'x' });

    const retried = await handler.handle(turns, 't-3', { command: pass('a'), commandId: 'old', actor: 'a' });
    expect(retried).toMatchObject({ alreadyApplied: true, revision: 6 });
    expect(retried.events).toEqual(first.events);
  });

  it('keeps at most `cachedStreams` streams and reloads an evicted one correctly', async () => {
    const store = new CountingStore();
    const handler = new CommandHandler(store, { randomSource: random, clock, cachedStreams: 1 });
    await handler.handle(turns, 't-4', { command: pass('a'), commandId: 'x1', actor: 'a' });
    await handler.handle(turns, 't-5', { command: pass('a'), commandId: 'y1', actor: 'a' });
    const before = store.eventsRead;
    const result = await handler.handle(turns, 't-4', { command: pass('b'), commandId: 'x2', actor: 'b' });
    // t-4 was evicted by t-5: it is read again (1 event), then the new event is read back.
    expect(store.eventsRead - before).toBe(2);
    expect(result.state).toEqual({ turn: 'a', passes: 2 });
    expect((await handler.handle(turns, 't-4', { command: pass('a'), commandId: 'x1', actor: 'a' })).alreadyApplied).toBe(true);
  });

  it('keeps at most `maxCachedCommandIds` command ids in all, evicting the least recently used streams', async () => {
    const store = new InMemoryEventStore();
    const handler = new CommandHandler(store, { randomSource: random, clock, maxCachedCommandIds: 5 });
    for (let i = 0; i < 3; i++) await handler.handle(turns, 't-9', { command: pass(i % 2 === 0 ? 'a' : 'b'), commandId: `u${i}`, actor: 'x' });
    expect(handler.cacheSize()).toEqual({ streams: 1, commandIds: 3 });
    for (let i = 0; i < 3; i++) await handler.handle(turns, 't-10', { command: pass(i % 2 === 0 ? 'a' : 'b'), commandId: `v${i}`, actor: 'x' });
    // Six ids would not fit: the older stream went.
    expect(handler.cacheSize()).toEqual({ streams: 1, commandIds: 3 });
    expect((await handler.handle(turns, 't-9', { command: pass('b'), commandId: 'u3', actor: 'x' })).state).toEqual({ turn: 'a', passes: 4 });
    expect((await handler.handle(turns, 't-9', { command: pass('a'), commandId: 'u0', actor: 'x' })).alreadyApplied).toBe(true);
    expect(handler.cacheSize()).toEqual({ streams: 1, commandIds: 4 });

    // A stream bigger than the bound alone is still handled correctly, just not kept.
    for (let i = 4; i < 8; i++) await handler.handle(turns, 't-9', { command: pass(i % 2 === 0 ? 'a' : 'b'), commandId: `u${i}`, actor: 'x' });
    expect(handler.cacheSize()).toEqual({ streams: 0, commandIds: 0 });
    expect((await handler.handle(turns, 't-9', { command: pass('a'), commandId: 'u8', actor: 'x' })).state).toEqual({ turn: 'b', passes: 9 });
  });

  it('without a cache folds the whole stream for every command, with the same results', async () => {
    const store = new CountingStore();
    const handler = new CommandHandler(store, { randomSource: random, clock, cachedStreams: 0 });
    for (let i = 0; i < 5; i++) await handler.handle(turns, 't-6', { command: pass(i % 2 === 0 ? 'a' : 'b'), commandId: `c${i}`, actor: 'x' });
    const before = store.eventsRead;
    const result = await handler.handle(turns, 't-6', { command: pass('b'), commandId: 'c5', actor: 'x' });
    expect(store.eventsRead - before).toBe(6);
    expect(result.state).toEqual({ turn: 'a', passes: 6 });
  });

  it('keeps every command id in the snapshots it takes, so a reload from one still refuses to apply a retry twice', async () => {
    const store = new InMemoryEventStore();
    const snapshots = new InMemorySnapshotStore();
    const handler = new CommandHandler(store, { randomSource: random, clock, snapshots, snapshotEvery: 3 });
    for (let i = 0; i < 7; i++) await handler.handle(turns, 't-7', { command: pass(i % 2 === 0 ? 'a' : 'b'), commandId: `c${i}`, actor: 'x' });
    const snapshot = await snapshots.load('t-7');
    expect(snapshot?.commandIds).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'c5'].slice(0, (snapshot?.revision ?? -1) + 1));

    const restarted = new CommandHandler(store, { randomSource: random, clock, snapshots, snapshotEvery: 3 });
    const retried = await restarted.handle(turns, 't-7', { command: pass('a'), commandId: 'c0', actor: 'x' });
    // The retry's events, from before the snapshot, are found in the log to check the id against them.
    expect(retried).toMatchObject({ alreadyApplied: true, revision: 6, state: { turn: 'b', passes: 7 } });
    expect(retried.events.map((event) => [event.revision, event.metadata.commandId])).toEqual([[0, 'c0']]);
  });
});

describe('CommandHandler on a store that returns what it recorded', () => {
  /** The in-memory store, plus appendToStreamRecorded built from a read (and counted). */
  class RecordingStore extends CountingStore {
    recordedAppends = 0;

    async appendToStreamRecorded(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision) {
      this.recordedAppends += 1;
      const result = await super.appendToStream(streamId, events, expected);
      const written = await InMemoryEventStore.prototype.readStream.call(this, streamId, { fromRevision: result.nextExpectedRevision - events.length + 1 });
      return { result, events: written };
    }
  }

  it('uses the recorded events instead of reading them back', async () => {
    const store = new RecordingStore();
    const handler = new CommandHandler(store, { randomSource: () => scriptedRandom([1]), clock });
    await handler.handle(turns, 't-8', { command: pass('a'), commandId: 'c1', actor: 'a' });
    const result = await handler.handle(turns, 't-8', { command: pass('b'), commandId: 'c2', actor: 'b' });
    expect(store.recordedAppends).toBe(2);
    // Only the first command's load read the (then empty) stream: nothing was read after the appends.
    expect(store.eventsRead).toBe(0);
    expect(result.events).toEqual(await store.readStream('t-8', { fromRevision: 1 }));
  });

  describe('command ids bound to their issuer and command', () => {
    const legacyMetadata = { commandId: 'old', actor: 'ann', correlationId: 'old', causationId: 'old', occurredAt: clock() };

    it('answers a retry by the same issuer with the same command as already applied', async () => {
      const store = new InMemoryEventStore();
      const handler = new CommandHandler(store, { randomSource: () => seededRandom(1), clock });
      const first = await handler.handle(diceGame, 'dice-b1', { command: roll, commandId: 'k', actor: 'ann', issuer: 'account:ann' });
      expect(first.events[0]?.metadata['commandBinding']).toMatchObject({ issuer: 'account:ann', salt: expect.any(String), digest: expect.any(String) });
      const fresh = new CommandHandler(store, { randomSource: () => seededRandom(1), clock, cachedStreams: 0 });
      for (const retrying of [handler, fresh]) {
        const again = await retrying.handle(diceGame, 'dice-b1', { command: roll, commandId: 'k', actor: 'ann', issuer: 'account:ann' });
        expect(again.alreadyApplied).toBe(true);
        expect(again.events).toEqual(first.events);
      }
    });

    it('refuses the same id from another issuer or actor, and writes nothing', async () => {
      const store = new InMemoryEventStore();
      const handler = new CommandHandler(store, { randomSource: () => seededRandom(1), clock });
      await handler.handle(diceGame, 'dice-b2', { command: roll, commandId: 'k', actor: 'ann', issuer: 'account:ann' });
      await expect(handler.handle(diceGame, 'dice-b2', { command: roll, commandId: 'k', actor: 'ann', issuer: 'account:bob' })).rejects.toBeInstanceOf(IdempotencyKeyReused);
      await expect(handler.handle(diceGame, 'dice-b2', { command: roll, commandId: 'k', actor: 'bob', issuer: 'account:ann' })).rejects.toMatchObject({
        code: 'IDEMPOTENCY_KEY_REUSED',
      });
      expect(await store.readStream('dice-b2')).toHaveLength(1);
    });

    it('refuses the same id with another payload, also once the stream was folded again', async () => {
      const store = new InMemoryEventStore();
      const handler = new CommandHandler(store, { randomSource: () => seededRandom(1), clock });
      await handler.handle(diceGame, 'dice-b3', { command: { type: 'Roll', data: { note: 'a' } }, commandId: 'k', actor: 'ann' });
      const fresh = new CommandHandler(store, { randomSource: () => seededRandom(1), clock, cachedStreams: 0 });
      for (const retrying of [handler, fresh]) {
        await expect(retrying.handle(diceGame, 'dice-b3', { command: { type: 'Roll', data: { note: 'b' } }, commandId: 'k', actor: 'ann' })).rejects.toBeInstanceOf(
          IdempotencyKeyReused,
        );
      }
      expect(await store.readStream('dice-b3')).toHaveLength(1);
    });

    it('checks ids applied before a snapshot against their events in the log', async () => {
      const store = new InMemoryEventStore();
      const snapshots = new InMemorySnapshotStore();
      const options = { randomSource: () => scriptedRandom([2]), clock, snapshots, snapshotEvery: 2 };
      const handler = new CommandHandler(store, options);
      for (const id of ['s1', 's2', 's3']) await handler.handle(diceGame, 'dice-b4', { command: roll, commandId: id, actor: 'ann' });
      const fromSnapshot = new CommandHandler(store, options);
      const retry = await fromSnapshot.handle(diceGame, 'dice-b4', { command: roll, commandId: 's1', actor: 'ann' });
      expect(retry.alreadyApplied).toBe(true);
      expect(retry.events.map((event) => event.metadata.commandId)).toEqual(['s1']);
      await expect(new CommandHandler(store, options).handle(diceGame, 'dice-b4', { command: roll, commandId: 's1', actor: 'bob' })).rejects.toBeInstanceOf(
        IdempotencyKeyReused,
      );
    });

    it('loads events stored without a binding, and binds their ids to the recorded actor', async () => {
      const store = new InMemoryEventStore();
      await store.appendToStream('dice-b5', [{ type: 'Rolled', data: { face: 3 }, metadata: legacyMetadata }], 'no-stream');
      const handler = new CommandHandler(store, { randomSource: () => scriptedRandom([5]), clock });
      const retry = await handler.handle(diceGame, 'dice-b5', { command: roll, commandId: 'old', actor: 'ann', issuer: 'account:ann' });
      expect(retry.alreadyApplied).toBe(true);
      expect(retry.state).toEqual({ total: 3, rolls: 1 });
      await expect(handler.handle(diceGame, 'dice-b5', { command: roll, commandId: 'old', actor: 'bob' })).rejects.toBeInstanceOf(IdempotencyKeyReused);
      const next = await handler.handle(diceGame, 'dice-b5', { command: roll, commandId: 'new', actor: 'bob' });
      expect(next.state).toEqual({ total: 8, rolls: 2 });
    });

    it('salts each binding at random, or with the injected salt for a reproducible log', async () => {
      const random = new CommandHandler(new InMemoryEventStore(), { randomSource: () => seededRandom(1), clock });
      const salts: unknown[] = [];
      for (const id of ['a', 'b']) {
        const binding = (await random.handle(diceGame, 'dice-b7', { command: roll, commandId: id, actor: 'ann' })).events[0]?.metadata['commandBinding'];
        salts.push((binding as { salt?: unknown } | undefined)?.salt);
      }
      expect(salts).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/), expect.stringMatching(/^[0-9a-f]{32}$/)]);
      expect(salts[0]).not.toBe(salts[1]);
      const fixed = new CommandHandler(new InMemoryEventStore(), { randomSource: () => seededRandom(1), clock, bindingSalt: ({ streamId, commandId }) => `${streamId}/${commandId}` });
      const written = await fixed.handle(diceGame, 'dice-b8', { command: roll, commandId: 'k', actor: 'ann' });
      expect(written.events[0]?.metadata['commandBinding']).toMatchObject({ salt: 'dice-b8/k' });
      expect((await fixed.handle(diceGame, 'dice-b8', { command: roll, commandId: 'k', actor: 'ann' })).alreadyApplied).toBe(true);
    });

    it('tells a retry from a reused id without writing (wasApplied)', async () => {
      const store = new InMemoryEventStore();
      const handler = new CommandHandler(store, { randomSource: () => seededRandom(1), clock });
      await handler.handle(diceGame, 'dice-b6', { command: roll, commandId: 'k', actor: 'ann' });
      expect(await handler.wasApplied(diceGame, 'dice-b6', { command: roll, commandId: 'k', actor: 'ann' })).toBe(true);
      expect(await handler.wasApplied(diceGame, 'dice-b6', { command: roll, commandId: 'other', actor: 'ann' })).toBe(false);
      await expect(handler.wasApplied(diceGame, 'dice-b6', { command: roll, commandId: 'k', actor: 'bob' })).rejects.toBeInstanceOf(IdempotencyKeyReused);
    });

    it('keeps server ids out of clients\' reach', () => {
      const id = serverCommandId('close-planning', 'game-1', 3);
      expect(id).toBe('server:close-planning:game-1:3');
      expect(SERVER_ISSUER).toBe('server');
      expect(() => assertClientCommandId(id)).toThrow(expect.objectContaining({ code: 'COMMAND_ID_RESERVED' }));
      expect(() => assertClientCommandId('close-planning-game-1-3')).not.toThrow();
      expect(() => assertClientCommandId('a b')).toThrow(expect.objectContaining({ code: 'INVALID_COMMAND_ID' }));
    });
  });
});
