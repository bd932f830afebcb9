/**
 * The HTTP load generator, run in a worker thread so that it does not share the server's event loop.
 * Closed loop: each client sends a request, waits for the answer, sends the next. Latencies are
 * recorded for the requests that start after the warm-up.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { BotTable, GraphQLHttpClient, now, send } from './graphql-client';

export type LoadTask =
  /** Bots playing `clients` Stock Ticker games, one per client, through the real mutations. */
  | { readonly kind: 'commands'; readonly url: string; readonly clients: number; readonly roundLimit: number; readonly warmupMs: number; readonly durationMs: number; readonly tag: string }
  /** One fixed mutation, for the bare reference server. */
  | { readonly kind: 'fixed'; readonly url: string; readonly clients: number; readonly warmupMs: number; readonly durationMs: number; readonly query: string; readonly variables: Record<string, unknown> };

export interface LoadResult {
  readonly latencies: number[];
  /** Requests completed in the measured window. */
  readonly completed: number;
  readonly windowMs: number;
  readonly errors: number;
  readonly errorSamples: string[];
  readonly setupMs: number;
  readonly gamesStarted: number;
}

async function run(task: LoadTask): Promise<LoadResult> {
  const client = new GraphQLHttpClient(task.url, task.clients);
  const latencies: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  let completed = 0;
  let gamesStarted = 0;
  const setupStarted = now();

  const newTable = async (client_: number, generation: number): Promise<BotTable> => {
    const table = new BotTable(`${task.kind === 'commands' ? task.tag : 'fixed'}-${client_}-${generation}`, 1_000 * client_ + generation + 1, 4, task.kind === 'commands' ? task.roundLimit : 1);
    for (const command of table.setup()) await send(client, table, command);
    gamesStarted += 1;
    return table;
  };

  const tables = task.kind === 'commands' ? await Promise.all(Array.from({ length: task.clients }, (_, index) => newTable(index, 0))) : [];
  const start = now();
  const setupMs = start - setupStarted;
  const measureFrom = start + task.warmupMs;
  const end = measureFrom + task.durationMs;

  const fail = (error: unknown) => {
    errors += 1;
    if (errorSamples.length < 5) errorSamples.push(error instanceof Error ? error.message.slice(0, 300) : String(error));
  };

  await Promise.all(
    Array.from({ length: task.clients }, async (_, index) => {
      let table = tables[index];
      let generation = 0;
      while (now() < end) {
        const sent = now();
        try {
          if (task.kind === 'commands' && table) {
            await send(client, table, table.next());
          } else if (task.kind === 'fixed') {
            const response = await client.post(task.query, task.variables);
            if (response.errors) throw new Error(JSON.stringify(response.errors));
          }
        } catch (error) {
          fail(error);
          // The table may no longer mirror its game: carry on with a new one.
          if (task.kind === 'commands') table = undefined;
        }
        const received = now();
        if (sent >= measureFrom && received <= end) {
          latencies.push(received - sent);
          completed += 1;
        }
        if (task.kind === 'commands' && (!table || table.finished) && now() < end) {
          generation += 1;
          try {
            table = await newTable(index, generation);
          } catch (error) {
            fail(error);
          }
        }
      }
    }),
  );
  client.close();
  return { latencies, completed, windowMs: task.durationMs, errors, errorSamples, setupMs, gamesStarted };
}

run(workerData as LoadTask).then(
  (result) => parentPort?.postMessage(result),
  (error: unknown) => parentPort?.postMessage({ failure: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
);
