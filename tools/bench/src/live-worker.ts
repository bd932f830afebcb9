/**
 * The live-update load, in a worker thread: `subscribers` graphql-ws clients (one WebSocket each)
 * subscribe to one game's price board; a driver then makes `updates` changes, one at a time, and the
 * time from sending each change until every subscriber has received a board that includes it is
 * recorded per subscriber.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createClient, type Client } from 'graphql-ws';
import { WebSocket } from 'ws';
import { BotTable, GraphQLHttpClient, now, send } from './graphql-client';

export type LiveTask = {
  readonly subscribers: number;
  readonly updates: number;
  /** Pause between two changes. */
  readonly pauseMs: number;
  readonly wsUrl: string;
} & (
  | { readonly kind: 'api'; readonly httpUrl: string }
  /** The bare reference: a `publish(position)` mutation sent over its own socket fans a board out. */
  | { readonly kind: 'bare' }
);

export interface LiveResult {
  readonly latencies: number[];
  /** Updates some subscriber had not received within the timeout. */
  readonly missed: number;
  readonly updates: number;
  readonly connectMs: number;
  /** Boards received in all (a change of several events pushes several boards). */
  readonly boardsReceived: number;
}

interface Board {
  readonly lastPosition: number;
}

const PRICE_BOARD = `subscription Board($gameId: ID!) { priceBoard(gameId: $gameId) { gameId round lastPosition stocks { stock price } } }`;
const BARE_BOARD = `subscription Board($gameId: ID!) { board(gameId: $gameId) { gameId round lastPosition stocks { stock price } } }`;
const BARE_PUBLISH = `mutation Publish($position: Int!) { publish(position: $position) }`;
const TIMEOUT_MS = 5_000;

class Subscriber {
  /** Receipts since the current change was sent: [lastPosition, time]. */
  receipts: [number, number][] = [];
  latest = -1;
  private wake: (() => void) | undefined;
  private waitingFor = Number.POSITIVE_INFINITY;

  constructor(readonly client: Client) {}

  receive(board: Board): void {
    const time = now();
    this.latest = Math.max(this.latest, board.lastPosition);
    this.receipts.push([board.lastPosition, time]);
    if (this.latest >= this.waitingFor) this.wake?.();
  }

  /** Resolves once a board at or past `position` has arrived (or at the timeout). */
  until(position: number, timeoutMs: number): Promise<void> {
    if (this.latest >= position) return Promise.resolve();
    this.waitingFor = position;
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wake = undefined;
        this.waitingFor = Number.POSITIVE_INFINITY;
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.wake = done;
    });
  }

  /** When the first board at or past `position` arrived. */
  arrivalOf(position: number): number | undefined {
    return this.receipts.find(([at]) => at >= position)?.[1];
  }
}

function connect(url: string): Client {
  return createClient({ url, webSocketImpl: WebSocket, lazy: false, retryAttempts: 0, keepAlive: 0 });
}

async function run(task: LiveTask): Promise<LiveResult> {
  const http = task.kind === 'api' ? new GraphQLHttpClient(task.httpUrl, 1) : undefined;
  const table = new BotTable('live-board', 77, 4, 1_000);
  if (http) for (const command of table.setup()) await send(http, table, command);

  const connectStarted = now();
  const subscribers: Subscriber[] = [];
  let boardsReceived = 0;
  for (let from = 0; from < task.subscribers; from += 50) {
    const batch = Array.from({ length: Math.min(50, task.subscribers - from) }, () => {
      const subscriber = new Subscriber(connect(task.wsUrl));
      subscribers.push(subscriber);
      return new Promise<void>((resolve, reject) => {
        subscriber.client.subscribe<{ priceBoard?: Board; board?: Board }>(
          { query: task.kind === 'api' ? PRICE_BOARD : BARE_BOARD, variables: { gameId: table.gameId } },
          {
            next: (message) => {
              const board = message.data?.priceBoard ?? message.data?.board;
              if (board) {
                boardsReceived += 1;
                subscriber.receive(board);
              }
              resolve();
            },
            error: (error) => reject(error instanceof Error ? error : new Error(JSON.stringify(error))),
            complete: () => undefined,
          },
        );
      });
    });
    await Promise.all(batch);
  }
  const connectMs = now() - connectStarted;

  const publisher = task.kind === 'bare' ? connect(task.wsUrl) : undefined;
  const latencies: number[] = [];
  let missed = 0;
  for (let update = 0; update < task.updates; update += 1) {
    for (const subscriber of subscribers) subscriber.receipts = [];
    const sent = now();
    let position: number;
    if (http) {
      let outcome = await send(http, table, table.next());
      // A change is a command that records something (every event moves the board's lastPosition).
      while (outcome.events.length === 0) outcome = await send(http, table, table.next());
      position = Math.max(...outcome.events.map((event) => event.position));
    } else {
      position = update + 1;
      await new Promise<void>((resolve, reject) =>
        publisher?.subscribe({ query: BARE_PUBLISH, variables: { position } }, { next: () => undefined, error: reject, complete: resolve }),
      );
    }
    await Promise.all(subscribers.map((subscriber) => subscriber.until(position, TIMEOUT_MS)));
    let late = false;
    for (const subscriber of subscribers) {
      const arrival = subscriber.arrivalOf(position);
      if (arrival === undefined) late = true;
      else latencies.push(arrival - sent);
    }
    if (late) missed += 1;
    await new Promise((resolve) => setTimeout(resolve, task.pauseMs));
  }

  await publisher?.dispose();
  await Promise.all(subscribers.map((subscriber) => subscriber.client.dispose()));
  http?.close();
  return { latencies, missed, updates: task.updates, connectMs, boardsReceived };
}

run(workerData as LiveTask).then(
  (result) => parentPort?.postMessage(result),
  (error: unknown) => parentPort?.postMessage({ failure: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
);
