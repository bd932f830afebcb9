/**
 * A fresh process for the rebuild and restart figures (so that memory and start-up are its own).
 * Argument: a JSON-encoded ChildTask; the result is sent back over IPC.
 */
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { RecordedEvent } from '@corbeille/event-store';
import { SqliteEventStore, SqliteLogReader } from '@corbeille/event-store-sqlite';
import { createProjectionEngine } from '@corbeille/projections';

export type ChildTask =
  /** Reads the whole log with deserialisation: the reference. */
  | { readonly kind: 'read'; readonly eventsPath: string }
  /** Folds the whole log into fresh read models, as the API does. */
  | { readonly kind: 'rebuild'; readonly eventsPath: string; readonly readModelsPath: string }
  /** Starts the API (as in production: account-based access, identity read models) and waits until it answers. */
  | { readonly kind: 'api'; readonly dataDir: string; readonly eventsPath: string; readonly readModelsPath: string };

export interface ReadResult {
  readonly events: number;
  /** The position of the last event. */
  readonly last: number;
  readonly readMs: number;
}

export interface RebuildResult {
  /** The read models' checkpoint once rebuilt: the position of the log's last event. */
  readonly checkpoint: number;
  readonly rebuildMs: number;
  readonly peakRssMiB: number;
}

export interface RestartResult {
  /** From the start of this process until /health and a GraphQL query answered. */
  readonly readyMs: number;
  /** From the call to bootstrap() until then (without Node's start and module loading). */
  readonly bootMs: number;
  readonly games: number;
  readonly checkpoint: number;
  readonly peakRssMiB: number;
  readonly rssMiB: number;
}

async function readAll(store: SqliteEventStore): Promise<{ count: number; last: number }> {
  let after = 0;
  let count = 0;
  for (;;) {
    const page: RecordedEvent[] = await store.readAll({ afterPosition: after, maxCount: 1_000 });
    if (page.length === 0) return { count, last: after };
    count += page.length;
    after = page[page.length - 1]?.position ?? after;
  }
}

async function read(task: Extract<ChildTask, { kind: 'read' }>): Promise<ReadResult> {
  const store = new SqliteEventStore({ path: task.eventsPath });
  const started = performance.now();
  const { count, last } = await readAll(store);
  const readMs = performance.now() - started;
  await store.close();
  return { events: count, last, readMs };
}

/** Each in a process of its own: a rebuild after the reference's read would fold in the heap that read left. */
async function rebuild(task: Extract<ChildTask, { kind: 'rebuild' }>): Promise<RebuildResult> {
  const store = new SqliteEventStore({ path: task.eventsPath });
  const started = performance.now();
  // As the API rebuilds them: catching up through a reader of the SQLite file.
  const engine = createProjectionEngine({
    eventStore: store,
    path: task.readModelsPath,
    catchUpReader: () => new SqliteLogReader({ path: task.eventsPath }),
  });
  await engine.start();
  const rebuildMs = performance.now() - started;
  const checkpoint = engine.checkpoint();
  await engine.stop();
  await store.close();
  return { checkpoint, rebuildMs, peakRssMiB: process.resourceUsage().maxRSS / 1024 };
}

function post(url: URL, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname: url.hostname, port: url.port, path: url.pathname, method: body ? 'POST' : 'GET', headers: { 'content-type': 'application/json' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body || undefined);
  });
}

async function api(task: Extract<ChildTask, { kind: 'api' }>): Promise<RestartResult> {
  const started = performance.now();
  // Loaded here, not at the top, so that `bootMs` leaves out only Node's own start. Tools may use apps.
  // eslint-disable-next-line @nx/enforce-module-boundaries
  const { bootstrap } = await import('@corbeille/api/src/create-app');
  const { app, url } = await bootstrap({
    config: { dataDir: task.dataDir, eventsPath: task.eventsPath, readModelsPath: task.readModelsPath, eventStoreUrl: undefined, port: 0, host: '127.0.0.1' },
    logger: ['error'],
    deadlineTimers: false,
  });
  const health = JSON.parse(await post(new URL(`${url}/health`), '')) as { checkpoint: number };
  const answer = JSON.parse(await post(new URL(`${url}/graphql`), JSON.stringify({ query: '{ allGames(first: 1) { totalCount } }' }))) as {
    data?: { allGames: { totalCount: number } };
  };
  const readyMs = performance.now();
  const result: RestartResult = {
    readyMs,
    bootMs: readyMs - started,
    games: answer.data?.allGames.totalCount ?? -1,
    checkpoint: health.checkpoint,
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
    rssMiB: process.memoryUsage().rss / 1024 / 1024,
  };
  await app.close();
  return result;
}

async function main(): Promise<void> {
  const task = JSON.parse(process.argv[2] ?? '') as ChildTask;
  const result = task.kind === 'read' ? await read(task) : task.kind === 'rebuild' ? await rebuild(task) : await api(task);
  await new Promise<void>((resolve) => process.send?.(result, () => resolve()));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(String(error instanceof Error ? error.stack : error));
    process.exit(1);
  },
);
