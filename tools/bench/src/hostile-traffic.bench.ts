import './production-mode';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
// Tools may use apps (type:tool may depend on type:app): the benchmark runs the whole API in this process.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { OpenAccessPolicy } from '@corbeille/api/src/access/open-access.policy';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { bootstrap } from '@corbeille/api/src/create-app';
import { runWorker } from './workers';

/**
 * Hostile traffic (`npm run bench:hostile -w @corbeille/tools-bench`, about 15 s): the API as deployed
 * (production mode, default limits and rate limits, on 127.0.0.1), one normal client reading a page of
 * games, one request at a time, at most 50 a second. Its latencies are measured on the idle server, then while 4 hostile
 * clients (worker threads, each its own address) send fragment bombs, alias bombs of commands and
 * sign-ins, pages of pages and invalid requests back to back. Prints both p99 and their ratio; exits 1
 * when the ratio is over 2.
 */
const PHASE_MS = Number(process.env['HOSTILE_PHASE_MS'] ?? 5_000);
const HOSTILE_CLIENTS = 4;
const NORMAL_QUERY = JSON.stringify({ query: '{ games(first: 5) { totalCount edges { node { id phase round } } } }' });

function send(url: string, body: string, address: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = request(
      { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address, 'content-length': Buffer.byteLength(body) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** A normal client's pace: a request every 20 ms at most (50 a second, half its address's default budget). */
const NORMAL_INTERVAL_MS = 20;

/** The normal client: one request at a time for `ms`, at most one per NORMAL_INTERVAL_MS; every answer must be a 200. */
async function normalClient(url: string, ms: number): Promise<number[]> {
  const latencies: number[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const started = performance.now();
    const { status, ms: latency } = await send(url, NORMAL_QUERY, '192.0.2.1');
    if (status !== 200) throw new Error(`The normal client was answered HTTP ${status}`);
    latencies.push(latency);
    const wait = NORMAL_INTERVAL_MS - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return latencies.sort((a, b) => a - b);
}

function describe(latencies: readonly number[]): string {
  return `${latencies.length} requests, p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms, max ${(latencies[latencies.length - 1] ?? 0).toFixed(2)} ms`;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(process.env['BENCH_DIR'] ?? tmpdir(), 'corbeille-hostile-'));
  const { app, url: base } = await bootstrap({
    config: {
      dataDir: dir,
      eventsPath: join(dir, 'events.sqlite'),
      readModelsPath: join(dir, 'read-models.sqlite'),
      eventStoreUrl: undefined,
      port: 0,
      host: '127.0.0.1',
      // Each client its own address (X-Forwarded-For), as behind one proxy.
      trustProxyHops: 1,
    },
    accessPolicy: new OpenAccessPolicy(),
    logger: ['error'],
  });
  const url = `${base}/graphql`;
  try {
    for (let game = 0; game < 5; game += 1) {
      await send(url, JSON.stringify({ query: `mutation { createStockTickerGame(input: { gameId: "bench-${game}" }) { gameId } }` }), '192.0.2.2');
    }
    await normalClient(url, 1_000); // warm-up
    const idle = await normalClient(url, PHASE_MS);
    let ready = 0;
    let allReady: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (allReady = resolve));
    const hostile = Array.from({ length: HOSTILE_CLIENTS }, (_, index) =>
      runWorker<{ sent: number; statuses: Record<string, number> }>('hostile-worker.ts', { url, address: `198.51.100.${index + 1}`, durationMs: PHASE_MS + 300 }, () => {
        ready += 1;
        if (ready === HOSTILE_CLIENTS) allReady();
      }),
    );
    await started;
    for (const { worker } of hostile) worker.postMessage('go');
    // Let the hostile clients get going before measuring.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const underAttack = await normalClient(url, PHASE_MS);
    const reports = await Promise.all(hostile.map((worker) => worker.done));
    const ratio = percentile(underAttack, 99) / percentile(idle, 99);
    const statuses = new Map<string, number>();
    for (const report of reports) for (const [status, count] of Object.entries(report.statuses)) statuses.set(status, (statuses.get(status) ?? 0) + count);
    const sent = reports.reduce((sum, report) => sum + report.sent, 0);
    console.log(`Hostile traffic (${PHASE_MS / 1000} s per phase, NODE_ENV=${process.env['NODE_ENV']}, ${cpus().length} cores, load average ${loadavg().map((load) => load.toFixed(1)).join(' ')}):`);
    console.log(`  idle server:    ${describe(idle)}`);
    console.log(`  under attack:   ${describe(underAttack)}`);
    console.log(`  hostile clients: ${HOSTILE_CLIENTS}, ${sent} requests sent; answers ${[...statuses.entries()].map(([status, count]) => `HTTP ${status}: ${count}`).join(', ')}`);
    console.log(`  p99 under attack / idle: ${ratio.toFixed(2)} (goal: at most 2)`);
    if (!(ratio <= 2)) process.exitCode = 1;
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
