import { InMemoryEventStore } from './in-memory-event-store';
import { describeEventStoreContract } from './testing';

describeEventStoreContract('in-memory', async () => ({ store: new InMemoryEventStore() }));

describe('InMemoryEventStore', () => {
  it('numbers the global log 1, 2, 3, ...', async () => {
    const store = new InMemoryEventStore();
    const metadata = { commandId: 'c', actor: 'a', correlationId: 'c', causationId: 'c', occurredAt: new Date().toISOString() };
    await store.appendToStream('a', [{ type: 'T', data: {}, metadata }, { type: 'T', data: {}, metadata }], 'no-stream');
    await store.appendToStream('b', [{ type: 'T', data: {}, metadata }], 'no-stream');

    expect((await store.readAll()).map((event) => event.position)).toEqual([1, 2, 3]);
    await store.close();
  });

  it('hands out copies, so callers cannot change stored events', async () => {
    const store = new InMemoryEventStore();
    const data = { cash: 100 };
    const metadata = { commandId: 'c', actor: 'a', correlationId: 'c', causationId: 'c', occurredAt: new Date().toISOString() };
    await store.appendToStream('a', [{ type: 'T', data, metadata }], 'no-stream');
    data.cash = 0;
    const [first] = await store.readStream('a');
    (first?.data as { cash: number }).cash = -1;

    expect((await store.readStream('a'))[0]?.data).toEqual({ cash: 100 });
    await store.close();
  });

  it('refuses to be used once closed', async () => {
    const store = new InMemoryEventStore();
    await store.close();

    await expect(store.readStream('a')).rejects.toThrow('closed');
  });
});
