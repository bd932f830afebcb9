import type { NewEvent } from '@corbeille/event-store';
import { describeEventStoreContract } from '@corbeille/event-store/testing';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { FakeEventStoreDbClient } from './testing/fake-eventstoredb-client';

// Nothing listens on port 1: these checks must fail before the client ever talks to a server.
const unreachable = 'esdb://127.0.0.1:1?tls=false';

function event(data: unknown): NewEvent {
  return {
    type: 'Happened',
    data,
    metadata: { commandId: 'c', actor: 'p1', correlationId: 'r', causationId: 'c', occurredAt: new Date().toISOString() },
  };
}

describe('EventStoreDbEventStore without a server', () => {
  let store: EventStoreDbEventStore;

  beforeEach(() => {
    store = EventStoreDbEventStore.fromConnectionString(unreachable);
  });

  afterEach(async () => {
    await store.close();
  });

  it('rejects an append with data JSON cannot represent instead of hanging in the client', async () => {
    await expect(store.appendToStream('game-1', [event({}), event({ amount: BigInt(1) })], 'any')).rejects.toThrow(TypeError);
    await expect(store.appendToStream('game-1', [event(undefined)], 'any')).rejects.toThrow('not JSON-serialisable');
  });

  it('rejects an expected revision that is not a non-negative integer', async () => {
    await expect(store.appendToStream('game-1', [event({})], -1)).rejects.toThrow(RangeError);
  });
});

describeEventStoreContract('eventstoredb adapter on a fake client', async () => ({
  store: new EventStoreDbEventStore({ client: new FakeEventStoreDbClient().asClient() }),
}));
