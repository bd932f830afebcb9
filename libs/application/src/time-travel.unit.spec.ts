import { InMemoryEventStore, type EventMetadata } from '@corbeille/event-store';
import { fold, type Decider } from '@corbeille/kernel';
import { foldAt, InMemorySnapshotHistory, type HistorySnapshot, type SnapshotHistory, type StreamPoint } from './time-travel';

type State = { sum: number; count: number };
type Event = { type: 'Added'; data: { amount: number } };

const adder: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'> = {
  initialState: () => ({ sum: 0, count: 0 }),
  evolve: (state, event) => ({ sum: state.sum + event.data.amount, count: state.count + 1 }),
};

const metadata: EventMetadata = { commandId: 'c', actor: 'x', correlationId: 'c', causationId: 'c', occurredAt: '2026-01-01T00:00:00.000Z' };
const added = (amount: number) => ({ type: 'Added', data: { amount }, metadata });

/** A stream of `length` events interleaved with another stream, so its positions are not its revisions. */
async function storeWith(length: number): Promise<InMemoryEventStore> {
  const store = new InMemoryEventStore();
  for (let revision = 0; revision < length; revision++) {
    await store.appendToStream('s', [added(revision + 1)], revision === 0 ? 'no-stream' : revision - 1);
    await store.appendToStream('other', [added(1000)], 'any');
  }
  return store;
}

const expected = (upTo: number): State => fold(adder, Array.from({ length: upTo + 1 }, (_, i) => ({ type: 'Added' as const, data: { amount: i + 1 } })));

describe('foldAt', () => {
  it('folds up to a revision or a position, with or without snapshots, to the same state as a full fold', async () => {
    const store = await storeWith(50);
    const events = await store.readStream('s');
    const snapshots = new InMemorySnapshotHistory();
    // Build the snapshots by travelling once to the end.
    await foldAt(adder, store, 's', { revision: 49 }, { snapshots, snapshotEvery: 8 });
    expect(snapshots.count('s')).toBe(6);

    for (const revision of [0, 1, 6, 7, 8, 15, 16, 30, 48, 49]) {
      const at = events[revision];
      const points: StreamPoint[] = [{ revision }, { position: at?.position ?? 0 }, { position: (at?.position ?? 0) + 1 }];
      for (const point of points) {
        const plain = await foldAt(adder, store, 's', point);
        const fast = await foldAt(adder, store, 's', point, { snapshots, pageSize: 3 });
        expect(plain.state).toEqual(expected(revision));
        expect(fast.state).toEqual(expected(revision));
        expect(fast.last).toEqual(at);
        expect(plain.last).toEqual(at);
        expect(fast.folded).toBeLessThan(8);
      }
    }
  });

  it('starts from the initial state before the first event, and stops at the end of the stream', async () => {
    const store = await storeWith(5);
    const first = (await store.readStream('s'))[0];
    expect(await foldAt(adder, store, 's', { revision: -1 })).toEqual({ state: { sum: 0, count: 0 }, last: undefined, fromSnapshot: undefined, folded: 0 });
    expect((await foldAt(adder, store, 's', { position: (first?.position ?? 1) - 1 })).last).toBeUndefined();
    expect((await foldAt(adder, store, 's', { revision: 1_000 })).state).toEqual(expected(4));
    expect((await foldAt(adder, store, 'missing', { revision: 3 })).last).toBeUndefined();
  });

  it('saves the snapshots it passes, and starts the next fold from the nearest one', async () => {
    const store = await storeWith(30);
    const saved: HistorySnapshot[] = [];
    const history = new InMemorySnapshotHistory();
    const recording: SnapshotHistory = {
      latestAtOrBefore: (streamId, point) => history.latestAtOrBefore(streamId, point),
      save: async (streamId, snapshot) => {
        saved.push(snapshot);
        await history.save(streamId, snapshot);
      },
    };
    await foldAt(adder, store, 's', { revision: 21 }, { snapshots: recording, snapshotEvery: 10 });
    expect(saved.map((snapshot) => snapshot.revision)).toEqual([9, 19]);
    const again = await foldAt(adder, store, 's', { revision: 25 }, { snapshots: recording, snapshotEvery: 10 });
    expect(again).toMatchObject({ fromSnapshot: 19, folded: 6, state: expected(25) });
    const exact = await foldAt(adder, store, 's', { revision: 19 }, { snapshots: recording });
    expect(exact).toMatchObject({ fromSnapshot: 19, folded: 0, state: expected(19) });
    expect(exact.last?.revision).toBe(19);
  });
});
