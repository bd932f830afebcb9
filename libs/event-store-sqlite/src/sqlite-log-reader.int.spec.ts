import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventMetadata } from '@corbeille/event-store';
import { SqliteEventStore } from './sqlite-event-store';
import { SqliteLogReader } from './sqlite-log-reader';

const metadata = (commandId: string): EventMetadata => ({ commandId, actor: 'a', correlationId: commandId, causationId: commandId, occurredAt: '2026-03-01T18:00:00.000Z', nested: { n: 1 } });

describe('SqliteLogReader', () => {
  let dir: string;
  let store: SqliteEventStore;
  let path: string;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'corbeille-log-reader-'));
    path = join(dir, 'events.sqlite');
    store = new SqliteEventStore({ path });
    await store.appendToStream('s-1', [{ type: 'A', data: { x: 1 }, metadata: metadata('c1') }, { type: 'B', data: [1, 'two'], metadata: metadata('c1') }], 'no-stream');
    await store.appendToStream('s-2', [{ type: 'C', data: null, metadata: metadata('c2') }], 'no-stream');
    await store.appendToStream('s-1', [{ type: 'D', data: 'text', metadata: metadata('c3') }], 1);
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the log as the store does, without ids and recording times, in pages', async () => {
    const reader = new SqliteLogReader({ path });
    const all = await store.readAll();
    const read = reader.readAfter(0, 100);
    expect(read.map((event) => ({ streamId: event.streamId, revision: event.revision, position: event.position, type: event.type, data: event.data, metadata: event.metadata }))).toEqual(
      all.map(({ streamId, revision, position, type, data, metadata: eventMetadata }) => ({ streamId, revision, position, type, data, metadata: eventMetadata })),
    );
    expect(reader.readAfter(all[0]?.position ?? 0, 2).map((event) => event.type)).toEqual(['B', 'C']);
    expect(reader.readAfter(all.at(-1)?.position ?? 0, 10)).toEqual([]);
    reader.close();
  });

  it('parses metadata once, at its first read, and serialises an event whole', () => {
    const reader = new SqliteLogReader({ path });
    const [event] = reader.readAfter(0, 1);
    if (!event) throw new Error('an event expected');
    expect(event.metadata).toBe(event.metadata);
    expect(event.metadata.commandId).toBe('c1');
    expect(JSON.parse(JSON.stringify(event))).toEqual({ streamId: 's-1', revision: 0, position: event.position, type: 'A', data: { x: 1 }, metadata: metadata('c1') });
    reader.close();
  });

  it('sees what the store commits after it was opened', async () => {
    const reader = new SqliteLogReader({ path });
    const before = reader.readAfter(0, 100).length;
    await store.appendToStream('s-3', [{ type: 'E', data: {}, metadata: metadata('c4') }], 'no-stream');
    expect(reader.readAfter(0, 100)).toHaveLength(before + 1);
    reader.close();
    reader.close();
  });

  it('reads only the events a filter matches, by stream prefix or type, and says how far it scanned', async () => {
    await store.appendToStream('t-1', [{ type: 'A', data: 1, metadata: metadata('c5') }], 'no-stream');
    await store.appendToStream('s.1', [{ type: 'Z', data: 2, metadata: metadata('c6') }], 'no-stream');
    const reader = new SqliteLogReader({ path });
    const all = reader.readAfter(0, 100);
    const head = all.at(-1)?.position ?? 0;
    const describe = (page: { events: { streamId: string; type: string }[]; scannedTo: number }) => ({
      events: page.events.map((event) => `${event.streamId}/${event.type}`),
      scannedTo: page.scannedTo,
    });
    expect(describe(reader.readMatching(0, 100, { streamPrefixes: ['s-'] }))).toEqual({ events: ['s-1/A', 's-1/B', 's-2/C', 's-1/D'], scannedTo: head });
    expect(describe(reader.readMatching(0, 100, { eventTypes: ['A', 'Z'] }))).toEqual({ events: ['s-1/A', 't-1/A', 's.1/Z'], scannedTo: head });
    expect(describe(reader.readMatching(0, 100, { streamPrefixes: ['s-2', 't-'], eventTypes: ['D'] }))).toEqual({ events: ['s-2/C', 's-1/D', 't-1/A'], scannedTo: head });
    // A full page covers the log up to its last event; the next page resumes there.
    const first = reader.readMatching(0, 2, { streamPrefixes: ['s-'] });
    expect(describe(first)).toEqual({ events: ['s-1/A', 's-1/B'], scannedTo: all[1]?.position });
    expect(describe(reader.readMatching(first.scannedTo, 2, { streamPrefixes: ['s-'] }))).toEqual({ events: ['s-2/C', 's-1/D'], scannedTo: all[3]?.position });
    // Nothing matches: the whole log was covered.
    expect(describe(reader.readMatching(0, 100, { eventTypes: ['Nothing'] }))).toEqual({ events: [], scannedTo: head });
    expect(reader.readMatching(head, 100, { eventTypes: ['A'] }).scannedTo).toBe(head);
    expect(reader.readMatching(0, 100, { eventTypes: ['A'] }).events[0]?.metadata.commandId).toBe('c1');
    expect(() => reader.readMatching(0, 1, {})).toThrow('needs a stream prefix or an event type');
    reader.close();
  });
});
