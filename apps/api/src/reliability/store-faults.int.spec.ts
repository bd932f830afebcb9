import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger, type INestApplication } from '@nestjs/common';
import type { RecordedEvent } from '@corbeille/event-store';
import { SqliteEventStore } from '@corbeille/event-store-sqlite';
import { seededRandom } from '@corbeille/kernel';
import { OpenAccessPolicy } from '../access/open-access.policy';
import { STORE_UNAVAILABLE_MESSAGE } from '../common/domain-error.filter';
import { createApp } from '../create-app';
import { CREATE_GAME, JOIN_GAME, type Outcome } from '../testing/operations';
import { manualClock } from '../testing/manual-clock';
import { firstCode, outcomeOf, post, streamOf, type RawAnswer } from './reliability-helpers';

/** The part of better-sqlite3 the test uses for its second connection (the package has no types). */
interface Connection {
  exec(sql: string): void;
  close(): void;
}
const Database = createRequire(__filename)('better-sqlite3') as new (path: string) => Connection;

const BUSY_TIMEOUT_MS = 250;

describe('store faults (SQLite)', () => {
  let dataDir: string;
  let eventsPath: string;
  let store: SqliteEventStore;
  let app: INestApplication;
  let url: string;
  /** Every acknowledged command's events, by command id. */
  const acknowledged = new Map<string, Outcome>();
  const figures: string[] = [];
  let warnings: jest.SpyInstance;
  let closed = false;

  async function send(query: string, input: Readonly<Record<string, unknown>>): Promise<RawAnswer> {
    const answer = await post(url, { query, variables: { input } });
    const field = Object.keys(answer.data ?? {})[0];
    const outcome = field === undefined ? undefined : outcomeOf(answer, field);
    if (outcome && !outcome.alreadyApplied) acknowledged.set(outcome.events[0]?.commandId ?? '', outcome);
    return answer;
  }

  const create = (gameId: string) => send(CREATE_GAME, { gameId, commandId: `create-${gameId}` });

  function expectStoreUnavailable(answer: RawAnswer, reason: string): void {
    expect(answer.status).toBe(200);
    // The refused mutation's outcome is null (outcomes are nullable, so a refusal never hides another mutation's).
    expect(answer.data && Object.values(answer.data)).toEqual([null]);
    expect(answer.errors).toEqual([expect.objectContaining({ message: STORE_UNAVAILABLE_MESSAGE, extensions: { code: 'STORE_UNAVAILABLE', reason } })]);
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'corbeille-faults-'));
    eventsPath = join(dataDir, 'events.sqlite');
    store = new SqliteEventStore({ path: eventsPath, busyTimeoutMs: BUSY_TIMEOUT_MS });
    // About the store, not access: the open policy lets anonymous requests create games.
    app = await createApp({
      eventStore: store,
      config: { dataDir, eventsPath, readModelsPath: ':memory:', eventStoreUrl: undefined, rateLimits: { enabled: false, windowSeconds: 1, perIp: 1, perToken: 1 } },
      randomSourceFactory: () => seededRandom(3),
      clock: manualClock(),
      logger: ['error'],
      accessPolicy: new OpenAccessPolicy(),
      deadlineTimers: false,
    });
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
    warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });

  afterAll(async () => {
    warnings.mockRestore();
    if (!closed) {
      await app?.close();
      await store?.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
    console.log(`Store faults:\n  ${figures.join('\n  ')}`);
  });

  it('answers STORE_UNAVAILABLE when the disk is full, keeps what was acknowledged, and works again once there is room', async () => {
    for (const gameId of ['before-1', 'before-2']) expect((await create(gameId)).errors).toBeUndefined();
    expect((await send(JOIN_GAME, { gameId: 'before-1', playerId: 'ann', name: 'Ann' })).errors).toBeUndefined();

    // The database may not grow by a page any more: the disk is "full".
    const pages = store.limitPageCount(1);
    let sent = 0;
    let refused: string | undefined;
    const started = Date.now();
    while (refused === undefined && sent < 2_000) {
      const gameId = `filling-${sent}`;
      sent += 1;
      const answer = await create(gameId);
      if (answer.errors) {
        expectStoreUnavailable(answer, 'full');
        refused = gameId;
      }
    }
    expect(refused).toBeDefined();
    const fillMs = Date.now() - started;
    // Still full: refused again, nothing written; reads go on.
    const again = await create(refused as string);
    expectStoreUnavailable(again, 'full');
    expect(await store.streamRevision(streamOf(refused as string))).toBeUndefined();
    const read = await post(url, { query: `{ game(id: "before-1") { id players { playerId } } }` });
    expect(read.data).toEqual({ game: { id: 'before-1', players: [{ playerId: 'ann' }] } });
    expect(warnings).toHaveBeenCalledWith(expect.stringContaining('SQLITE_FULL'));

    // Room again: the very command that was refused now takes effect, once.
    store.limitPageCount(1_000_000);
    const retried = await create(refused as string);
    expect(retried.errors).toBeUndefined();
    expect(outcomeOf(retried, 'createStockTickerGame')).toMatchObject({ alreadyApplied: false });
    expect((await send(JOIN_GAME, { gameId: refused, playerId: 'bob', name: 'Bob' })).errors).toBeUndefined();
    figures.push(
      `disk full (max_page_count at ${pages} pages): ${sent - 1} creations accepted in the last free space, the next refused STORE_UNAVAILABLE (reason full) after ${fillMs} ms; reads went on; the same command accepted once the cap was lifted`,
    );
  });

  it('answers STORE_UNAVAILABLE when another connection holds the write lock beyond the busy timeout, then works again', async () => {
    const other = new Database(eventsPath);
    try {
      other.exec('BEGIN IMMEDIATE');
      const started = Date.now();
      const answer = await create('locked-out');
      const waitedMs = Date.now() - started;
      expectStoreUnavailable(answer, 'busy');
      expect(waitedMs).toBeGreaterThanOrEqual(BUSY_TIMEOUT_MS - 10);
      expect(firstCode(await send(JOIN_GAME, { gameId: 'before-2', playerId: 'cy', name: 'Cy' }))).toBe('STORE_UNAVAILABLE');
      // Readers are not blocked by a writer (WAL).
      expect((await post(url, { query: `{ game(id: "before-2") { id } }` })).data).toEqual({ game: { id: 'before-2' } });
      other.exec('ROLLBACK');
      figures.push(`database locked by another connection: refused STORE_UNAVAILABLE (reason busy) after ${waitedMs} ms (busy_timeout ${BUSY_TIMEOUT_MS} ms); reads went on`);
    } finally {
      other.close();
    }
    expect((await create('locked-out')).errors).toBeUndefined();
    expect((await send(JOIN_GAME, { gameId: 'before-2', playerId: 'cy', name: 'Cy' })).errors).toBeUndefined();
    expect(warnings).toHaveBeenCalledWith(expect.stringContaining('SQLITE_BUSY'));
  });

  it('lost nothing that was acknowledged, and wrote nothing that was refused', async () => {
    closed = true;
    await app.close();
    await store.close();
    const reopened = new SqliteEventStore({ path: eventsPath });
    let events: RecordedEvent[];
    try {
      events = await reopened.readAll();
    } finally {
      await reopened.close();
    }
    const byCommand = new Map<string, string[]>();
    for (const event of events) {
      const commandId = (event.metadata as { commandId?: string }).commandId ?? '';
      byCommand.set(commandId, [...(byCommand.get(commandId) ?? []), event.id]);
    }
    // Exactly the acknowledged commands, each with the events its answer listed.
    const commandIds = [...byCommand.keys()].filter((id) => !id.startsWith('integrity'));
    expect(new Set(commandIds)).toEqual(new Set(acknowledged.keys()));
    for (const [commandId, outcome] of acknowledged) expect(byCommand.get(commandId)).toEqual(outcome.events.map((event) => event.id));
    const streams = new Map<string, number[]>();
    for (const event of events) streams.set(event.streamId, [...(streams.get(event.streamId) ?? []), event.revision]);
    for (const revisions of streams.values()) expect(revisions).toEqual(revisions.map((_, index) => index));
    figures.push(`after both faults: ${acknowledged.size} acknowledged commands, ${events.length} events on disk, each exactly once; no refused command wrote anything`);
  });
});
