import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { LiveResult, LiveTask } from './live-worker';
import { format, percentile, report, section, sortedCopy } from './report';
import { startApi, startBareSubscriptions } from './servers';
import { runWorker } from './workers';

/**
 * Live updates: 1,000 graphql-ws clients subscribed to one game's price board on the API in this
 * process; a bot sends the game's commands one at a time and each subscriber's latency is measured
 * from sending the command to receiving a board that includes its last event. The reference is a bare
 * graphql-ws server fanning out one board of the same shape per change to the same number of sockets.
 */

export interface LiveBenchOptions {
  readonly dir: string;
  readonly subscribers: number;
  readonly updates: number;
  readonly pauseMs: number;
}

function describe(result: LiveResult): { p50: number; p99: number; max: number } {
  const sorted = sortedCopy(result.latencies);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: percentile(sorted, 100) };
}

export async function benchLive(options: LiveBenchOptions): Promise<void> {
  section(`Live: ${options.subscribers} graphql-ws subscribers to one game's price board, ${options.updates} changes`);
  const bare = await startBareSubscriptions();
  let reference: LiveResult;
  try {
    const task: LiveTask = { kind: 'bare', wsUrl: bare.wsUrl, subscribers: options.subscribers, updates: options.updates, pauseMs: options.pauseMs };
    reference = await runWorker<LiveResult>('live-worker.ts', task).done;
  } finally {
    await bare.close();
  }

  const api = await startApi({ dataDir: mkdtempSync(join(options.dir, 'api-live-')) });
  let measured: LiveResult;
  try {
    const task: LiveTask = {
      kind: 'api',
      httpUrl: api.url,
      wsUrl: api.url.replace(/^http/, 'ws'),
      subscribers: options.subscribers,
      updates: options.updates,
      pauseMs: options.pauseMs,
    };
    measured = await runWorker<LiveResult>('live-worker.ts', task).done;
  } finally {
    await api.close();
  }

  const api_ = describe(measured);
  const bare_ = describe(reference);
  report({
    name: `price board to ${options.subscribers} subscribers, p99 from command sent to board received`,
    value: api_.p99,
    unit: 'ms',
    reference: { name: 'bare graphql-ws fan-out p99', value: bare_.p99 },
    goal: { kind: 'below', value: 100 },
    notes: [
      `p50 ${format(api_.p50)} ms, max ${format(api_.max)} ms over ${measured.latencies.length} deliveries; ${measured.missed} of ${measured.updates} changes not received by everyone within 5 s; ` +
        `${measured.boardsReceived} boards pushed in all; subscribing took ${format(measured.connectMs)} ms`,
      `bare graphql-ws: p50 ${format(bare_.p50)} ms, max ${format(bare_.max)} ms, ${reference.missed} missed`,
    ],
  });
}
