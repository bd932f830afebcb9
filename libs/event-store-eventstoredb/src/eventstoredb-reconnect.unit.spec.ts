import { StoreUnavailableError, type NewEvent, type RecordedEvent } from '@corbeille/event-store';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { FakeEventStoreDbClient } from './testing/fake-eventstoredb-client';

function event(index: number): NewEvent {
  return {
    type: 'Happened',
    data: { index },
    metadata: { commandId: `c${index}`, actor: 'p1', correlationId: 'r', causationId: `c${index}`, occurredAt: '2026-01-01T00:00:00.000Z' },
  };
}

async function until(condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('EventStoreDbEventStore when the server goes away (fake client)', () => {
  it('resubscribes from the last delivered event: nothing missed, nothing twice; appends meanwhile fail as unavailable', async () => {
    const fake = new FakeEventStoreDbClient();
    const broken: { attempt: number; delayMs: number }[] = [];
    const store = new EventStoreDbEventStore({
      client: fake.asClient(),
      resubscribe: { initialDelayMs: 10, maxDelayMs: 40, onConnectionError: (_error, attempt, delayMs) => broken.push({ attempt, delayMs }) },
    });
    const received: RecordedEvent[] = [];
    const errors: unknown[] = [];
    const subscription = store.subscribeToAll(async (recorded) => {
      received.push(recorded);
    }, { streamPrefix: 'game-', onError: (error) => errors.push(error) });
    try {
      for (let index = 0; index < 3; index += 1) await store.appendToStream('game-1', [event(index)], index === 0 ? 'no-stream' : index - 1);
      await until(() => received.length === 3);

      fake.goAway();
      await expect(store.appendToStream('game-1', [event(3)], 2)).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.appendToStream('game-1', [event(3)], 2)).rejects.toMatchObject({ reason: 'unreachable' });
      // Several attempts while the server is away, each after a longer wait (capped).
      await until(() => broken.length >= 4);
      fake.comeBack();
      for (let index = 3; index < 6; index += 1) await store.appendToStream('game-1', [event(index)], index - 1);
      await until(() => received.length === 6);
      await new Promise((resolve) => setTimeout(resolve, 50));

      expect(received.map((recorded) => (recorded.data as { index: number }).index)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(new Set(received.map((recorded) => recorded.id)).size).toBe(6);
      expect(errors).toEqual([]);
      expect(broken.slice(0, 4).map(({ attempt, delayMs }) => [attempt, delayMs])).toEqual([
        [1, 10],
        [2, 20],
        [3, 40],
        [4, 40],
      ]);
      expect(fake.subscribeCalls).toBeGreaterThanOrEqual(5);
      console.log(
        `EventStoreDB reconnection (fake server): ${broken.length} broken connections while away, ${fake.subscribeCalls} subscriptions in all; 6 of 6 events delivered once, in order`,
      );
    } finally {
      await subscription.unsubscribe();
      await store.close();
    }
  });

  it('still stops, and reports, when the handler itself fails', async () => {
    const fake = new FakeEventStoreDbClient();
    const store = new EventStoreDbEventStore({ client: fake.asClient(), resubscribe: { initialDelayMs: 5 } });
    const errors: unknown[] = [];
    store.subscribeToAll(
      () => {
        throw new Error('handler broke');
      },
      { streamPrefix: 'game-', onError: (error) => errors.push(error) },
    );
    try {
      await store.appendToStream('game-2', [event(0)], 'no-stream');
      await until(() => errors.length === 1);
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(errors).toEqual([new Error('handler broke')]);
      expect(fake.subscribeCalls).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('stops trying when unsubscribed while the server is away', async () => {
    const fake = new FakeEventStoreDbClient();
    let attempts = 0;
    const store = new EventStoreDbEventStore({ client: fake.asClient(), resubscribe: { initialDelayMs: 5, onConnectionError: () => (attempts += 1) } });
    const subscription = store.subscribeToAll(() => undefined);
    fake.goAway();
    await until(() => attempts >= 2);
    await subscription.unsubscribe();
    const after = fake.subscribeCalls;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.subscribeCalls).toBe(after);
    await store.close();
  });
});
