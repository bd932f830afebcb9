import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { format, percentile, report, section, sortedCopy } from './report';
import type { LoadResult, LoadTask } from './load-worker';
import { BARE_MUTATION, BARE_VARIABLES, startApi, startBareApollo } from './servers';
import { runWorker } from './workers';

/**
 * GraphQL commands end to end: the whole API in this process (HTTP, validation, load, decide, append
 * with synchronous=FULL, projections, response), loaded by bots playing one Stock Ticker game per
 * client from a worker thread. The reference is a bare Apollo server answering a constant to a
 * mutation of the same shape, loaded the same way, in the same run.
 */

export interface GraphQLLoadOptions {
  readonly dir: string;
  readonly clients: number;
  readonly warmupMs: number;
  readonly durationMs: number;
}

interface Summary {
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly result: LoadResult;
}

function summarise(result: LoadResult): Summary {
  const sorted = sortedCopy(result.latencies);
  return {
    perSecond: (result.completed / result.windowMs) * 1000,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
    result,
  };
}

async function load(task: LoadTask): Promise<Summary> {
  return summarise(await runWorker<LoadResult>('load-worker.ts', task).done);
}

export async function benchGraphQLLoad(options: GraphQLLoadOptions): Promise<void> {
  section(`GraphQL commands over HTTP: ${options.clients} concurrent clients, one game each, ${options.durationMs / 1000} s after ${options.warmupMs / 1000} s warm-up`);
  const bare = await startBareApollo();
  let reference: Summary;
  try {
    reference = await load({ kind: 'fixed', url: bare.url, clients: options.clients, warmupMs: options.warmupMs, durationMs: options.durationMs, query: BARE_MUTATION, variables: BARE_VARIABLES });
  } finally {
    await bare.close();
  }

  const dataDir = mkdtempSync(join(options.dir, 'api-load-'));
  const api = await startApi({ dataDir });
  let measured: Summary;
  try {
    measured = await load({ kind: 'commands', url: api.url, clients: options.clients, roundLimit: 200, warmupMs: options.warmupMs, durationMs: options.durationMs, tag: 'load' });
  } finally {
    await api.close();
  }

  const { result } = measured;
  report({
    name: `GraphQL commands, ${options.clients} clients over ${options.clients} games`,
    value: measured.perSecond,
    unit: 'commands/s',
    reference: { name: 'bare Apollo mutation that does nothing', value: reference.perSecond },
    goal: { kind: 'ratio-at-least', ratio: 0.5 },
    notes: [
      `commands: p50 ${format(measured.p50)} ms, p99 ${format(measured.p99)} ms, max ${format(measured.max)} ms; ${result.completed} commands measured, ${result.errors} errors, ${result.gamesStarted} games set up (${format(result.setupMs)} ms)`,
      `bare Apollo: p50 ${format(reference.p50)} ms, p99 ${format(reference.p99)} ms, max ${format(reference.max)} ms, ${reference.result.errors} errors`,
      ...result.errorSamples.map((sample) => `error: ${sample}`),
    ],
  });
  report({ name: 'GraphQL commands throughput', value: measured.perSecond, unit: 'commands/s', goal: { kind: 'at-least', value: 1_500 } });
  report({ name: `GraphQL commands p99 at ${options.clients} clients`, value: measured.p99, unit: 'ms', goal: { kind: 'below', value: 50 } });
}
