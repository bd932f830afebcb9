import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { EventHandler, EventStore } from '@corbeille/event-store';
import { SqliteEventStore } from '@corbeille/event-store-sqlite';
import { startTestApp, type TestApp } from '../testing/test-app';

/**
 * A real SQLite store whose live deliveries can be held back, as when projections fall behind a busy log
 * (or another instance's appends): every projection of the app then lags while the log moves on.
 */
function heldBackStore(store: EventStore) {
  let release: (() => void) | undefined;
  let held: Promise<void> | undefined;
  const gated: EventStore = {
    appendToStream: (...args) => store.appendToStream(...args),
    readStream: (...args) => store.readStream(...args),
    streamRevision: (...args) => store.streamRevision(...args),
    readAll: (...args) => store.readAll(...args),
    close: () => store.close(),
    subscribeToAll: (handler: EventHandler, options) =>
      store.subscribeToAll(async (event) => {
        while (held) await held;
        await handler(event);
      }, options),
  };
  return {
    store: gated,
    hold() {
      held = new Promise<void>((resolve) => (release = resolve));
    },
    release() {
      held = undefined;
      release?.();
    },
  };
}

describe('GET /health/live and /health/ready', () => {
  let dir: string;
  let sqlite: SqliteEventStore;
  let log: ReturnType<typeof heldBackStore>;
  let api: TestApp;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'corbeille-ready-'));
    sqlite = new SqliteEventStore({ path: join(dir, 'events.sqlite'), pollIntervalMs: 20 });
    log = heldBackStore(sqlite);
    api = await startTestApp({ eventStore: log.store, config: { readiness: { maxLagEvents: 2, probeTimeoutMs: 2000 } } });
  });

  afterAll(async () => {
    log.release();
    await api.close();
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const ready = () => request(api.app.getHttpServer()).get('/health/ready');

  async function note(count: number): Promise<void> {
    const metadata = { commandId: 'n', actor: 'test', correlationId: 'n', causationId: 'n', occurredAt: '2026-12-04T00:00:00.000Z' };
    const revision = await sqlite.streamRevision('ops-note-1');
    await sqlite.appendToStream('ops-note-1', Array.from({ length: count }, () => ({ type: 'Noted', data: {}, metadata })), revision ?? 'no-stream');
  }

  it('is live and ready when the store answers and every projection is caught up', async () => {
    await request(api.app.getHttpServer()).get('/health/live').expect(200, { status: 'ok' });
    const response = await ready().expect(200);
    expect(response.body).toMatchObject({ status: 'ready', eventStore: 'ok', maxLagEvents: 2 });
    expect(response.body.projections.map((projection: { name: string }) => projection.name)).toEqual(['games', 'identity', 'disputes']);
  });

  it('is not ready while projections are more events behind the log than allowed, and ready again once caught up', async () => {
    log.hold();
    await note(5);
    const behind = await ready().expect(503);
    expect(behind.body).toMatchObject({ status: 'not-ready', eventStore: 'ok' });
    for (const projection of behind.body.projections) expect(projection).toMatchObject({ ready: false, lagEvents: 3, failed: false });
    // Still live: an orchestrator must not restart an instance that is catching up.
    await request(api.app.getHttpServer()).get('/health/live').expect(200);

    log.release();
    const deadline = Date.now() + 10_000;
    let status = 503;
    while (status !== 200 && Date.now() < deadline) {
      status = (await ready()).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe(200);
  });

  it('is not ready when the event store does not answer', async () => {
    const readAll = sqlite.readAll.bind(sqlite);
    sqlite.readAll = () => Promise.reject(new Error('disk gone'));
    try {
      const response = await ready().expect(503);
      expect(response.body).toMatchObject({ status: 'not-ready', eventStore: 'unreachable' });
    } finally {
      sqlite.readAll = readAll;
    }
  });
});
