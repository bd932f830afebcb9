import {
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from '../event-store.port';

export interface EventStoreContractSubject {
  readonly store: EventStore;
  /** Runs after the suite has closed the store (e.g. to delete a temporary file). */
  readonly cleanup?: () => Promise<void>;
}

export interface EventStoreContractOptions {
  /** How long to wait for a subscription to receive events that should arrive. */
  readonly deliveryTimeoutMs?: number;
  /** How long to wait before concluding that events that should not arrive did not (cover poll intervals). */
  readonly quietPeriodMs?: number;
}

/**
 * The behaviour every EventStore adapter must show. Each test gets a fresh store from `factory` and
 * uses stream ids unique to this run and test, and only looks at the global log after a position it
 * recorded at its start (or at its own streams), so it also runs against a shared server that already
 * holds data or is being written to by others.
 */
export function describeEventStoreContract(
  name: string,
  factory: () => Promise<EventStoreContractSubject>,
  options: EventStoreContractOptions = {},
): void {
  const deliveryTimeoutMs = options.deliveryTimeoutMs ?? 4_000;
  const quietPeriodMs = options.quietPeriodMs ?? 300;
  const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  let testNumber = 0;

  describe(`EventStore contract: ${name}`, () => {
    let subject: EventStoreContractSubject;
    let store: EventStore;
    /** Streams of the current test all start with this. */
    let prefix: string;

    beforeEach(async () => {
      testNumber += 1;
      prefix = `contract-${runId}-${testNumber}-`;
      subject = await factory();
      store = subject.store;
    });

    afterEach(async () => {
      await store.close();
      await subject.cleanup?.();
    });

    /** The current end of the global log, taken by appending to a stream outside the test's prefix. */
    async function headPosition(): Promise<number> {
      const result = await store.appendToStream(`contract-marker-${runId}-${testNumber}-${Math.random()}`, [newEvent('Marker')], 'no-stream');
      return result.position;
    }

    async function ownEventsAfter(position: number): Promise<RecordedEvent[]> {
      return (await store.readAll({ afterPosition: position })).filter((event) => event.streamId.startsWith(prefix));
    }

    describe('appendToStream', () => {
      it('creates a stream with no-stream and reports its new revision and position', async () => {
        const streamId = `${prefix}game`;
        const result = await store.appendToStream(streamId, newEvents(3, 'Created'), 'no-stream');

        expect(result.nextExpectedRevision).toBe(2);
        const read = await store.readStream(streamId);
        expect(read.map((event) => event.revision)).toEqual([0, 1, 2]);
        expect(read.map((event) => event.streamId)).toEqual([streamId, streamId, streamId]);
        expect(result.position).toBe(read[2]?.position);
        expect(await store.streamRevision(streamId)).toBe(2);
      });

      it('rejects no-stream on an existing stream, reporting the actual revision', async () => {
        const streamId = `${prefix}game`;
        await store.appendToStream(streamId, newEvents(2), 'no-stream');

        await expectWrongRevision(store.appendToStream(streamId, newEvents(1), 'no-stream'), streamId, 'no-stream', 1);
      });

      it('accepts the exact current revision and rejects any other', async () => {
        const streamId = `${prefix}game`;
        await store.appendToStream(streamId, newEvents(2), 'no-stream');

        const result = await store.appendToStream(streamId, newEvents(1), 1);
        expect(result.nextExpectedRevision).toBe(2);
        await expectWrongRevision(store.appendToStream(streamId, newEvents(1), 1), streamId, 1, 2);
        await expectWrongRevision(store.appendToStream(streamId, newEvents(1), 0), streamId, 0, 2);
        await expectWrongRevision(store.appendToStream(streamId, newEvents(1), 7), streamId, 7, 2);
        expect(await store.streamRevision(streamId)).toBe(2);
      });

      it('rejects a numeric revision on a missing stream, reporting no stream', async () => {
        const streamId = `${prefix}missing`;

        await expectWrongRevision(store.appendToStream(streamId, newEvents(1), 0), streamId, 0, undefined);
        expect(await store.streamRevision(streamId)).toBeUndefined();
      });

      it("appends with 'any' whether or not the stream exists", async () => {
        const streamId = `${prefix}game`;

        expect((await store.appendToStream(streamId, newEvents(2), 'any')).nextExpectedRevision).toBe(1);
        expect((await store.appendToStream(streamId, newEvents(1), 'any')).nextExpectedRevision).toBe(2);
        expect((await store.readStream(streamId)).map((event) => event.revision)).toEqual([0, 1, 2]);
      });

      it("rejects 'stream-exists' on a missing stream and accepts it on an existing one", async () => {
        const streamId = `${prefix}game`;

        await expectWrongRevision(store.appendToStream(streamId, newEvents(1), 'stream-exists'), streamId, 'stream-exists', undefined);
        expect(await store.streamRevision(streamId)).toBeUndefined();
        await store.appendToStream(streamId, newEvents(1), 'no-stream');
        expect((await store.appendToStream(streamId, newEvents(2), 'stream-exists')).nextExpectedRevision).toBe(2);
      });

      it('only checks the revision when appending no events', async () => {
        const streamId = `${prefix}game`;

        expect((await store.appendToStream(streamId, [], 'no-stream')).nextExpectedRevision).toBe(-1);
        expect(await store.streamRevision(streamId)).toBeUndefined();
        await expectWrongRevision(store.appendToStream(streamId, [], 'stream-exists'), streamId, 'stream-exists', undefined);

        const written = await store.appendToStream(streamId, newEvents(2), 'no-stream');
        expect(await store.appendToStream(streamId, [], 1)).toEqual(written);
        await expectWrongRevision(store.appendToStream(streamId, [], 0), streamId, 0, 1);
        expect(await store.streamRevision(streamId)).toBe(1);
      });

      it('lets exactly one of concurrent appends with the same expected revision win', async () => {
        const streamId = `${prefix}game`;
        await store.appendToStream(streamId, newEvents(1), 'no-stream');

        const results = await Promise.allSettled(
          Array.from({ length: 10 }, (_, writer) =>
            store.appendToStream(streamId, [newEvent('Moved', { writer }), newEvent('Moved', { writer })], 0),
          ),
        );

        const winners = results.flatMap((result, writer) => (result.status === 'fulfilled' ? [writer] : []));
        expect(winners).toHaveLength(1);
        for (const result of results) {
          if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(WrongExpectedRevisionError);
        }
        const read = await store.readStream(streamId);
        expect(read.map((event) => event.revision)).toEqual([0, 1, 2]);
        expect(read.slice(1).map((event) => event.data)).toEqual([{ writer: winners[0] }, { writer: winners[0] }]);
      });

      it('lets exactly one of concurrent no-stream appends create the stream', async () => {
        const streamId = `${prefix}game`;

        const results = await Promise.allSettled(
          Array.from({ length: 10 }, (_, writer) => store.appendToStream(streamId, [newEvent('Created', { writer })], 'no-stream')),
        );

        expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
        expect(await store.readStream(streamId)).toHaveLength(1);
      });

      it('writes nothing when an append fails its revision check', async () => {
        const streamId = `${prefix}game`;
        await store.appendToStream(streamId, newEvents(2), 'no-stream');
        const head = await headPosition();

        await expect(store.appendToStream(streamId, newEvents(3), 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);

        expect(await store.readStream(streamId)).toHaveLength(2);
        expect(await ownEventsAfter(head)).toEqual([]);
      });

      it('writes none of the events of an append when one cannot be stored', async () => {
        const streamId = `${prefix}game`;
        const head = await headPosition();

        const unserialisable = newEvent('Broken', { amount: BigInt(1) });
        await expect(store.appendToStream(streamId, [newEvent('Fine'), unserialisable], 'no-stream')).rejects.toThrow();

        expect(await store.readStream(streamId)).toEqual([]);
        expect(await store.streamRevision(streamId)).toBeUndefined();
        expect(await ownEventsAfter(head)).toEqual([]);
      });
    });

    describe('ordering', () => {
      it('numbers revisions from 0 and orders positions within and across streams in append order', async () => {
        const a = `${prefix}a`;
        const b = `${prefix}b`;
        const head = await headPosition();

        const appends = [
          await store.appendToStream(a, newEvents(3), 'no-stream'),
          await store.appendToStream(b, newEvents(2), 'no-stream'),
          await store.appendToStream(a, newEvents(2), 2),
          await store.appendToStream(b, newEvents(1), 1),
        ];

        const all = await ownEventsAfter(head);
        expect(all.map((event) => `${event.streamId.slice(prefix.length)}@${event.revision}`)).toEqual([
          'a@0', 'a@1', 'a@2', 'b@0', 'b@1', 'a@3', 'a@4', 'b@2',
        ]);
        expectStrictlyIncreasing(all.map((event) => event.position));
        expect(all[0]?.position).toBeGreaterThan(head);
        expect(appends.map((result) => result.position)).toEqual([all[2], all[4], all[6], all[7]].map((event) => event?.position));
        expect(appends.map((result) => result.nextExpectedRevision)).toEqual([2, 1, 4, 2]);

        const streamA = await store.readStream(a);
        expect(streamA.map((event) => event.revision)).toEqual([0, 1, 2, 3, 4]);
        expectStrictlyIncreasing(streamA.map((event) => event.position));
        expect(streamA).toEqual(all.filter((event) => event.streamId === a));
      });
    });

    describe('readStream', () => {
      it('reads forwards from a revision, with and without maxCount', async () => {
        const streamId = `${prefix}game`;
        await store.appendToStream(streamId, newEvents(10), 'no-stream');

        expect(revisions(await store.readStream(streamId, { fromRevision: 4 }))).toEqual([4, 5, 6, 7, 8, 9]);
        expect(revisions(await store.readStream(streamId, { fromRevision: 4, maxCount: 3 }))).toEqual([4, 5, 6]);
        expect(revisions(await store.readStream(streamId, { maxCount: 3 }))).toEqual([0, 1, 2]);
        expect(revisions(await store.readStream(streamId, { direction: 'forwards', fromRevision: 9 }))).toEqual([9]);
        expect(await store.readStream(streamId, { fromRevision: 10 })).toEqual([]);
      });

      it('reads backwards from the end and from a revision, with and without maxCount', async () => {
        const streamId = `${prefix}game`;
        await store.appendToStream(streamId, newEvents(10), 'no-stream');

        expect(revisions(await store.readStream(streamId, { direction: 'backwards' }))).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
        expect(revisions(await store.readStream(streamId, { direction: 'backwards', maxCount: 3 }))).toEqual([9, 8, 7]);
        expect(revisions(await store.readStream(streamId, { direction: 'backwards', fromRevision: 4 }))).toEqual([4, 3, 2, 1, 0]);
        expect(revisions(await store.readStream(streamId, { direction: 'backwards', fromRevision: 4, maxCount: 2 }))).toEqual([4, 3]);
        expect(revisions(await store.readStream(streamId, { direction: 'backwards', fromRevision: 0 }))).toEqual([0]);
      });

      it('reads the same events in both directions', async () => {
        const streamId = `${prefix}game`;
        await store.appendToStream(streamId, newEvents(5), 'no-stream');

        const forwards = await store.readStream(streamId);
        const backwards = await store.readStream(streamId, { direction: 'backwards' });
        expect(backwards).toEqual([...forwards].reverse());
      });

      it('reads an unknown stream as empty', async () => {
        const streamId = `${prefix}never-written`;

        expect(await store.readStream(streamId)).toEqual([]);
        expect(await store.readStream(streamId, { direction: 'backwards' })).toEqual([]);
        expect(await store.readStream(streamId, { fromRevision: 3, maxCount: 2 })).toEqual([]);
        expect(await store.streamRevision(streamId)).toBeUndefined();
      });
    });

    describe('readAll', () => {
      it('reads strictly after a position, in order, and pages with maxCount', async () => {
        const head = await headPosition();
        await store.appendToStream(`${prefix}a`, newEvents(3), 'no-stream');
        await store.appendToStream(`${prefix}b`, newEvents(2), 'no-stream');

        const all = await store.readAll({ afterPosition: head });
        expect(all.every((event) => event.position > head)).toBe(true);
        expectStrictlyIncreasing(all.map((event) => event.position));
        const own = all.filter((event) => event.streamId.startsWith(prefix));
        expect(own).toEqual([...(await store.readStream(`${prefix}a`)), ...(await store.readStream(`${prefix}b`))]);

        const firstPage = await store.readAll({ afterPosition: head, maxCount: 2 });
        expect(ids(firstPage)).toEqual(ids(all.slice(0, 2)));
        const secondPage = await store.readAll({ afterPosition: firstPage[1]?.position ?? Number.NaN, maxCount: 2 });
        expect(ids(secondPage)).toEqual(ids(all.slice(2, 4)));
      });

      it('reads nothing after the last position', async () => {
        await store.appendToStream(`${prefix}a`, newEvents(2), 'no-stream');
        const own = await ownEventsAfter(await headPosition());

        expect(own).toEqual([]);
      });
    });

    describe('round trips', () => {
      it('returns metadata exactly as appended, extra keys included', async () => {
        const streamId = `${prefix}game`;
        const metadata: EventMetadata = {
          commandId: 'cmd-7f3a',
          actor: 'bot:2',
          correlationId: 'corr-1',
          causationId: 'cause-1',
          occurredAt: '2024-02-29T23:59:59.999Z',
          tenant: 'club-7',
          attempt: 3,
          replay: false,
          tags: ['league', 'final'],
          origin: { host: 'table-4', seat: null },
        };
        const head = await headPosition();
        await store.appendToStream(streamId, [{ type: 'SharesBought', data: {}, metadata }], 'no-stream');

        expect((await store.readStream(streamId))[0]?.metadata).toEqual(metadata);
        expect((await ownEventsAfter(head))[0]?.metadata).toEqual(metadata);
      });

      it('returns data with nested objects, arrays, numbers and unicode exactly as appended', async () => {
        const streamId = `${prefix}game`;
        let deep: unknown = { bottom: true };
        for (let level = 0; level < 20; level++) deep = { level, next: deep, list: [level, [level]] };
        const data = {
          text: 'Ünïcödé — 株式市場 📈🎲 עברית e\u0301 "quoted" \\ back\\slash \n new\tline',
          numbers: [0, -1.5, 1e21, Number.MAX_SAFE_INTEGER, 3.14159],
          flags: [true, false, null],
          empty: { object: {}, array: [], string: '' },
          players: [
            { id: 'p1', cash: 5000, holdings: { GOLD: 200, OIL: 0 } },
            { id: 'p2', cash: 0, holdings: {} },
          ],
          deep,
          long: 'x'.repeat(10_000),
        };
        await store.appendToStream(streamId, [newEvent('StockTicker.GameStarted:v2', data)], 'no-stream');

        const [read] = await store.readStream(streamId);
        expect(read?.type).toBe('StockTicker.GameStarted:v2');
        expect(read?.data).toEqual(data);
      });

      it('gives every event a unique id and an ISO-8601 recordedAt', async () => {
        const streamId = `${prefix}game`;
        await store.appendToStream(streamId, newEvents(20), 'no-stream');
        await store.appendToStream(streamId, newEvents(20), 19);
        await store.appendToStream(`${prefix}other`, newEvents(20), 'no-stream');

        const events = [...(await store.readStream(streamId)), ...(await store.readStream(`${prefix}other`))];
        expect(new Set(ids(events)).size).toBe(60);
        for (const event of events) {
          expect(typeof event.id).toBe('string');
          expect(event.id.length).toBeGreaterThan(0);
          expect(new Date(event.recordedAt).toISOString()).toBe(event.recordedAt);
        }
      });
    });

    describe('subscribeToAll', () => {
      it('catches up on stored events, then delivers live appends in order without gaps or duplicates', async () => {
        const head = await headPosition();
        await store.appendToStream(`${prefix}a`, newEvents(3), 'no-stream');
        await store.appendToStream(`${prefix}b`, newEvents(2), 'no-stream');
        const delivered: RecordedEvent[] = [];
        const subscription = store.subscribeToAll(collectInto(delivered), { afterPosition: head });

        try {
          await waitFor(() => own(delivered).length === 5, 'the stored events');
          await store.appendToStream(`${prefix}a`, newEvents(2), 2);
          await store.appendToStream(`${prefix}c`, newEvents(1), 'no-stream');
          await waitFor(() => own(delivered).length === 8, 'the live events');
          await sleep(quietPeriodMs);
        } finally {
          await subscription.unsubscribe();
        }

        expect(ids(own(delivered))).toEqual(ids(await ownEventsAfter(head)));
        expectStrictlyIncreasing(delivered.map((event) => event.position));
        expect(delivered.every((event) => event.position > head)).toBe(true);
      });

      it('starts strictly after afterPosition', async () => {
        const streamId = `${prefix}game`;
        const appends = [];
        for (let revision = 0; revision < 4; revision++) {
          appends.push(await store.appendToStream(streamId, newEvents(1), revision === 0 ? 'no-stream' : revision - 1));
        }
        const delivered: RecordedEvent[] = [];
        const subscription = store.subscribeToAll(collectInto(delivered), {
          afterPosition: appends[1]?.position ?? Number.NaN,
          streamPrefix: prefix,
        });

        try {
          await waitFor(() => delivered.length >= 2, 'the events after the position');
          await sleep(quietPeriodMs);
        } finally {
          await subscription.unsubscribe();
        }

        expect(revisions(delivered)).toEqual([2, 3]);
      });

      it('delivers only events of streams with the given prefix', async () => {
        const tickers = `${prefix}ticker-`;
        const head = await headPosition();
        await store.appendToStream(`${tickers}1`, newEvents(2), 'no-stream');
        await store.appendToStream(`${prefix}other-1`, newEvents(2), 'no-stream');
        await store.appendToStream(`${prefix}ticker`, newEvents(1), 'no-stream');
        const delivered: RecordedEvent[] = [];
        const subscription = store.subscribeToAll(collectInto(delivered), {
          afterPosition: head,
          streamPrefix: tickers,
        });

        try {
          await waitFor(() => delivered.length >= 2, 'the stored ticker events');
          await store.appendToStream(`${prefix}other-1`, newEvents(1), 1);
          await store.appendToStream(`${tickers}2`, newEvents(1), 'no-stream');
          await store.appendToStream(`${tickers}1`, newEvents(1), 1);
          await waitFor(() => delivered.length >= 4, 'the live ticker events');
          await sleep(quietPeriodMs);
        } finally {
          await subscription.unsubscribe();
        }

        const expected = (await ownEventsAfter(head)).filter((event) => event.streamId.startsWith(tickers));
        expect(expected).toHaveLength(4);
        expect(ids(delivered)).toEqual(ids(expected));
      });

      it('stops delivering once unsubscribed', async () => {
        const streamId = `${prefix}game`;
        const head = await headPosition();
        const delivered: RecordedEvent[] = [];
        const subscription = store.subscribeToAll(collectInto(delivered), {
          afterPosition: head,
          streamPrefix: prefix,
        });

        await store.appendToStream(streamId, newEvents(1), 'no-stream');
        await waitFor(() => delivered.length === 1, 'the first event');
        await subscription.unsubscribe();
        await store.appendToStream(streamId, newEvents(2), 0);
        await sleep(quietPeriodMs);

        expect(delivered).toHaveLength(1);
      });

      it('awaits an async handler before delivering the next event', async () => {
        const streamId = `${prefix}game`;
        const head = await headPosition();
        await store.appendToStream(streamId, newEvents(3), 'no-stream');
        const delivered: RecordedEvent[] = [];
        let running = 0;
        let maxRunning = 0;
        const subscription = store.subscribeToAll(
          async (event) => {
            running += 1;
            maxRunning = Math.max(maxRunning, running);
            await sleep(15);
            delivered.push(event);
            running -= 1;
          },
          { afterPosition: head, streamPrefix: prefix },
        );

        try {
          await store.appendToStream(streamId, newEvents(2), 2);
          await store.appendToStream(streamId, newEvents(2), 4);
          await waitFor(() => delivered.length === 7, 'all events');
        } finally {
          await subscription.unsubscribe();
        }

        expect(maxRunning).toBe(1);
        expect(revisions(delivered)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      });

      it('calls onError and stops when the handler throws', async () => {
        const streamId = `${prefix}game`;
        const head = await headPosition();
        await store.appendToStream(streamId, newEvents(3), 'no-stream');
        const failure = new Error('projection failed');
        const seen: number[] = [];
        const errors: unknown[] = [];
        const subscription = store.subscribeToAll(
          (event) => {
            seen.push(event.revision);
            if (event.revision === 1) throw failure;
          },
          { afterPosition: head, streamPrefix: prefix, onError: (error) => errors.push(error) },
        );

        try {
          await waitFor(() => errors.length > 0, 'onError');
          await store.appendToStream(streamId, newEvents(1), 2);
          await sleep(quietPeriodMs);
        } finally {
          await subscription.unsubscribe();
        }

        expect(errors).toEqual([failure]);
        expect(seen).toEqual([0, 1]);
      });

      it('delivers events appended while it is catching up exactly once, in order', async () => {
        const streamId = `${prefix}game`;
        const head = await headPosition();
        for (let batch = 0; batch < 3; batch++) {
          await store.appendToStream(streamId, newEvents(400), batch === 0 ? 'no-stream' : batch * 400 - 1);
        }
        const delivered: RecordedEvent[] = [];
        let appendsDuringCatchUp: Promise<unknown> | undefined;
        const subscription = store.subscribeToAll(
          (event) => {
            delivered.push(event);
            // Append while the subscription is still far behind, without waiting for it here.
            if (delivered.length === 1) {
              appendsDuringCatchUp = (async () => {
                await store.appendToStream(`${prefix}late`, newEvents(5), 'no-stream');
                await store.appendToStream(streamId, newEvents(5), 1199);
              })();
            }
          },
          { afterPosition: head, streamPrefix: prefix },
        );

        try {
          await waitFor(() => delivered.length >= 1210, 'all events', 15_000);
          await appendsDuringCatchUp;
          await sleep(quietPeriodMs);
        } finally {
          await subscription.unsubscribe();
        }

        expect(delivered).toHaveLength(1210);
        expect(ids(delivered)).toEqual(ids(await ownEventsAfter(head)));
        expectStrictlyIncreasing(delivered.map((event) => event.position));
      }, 30_000);
    });

    describe('volume', () => {
      it('appends 5,000 events in one append and reads them back', async () => {
        const streamId = `${prefix}big`;
        const events = Array.from({ length: 5_000 }, (_, index) => newEvent('PriceMoved', { index, stock: 'GOLD', delta: (index % 7) - 3 }));

        const result = await store.appendToStream(streamId, events, 'no-stream');

        expect(result.nextExpectedRevision).toBe(4_999);
        const read = await store.readStream(streamId);
        expect(read).toHaveLength(5_000);
        expect(read.every((event, index) => event.revision === index && (event.data as { index: number }).index === index)).toBe(true);
        expectStrictlyIncreasing(read.map((event) => event.position));
        expect(read[4_999]?.position).toBe(result.position);
      }, 30_000);

      it('handles many small appends in sequence', async () => {
        const streamId = `${prefix}busy`;
        let expected: ExpectedRevision = 'no-stream';
        for (let index = 0; index < 300; index++) {
          const result = await store.appendToStream(streamId, [newEvent('Tick', { index })], expected);
          expected = result.nextExpectedRevision;
        }

        const read = await store.readStream(streamId);
        expect(revisions(read)).toEqual(Array.from({ length: 300 }, (_, index) => index));
        expect(read.map((event) => (event.data as { index: number }).index)).toEqual(revisions(read));
        expect(await store.streamRevision(streamId)).toBe(299);
      }, 30_000);
    });

    function own(events: readonly RecordedEvent[]): RecordedEvent[] {
      return events.filter((event) => event.streamId.startsWith(prefix));
    }

    async function waitFor(condition: () => boolean, what: string, timeoutMs = deliveryTimeoutMs): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!condition()) {
        if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
        await sleep(10);
      }
    }
  });
}

function newEvent(type: string, data: unknown = {}): NewEvent {
  return { type, data, metadata: newMetadata() };
}

function newEvents(count: number, type = 'Happened'): NewEvent[] {
  return Array.from({ length: count }, (_, index) => newEvent(type, { index }));
}

let metadataCounter = 0;
function newMetadata(): EventMetadata {
  metadataCounter += 1;
  return {
    commandId: `command-${metadataCounter}`,
    actor: 'player-1',
    correlationId: `correlation-${metadataCounter}`,
    causationId: `command-${metadataCounter}`,
    occurredAt: new Date().toISOString(),
  };
}

async function expectWrongRevision(
  append: Promise<unknown>,
  streamId: string,
  expected: ExpectedRevision,
  actual: number | undefined,
): Promise<void> {
  const error = await append.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  expect(error).toMatchObject({ streamId, expected, actual });
}

function expectStrictlyIncreasing(values: readonly number[]): void {
  const outOfOrder = values.flatMap((value, index) => (index > 0 && value <= (values[index - 1] as number) ? [index] : []));
  expect(outOfOrder).toEqual([]);
}

function collectInto(delivered: RecordedEvent[]): (event: RecordedEvent) => void {
  return (event) => {
    delivered.push(event);
  };
}

function revisions(events: readonly RecordedEvent[]): number[] {
  return events.map((event) => event.revision);
}

function ids(events: readonly RecordedEvent[]): string[] {
  return events.map((event) => event.id);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
