import {
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  InMemoryEventStore,
  type NewEvent,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from '@corbeille/event-store';
import { describeEventStoreContract } from '@corbeille/event-store/testing';
import { chainHash, chainOf } from './chain';
import { HashChainedEventStore, withHashChain } from './hash-chained-event-store';
import { verifyStreamChain } from './verify-stream-chain';

describeEventStoreContract('hash-chained over in-memory', async () => ({ store: new HashChainedEventStore(new InMemoryEventStore()) }));
describeEventStoreContract('hash-chained over in-memory, without the head cache', async () => ({
  store: new HashChainedEventStore(new InMemoryEventStore(), { cachedStreams: 0 }),
}));

let counter = 0;
function metadata(extra: Record<string, unknown> = {}): EventMetadata {
  counter += 1;
  return { commandId: `c${counter}`, actor: 'ana', correlationId: `c${counter}`, causationId: `c${counter}`, occurredAt: '2026-04-01T10:00:00.000Z', ...extra };
}

function events(count: number, type = 'PriceChanged'): NewEvent[] {
  return Array.from({ length: count }, (_, index) => ({ type, data: { index, stock: 'GOLD' }, metadata: metadata() }));
}

/** Passes everything to an in-memory store, but lets a test slip in another writer's append just before one of its own. */
class InterleavingStore extends InMemoryEventStore {
  beforeNextAppend: (() => Promise<void>) | undefined;

  override async appendToStream(streamId: string, toAppend: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const before = this.beforeNextAppend;
    this.beforeNextAppend = undefined;
    if (before) await before();
    return super.appendToStream(streamId, toAppend, expected);
  }
}

describe('HashChainedEventStore', () => {
  let inner: InMemoryEventStore;
  let store: HashChainedEventStore;

  beforeEach(() => {
    inner = new InMemoryEventStore();
    store = new HashChainedEventStore(inner);
  });

  afterEach(() => store.close());

  it('links every event to its predecessor, across appends', async () => {
    await store.appendToStream('game-1', events(3), 'no-stream');
    await store.appendToStream('game-1', events(2), 2);

    const read = await inner.readStream('game-1');
    const links = read.map((event) => chainOf(event.metadata));
    expect(links[0]?.previous).toBeNull();
    for (let revision = 1; revision < read.length; revision++) expect(links[revision]?.previous).toBe(links[revision - 1]?.hash);
    for (const [revision, event] of read.entries()) {
      expect(event.metadata['chain']).toEqual({ algorithm: 'sha256', previous: links[revision]?.previous, hash: chainHash(event, links[revision]?.previous ?? null) });
    }
    expect(verifyStreamChain(read)).toEqual({
      ok: true,
      problems: [],
      eventsChecked: 5,
      head: { revision: 4, position: read[4]?.position, hash: links[4]?.hash },
      unchainedPrefix: 0,
    });
  });

  it('keeps the caller’s metadata and replaces a chain the caller supplies', async () => {
    const forged = { algorithm: 'sha256', previous: null, hash: '0'.repeat(64) };
    await store.appendToStream('game-1', [{ type: 'GameCreated', data: {}, metadata: metadata({ chain: forged, seat: 2 }) }], 'no-stream');

    const [event] = await store.readStreamWithChain('game-1');
    expect(event?.metadata).toMatchObject({ actor: 'ana', seat: 2 });
    expect(chainOf(event?.metadata)?.hash).not.toBe(forged.hash);
    expect(verifyStreamChain(await store.readStreamWithChain('game-1')).ok).toBe(true);
    const [read] = await store.readStream('game-1');
    expect(read?.metadata).toMatchObject({ actor: 'ana', seat: 2 });
    expect(read?.metadata).not.toHaveProperty('chain');
  });

  it('chains from the store, not the cache, when another writer appended in between', async () => {
    const other = new HashChainedEventStore(inner);
    await store.appendToStream('game-1', events(1), 'no-stream');
    await other.appendToStream('game-1', events(2), 0);
    await store.appendToStream('game-1', events(1), 2);
    await expect(store.appendToStream('game-1', events(1), 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await other.appendToStream('game-1', events(1), 3);
    await store.appendToStream('game-1', events(1), 4);

    expect(verifyStreamChain(await inner.readStream('game-1'))).toMatchObject({ ok: true, eventsChecked: 6 });
  });

  it("retries an 'any' append whose revision another writer took, and chains it after that writer's events", async () => {
    const racing = new InterleavingStore();
    const chained = new HashChainedEventStore(racing);
    const other = new HashChainedEventStore(racing);
    await chained.appendToStream('game-1', events(1), 'no-stream');
    racing.beforeNextAppend = async () => {
      await other.appendToStream('game-1', events(2), 0);
    };

    const result = await chained.appendToStream('game-1', events(1), 'any');

    expect(result.nextExpectedRevision).toBe(3);
    expect(verifyStreamChain(await racing.readStream('game-1'))).toMatchObject({ ok: true, eventsChecked: 4 });
    await chained.close();
  });

  it("gives up on 'any' after maxAttempts when it always loses, reporting the caller's expectation", async () => {
    const racing = new InterleavingStore();
    const chained = new HashChainedEventStore(racing, { maxAttempts: 3 });
    let intrusions = 0;
    const intrude = async (): Promise<void> => {
      intrusions += 1;
      await InMemoryEventStore.prototype.appendToStream.call(racing, 'game-1', events(1), 'any');
      if (intrusions < 5) racing.beforeNextAppend = intrude;
    };
    racing.beforeNextAppend = intrude;

    const failure = chained.appendToStream('game-1', events(1), 'any');

    await expect(failure).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', expected: 'any' });
    expect(intrusions).toBe(3);
    expect((await racing.readStream('game-1')).every((event) => chainOf(event.metadata) === undefined)).toBe(true);
    await chained.close();
  });

  it('fails a numeric expectation exactly as the inner store would, whether or not the stream exists', async () => {
    await expect(store.appendToStream('game-1', events(1), 0)).rejects.toMatchObject({ expected: 0, actual: undefined });
    await store.appendToStream('game-1', events(2), 'no-stream');
    await expect(store.appendToStream('game-1', events(1), 5)).rejects.toMatchObject({ expected: 5, actual: 1 });
    await expect(store.appendToStream('game-1', events(1), -1)).rejects.toMatchObject({ expected: -1, actual: 1 });
    await expect(store.appendToStream('game-1', events(1), 'stream-exists')).resolves.toEqual(expect.objectContaining({ nextExpectedRevision: 2 }));
  });

  it('starts a new chain after events written before the chain was on, and the verifier says which are unchained', async () => {
    await inner.appendToStream('game-1', events(2), 'no-stream');
    await store.appendToStream('game-1', events(2), 1);

    const read = await inner.readStream('game-1');
    expect(chainOf(read[2]?.metadata)?.previous).toBeNull();
    const verification = verifyStreamChain(read);
    expect(verification.problems.map((problem) => [problem.kind, problem.revision])).toEqual([
      ['unchained', 0],
      ['unchained', 1],
    ]);
    expect(verification.unchainedPrefix).toBe(2);
  });

  it('returns the events as recorded, over a store that cannot record them itself', async () => {
    const recorded = await store.appendToStreamRecorded('game-1', events(3), 'no-stream');

    expect(recorded.result.nextExpectedRevision).toBe(2);
    expect(recorded.events).toEqual(await store.readStream('game-1'));
    expect(recorded.events.every((event) => event.metadata['chain'] === undefined)).toBe(true);
    expect(verifyStreamChain(await store.readStreamWithChain('game-1')).ok).toBe(true);
    expect(await store.appendToStreamRecorded('game-1', [], 2)).toEqual({ result: recorded.result, events: [] });
  });

  it('wraps a store once', () => {
    expect(withHashChain(store)).toBe(store);
    expect(withHashChain(inner)).toBeInstanceOf(HashChainedEventStore);
  });
});

describe('verifyStreamChain', () => {
  async function chainedStream(count: number): Promise<RecordedEvent[]> {
    const store: EventStore = new HashChainedEventStore(new InMemoryEventStore());
    await store.appendToStream('game-1', events(count), 'no-stream');
    const read = await (store as HashChainedEventStore).readStreamWithChain('game-1');
    await store.close();
    return read;
  }

  const kinds = (events: readonly RecordedEvent[]) =>
    verifyStreamChain(events).problems.map((problem) => ({ kind: problem.kind, revision: problem.revision, position: problem.position }));

  it('accepts an empty stream', () => {
    expect(verifyStreamChain([])).toEqual({ ok: true, problems: [], eventsChecked: 0, head: undefined, unchainedPrefix: 0 });
  });

  it('reports changed data, type and metadata at the changed event only', async () => {
    const read = await chainedStream(5);
    const changed = read.map((event) =>
      event.revision === 1 ? { ...event, data: { index: 1, stock: 'OIL' } }
        : event.revision === 2 ? { ...event, type: 'DividendPaid' }
          : event.revision === 3 ? { ...event, metadata: { ...event.metadata, actor: 'ben' } }
            : event,
    );

    expect(kinds(changed)).toEqual([
      { kind: 'changed', revision: 1, position: read[1]?.position },
      { kind: 'changed', revision: 2, position: read[2]?.position },
      { kind: 'changed', revision: 3, position: read[3]?.position },
    ]);
  });

  it('reports a removed event as missing, at the event after the gap', async () => {
    const read = await chainedStream(5);

    expect(kinds(read.filter((event) => event.revision !== 2))).toEqual([{ kind: 'missing', revision: 2, position: read[3]?.position }]);
    expect(kinds(read.slice(2))).toEqual([{ kind: 'missing', revision: 0, position: read[2]?.position }]);
    expect(verifyStreamChain(read.filter((event) => event.revision < 1 || event.revision > 3)).problems[0]?.detail).toBe(
      `revisions 1 to 3 are missing between positions ${read[0]?.position} and ${read[4]?.position}`,
    );
  });

  it('reports events handed over out of order', async () => {
    const read = await chainedStream(4);
    const swapped = [read[0], read[2], read[1], read[3]] as RecordedEvent[];

    expect(verifyStreamChain(swapped).problems.map((problem) => problem.kind)).toContain('reordered');
    expect(verifyStreamChain(swapped).ok).toBe(false);
  });

  it('reports an event renumbered to another revision as reordered', async () => {
    const read = await chainedStream(4);
    const renumbered = [read[0], { ...read[2], revision: 1 }, { ...read[1], revision: 2 }, read[3]] as RecordedEvent[];

    const problems = verifyStreamChain(renumbered).problems;
    expect(problems.filter((problem) => problem.kind === 'reordered').map((problem) => problem.revision)).toEqual([1, 2]);
    expect(problems.find((problem) => problem.revision === 1)?.detail).toContain('was written as revision 2');
  });

  it('reports a rewritten event whose hash was recomputed as a broken link at that event', async () => {
    const read = await chainedStream(4);
    const target = read[1] as RecordedEvent;
    const link = chainOf(target.metadata);
    const data = { index: 1, stock: 'GOLD', forged: true };
    const forgedHash = chainHash({ ...target, data }, link?.previous ?? null);
    const forged = read.map((event) => (event === target ? { ...event, data, metadata: { ...event.metadata, chain: { ...link, hash: forgedHash } } } : event));

    expect(kinds(forged)).toEqual([{ kind: 'broken-link', revision: 1, position: target.position }]);
  });

  it('reports a stripped link as unchained', async () => {
    const read = await chainedStream(3);
    const stripped = read.map((event) => (event.revision === 1 ? { ...event, metadata: { ...event.metadata, chain: undefined } } : event));

    expect(kinds(stripped)).toEqual([{ kind: 'unchained', revision: 1, position: read[1]?.position }]);
    expect(verifyStreamChain(stripped).unchainedPrefix).toBe(0);
    const strippedFirst = read.map((event) => (event.revision === 0 ? { ...event, metadata: { ...event.metadata, chain: undefined } } : event));
    expect(verifyStreamChain(strippedFirst).unchainedPrefix).toBe(0);
  });

  it('detects truncation and rewriting against an anchor, and only with one', async () => {
    const read = await chainedStream(5);
    const anchor = verifyStreamChain(read).head;
    if (!anchor) throw new Error('no head');

    expect(verifyStreamChain(read, { anchor }).ok).toBe(true);
    expect(verifyStreamChain(read.slice(0, 3)).ok).toBe(true);
    expect(verifyStreamChain(read.slice(0, 3), { anchor }).problems).toEqual([expect.objectContaining({ kind: 'missing', revision: 4 })]);
    const rewritten = await chainedStream(5);
    expect(verifyStreamChain(rewritten).ok).toBe(true);
    expect(verifyStreamChain(rewritten, { anchor }).problems).toEqual([expect.objectContaining({ kind: 'broken-link', revision: 4 })]);
  });
});
