import { type AppendedEvents, CatchUpSubscription } from './catch-up-subscription';
import type { RecordedEvent } from './event-store.port';

/** A log the test appends to by hand; reads are counted. */
class Log {
  readonly events: RecordedEvent[] = [];
  reads = 0;
  built = 0;

  readAfter = async (afterPosition: number, limit: number): Promise<RecordedEvent[]> => {
    this.reads += 1;
    return this.events.filter((event) => event.position > afterPosition).slice(0, limit);
  };

  /** Appends `count` events to `streamId` and returns them as a store would offer them. */
  append(streamId: string, count: number): AppendedEvents {
    const afterPosition = this.events.length;
    const added = Array.from({ length: count }, (_, index) => recorded(streamId, afterPosition + index + 1));
    this.events.push(...added);
    return {
      afterPosition,
      positions: added.map((event) => event.position),
      streamIds: added.map((event) => event.streamId),
      event: (index) => {
        this.built += 1;
        return structuredClone(added[index] as RecordedEvent);
      },
    };
  }
}

function recorded(streamId: string, position: number): RecordedEvent {
  return {
    id: `id-${position}`,
    streamId,
    revision: position,
    position,
    type: 'Happened',
    data: { position },
    metadata: { commandId: `c${position}`, actor: 'a', correlationId: 'r', causationId: 'c', occurredAt: '2026-01-01T00:00:00.000Z' },
    recordedAt: '2026-01-01T00:00:00.000Z',
  };
}

async function settle(): Promise<void> {
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
}

describe('CatchUpSubscription offered events', () => {
  const started: CatchUpSubscription[] = [];

  function subscribe(log: Log, delivered: RecordedEvent[], options: { streamPrefix?: string; pageSize?: number } = {}): CatchUpSubscription {
    const subscription = new CatchUpSubscription(log.readAfter, (event) => {
      delivered.push(event);
    }, options);
    started.push(subscription);
    return subscription;
  }

  afterEach(async () => {
    await Promise.all(started.splice(0).map((subscription) => subscription.unsubscribe()));
  });

  it('delivers offered events that follow its position without reading the log', async () => {
    const log = new Log();
    log.append('s-1', 2);
    const delivered: RecordedEvent[] = [];
    const subscription = subscribe(log, delivered);
    await settle();
    const readsAfterCatchUp = log.reads;

    subscription.offer(log.append('s-1', 3));
    subscription.offer(log.append('s-2', 1));
    await settle();

    expect(delivered).toEqual(log.events);
    expect(log.reads).toBe(readsAfterCatchUp);
  });

  it('reads the log instead when something is missing before the offered events', async () => {
    const log = new Log();
    const delivered: RecordedEvent[] = [];
    const subscription = subscribe(log, delivered);
    await settle();

    log.append('other-connection', 2);
    subscription.offer(log.append('s-1', 2));
    await settle();

    expect(delivered.map((event) => event.position)).toEqual([1, 2, 3, 4]);
    expect(log.reads).toBeGreaterThan(1);
  });

  it('delivers once the events it has already read when they are offered too', async () => {
    const log = new Log();
    const delivered: RecordedEvent[] = [];
    const subscription = subscribe(log, delivered);
    const first = log.append('s-1', 2);
    const second = log.append('s-1', 2);
    subscription.notify();
    await settle();

    subscription.offer(first);
    subscription.offer(second);
    subscription.offer(log.append('s-1', 1));
    await settle();

    expect(delivered.map((event) => event.position)).toEqual([1, 2, 3, 4, 5]);
  });

  it('builds only the offered events of the streams it wants', async () => {
    const log = new Log();
    const delivered: RecordedEvent[] = [];
    const subscription = subscribe(log, delivered, { streamPrefix: 'game-' });
    await settle();

    subscription.offer(log.append('identity-1', 3));
    subscription.offer(log.append('game-1', 2));
    await settle();

    expect(delivered.map((event) => event.position)).toEqual([4, 5]);
    expect(log.built).toBe(2);
  });

  it('reads rather than keeps more than a page of offered events while its handler is busy, and loses none', async () => {
    const log = new Log();
    const delivered: RecordedEvent[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const subscription = new CatchUpSubscription(
      log.readAfter,
      async (event) => {
        if (event.position === 1) await gate;
        delivered.push(event);
      },
      { pageSize: 4 },
    );
    started.push(subscription);
    await settle();

    subscription.offer(log.append('s-1', 1));
    await settle();
    for (let index = 0; index < 5; index++) subscription.offer(log.append('s-1', 2));
    release();
    await settle();

    expect(delivered.map((event) => event.position)).toEqual(Array.from({ length: 11 }, (_, index) => index + 1));
  });

  it('ignores offers once unsubscribed', async () => {
    const log = new Log();
    const delivered: RecordedEvent[] = [];
    const subscription = subscribe(log, delivered);
    await settle();
    await subscription.unsubscribe();

    subscription.offer(log.append('s-1', 1));
    await settle();

    expect(delivered).toEqual([]);
  });
});
