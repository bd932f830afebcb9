import request from 'supertest';
import WebSocket from 'ws';
import type { Client } from 'graphql-ws';
import type { RecordedEvent } from '@corbeille/event-store';
import { fold } from '@corbeille/kernel';
import { stockTicker, type StockTickerEvent, type StockTickerState } from '@corbeille/stock-ticker';
import type { GraphQLErrorBody, TestApp } from '../testing/test-app';
import type { Outcome } from '../testing/operations';
import { STOCK_TICKER_GAME, streamIdFor } from '@corbeille/projections';

/** One GraphQL answer as the server sent it over HTTP, with the HTTP status and the raw body. */
export interface RawAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly data: Readonly<Record<string, unknown>> | null | undefined;
  readonly errors: readonly GraphQLErrorBody[] | undefined;
}

/**
 * Posts to `/graphql` of an app already listening at `baseUrl` (one server for many requests, instead of
 * one ephemeral server per request). `body` is sent as is when it is a string (raw JSON), else as JSON.
 */
export async function post(baseUrl: string, body: string | Readonly<Record<string, unknown>>, headers: Readonly<Record<string, string>> = {}): Promise<RawAnswer> {
  const response = await request(baseUrl).post('/graphql').set('content-type', 'application/json').set(headers).send(body);
  const parsed: unknown = response.body;
  const record = isRecord(parsed) ? parsed : {};
  const data = record['data'];
  const errors = record['errors'];
  return {
    status: response.status,
    body: parsed,
    data: isRecord(data) ? data : data === null ? null : undefined,
    errors: Array.isArray(errors) ? (errors as GraphQLErrorBody[]) : undefined,
  };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The command outcome of a mutation answer (`field`), when the answer is a success. */
export function outcomeOf(answer: RawAnswer, field: string): Outcome | undefined {
  if (answer.errors?.length) return undefined;
  const outcome = answer.data?.[field];
  return isRecord(outcome) && Array.isArray(outcome['events']) ? (outcome as unknown as Outcome) : undefined;
}

export function firstCode(answer: RawAnswer): string | undefined {
  const code = answer.errors?.[0]?.extensions?.code;
  return typeof code === 'string' ? code : undefined;
}

export function streamOf(gameId: string): string {
  return streamIdFor(STOCK_TICKER_GAME, gameId);
}

/** Folds a stream's recorded events with the rules engine alone (a serial replay). */
export function replay(events: readonly RecordedEvent[]): StockTickerState {
  return fold(
    stockTicker,
    events.map((event) => ({ type: event.type, data: event.data }) as StockTickerEvent),
  );
}

/** Every event of the store's log after `afterPosition`, read in pages. */
export async function eventsAfter(api: TestApp, afterPosition: number): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  let after = afterPosition;
  for (;;) {
    const batch = await api.eventStore.readAll({ afterPosition: after, maxCount: 1000 });
    if (batch.length === 0) return events;
    events.push(...batch);
    after = batch[batch.length - 1]?.position ?? after;
  }
}

export async function lastPosition(api: TestApp): Promise<number> {
  const events = await eventsAfter(api, 0);
  return events[events.length - 1]?.position ?? 0;
}

/**
 * Groups a stream's events by command id and checks the stream's shape: revisions 0..n-1 in order,
 * and each command's events side by side (a command id never reappears after another command's events).
 */
export function commandsOf(events: readonly RecordedEvent[]): { groups: Map<string, RecordedEvent[]>; problems: string[] } {
  const groups = new Map<string, RecordedEvent[]>();
  const problems: string[] = [];
  let previous: string | undefined;
  events.forEach((event, index) => {
    if (event.revision !== index) problems.push(`event ${event.id} has revision ${event.revision}, expected ${index}`);
    const commandId = event.metadata.commandId;
    const group = groups.get(commandId);
    if (group && previous !== commandId) problems.push(`command ${commandId} has events apart from each other`);
    if (group) group.push(event);
    else groups.set(commandId, [event]);
    previous = commandId;
  });
  return { groups, problems };
}

/** Milliseconds since `start` (performance.now()), rounded. */
export function since(start: number): number {
  return Math.round(performance.now() - start);
}

/** Runs `tasks` with at most `limit` in flight; results in task order. */
export async function inParallel<T>(limit: number, tasks: readonly (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      const index = next;
      next += 1;
      const task = tasks[index];
      if (!task) return;
      results[index] = await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

export interface SocketAnswer {
  readonly type: string;
  readonly payload?: unknown;
}

/** A raw graphql-transport-ws socket: the close codes and upgrade refusals graphql-ws's client hides. */
export class RawSocket {
  private readonly answers = new Map<string, (answer: SocketAnswer[]) => void>();
  private readonly pending = new Map<string, SocketAnswer[]>();
  readonly closed: Promise<number>;
  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) =>
      socket.on('close', (code) => {
        // Operations still waiting are answered with the close, so that a closed socket shows, not hangs.
        for (const [id, answer] of this.answers) answer([...(this.pending.get(id) ?? []), { type: 'closed', payload: code }]);
        this.answers.clear();
        resolve(code);
      }),
    );
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString()) as { id?: string; type: string; payload?: unknown };
      if (message.id === undefined) return;
      const list = this.pending.get(message.id) ?? [];
      list.push({ type: message.type, payload: message.payload });
      this.pending.set(message.id, list);
      if (message.type === 'complete' || message.type === 'error') {
        this.answers.get(message.id)?.(list);
        this.answers.delete(message.id);
        this.pending.delete(message.id);
      }
    });
  }

  /** Opens and initialises a socket; rejects with the HTTP status when the upgrade is refused. */
  static async open(url: string, headers: Record<string, string>, connectionParams: Record<string, unknown> = {}): Promise<RawSocket> {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', { headers });
    const raw = new RawSocket(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => reject(Object.assign(new Error(`upgrade refused: HTTP ${response.statusCode}`), { status: response.statusCode, body })));
      });
      socket.once('error', reject);
      socket.once('open', () => {
        socket.send(JSON.stringify({ type: 'connection_init', payload: connectionParams }));
        socket.once('message', () => resolve());
      });
    });
    return raw;
  }

  private nextId = 0;

  /** Sends one operation; resolves with everything answered for it up to `complete` or `error`. */
  run(query: string, variables?: Record<string, unknown>): Promise<SocketAnswer[]> {
    const id = String((this.nextId += 1));
    if (this.socket.readyState !== WebSocket.OPEN) return Promise.resolve([{ type: 'closed', payload: this.socket.readyState }]);
    const done = new Promise<SocketAnswer[]>((resolve) => this.answers.set(id, resolve));
    this.socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query, ...(variables ? { variables } : {}) } }));
    return done;
  }

  close(): Promise<number> {
    this.socket.close();
    return this.closed;
  }
}

/** The codes of a socket answer's errors (an `error` message, or errors in a `next` result). */
export function socketCodes(answers: SocketAnswer[]): unknown[] {
  return answers.flatMap((answer) => {
    const errors = answer.type === 'error' ? answer.payload : (answer.payload as { errors?: unknown } | undefined)?.errors;
    return Array.isArray(errors) ? errors.map((error: { extensions?: { code?: unknown } }) => error.extensions?.code) : [];
  });
}

/**
 * A subscription's first answer over a socket: the errors it was refused with (none when its first result
 * came), or 'open' when it was accepted and is waiting for something to happen (a refusal comes at once).
 */
export async function firstSubscriptionAnswer(client: Client, query: string, variables: Record<string, unknown>, waitMs = 1_000): Promise<RawAnswer['errors'] | 'open'> {
  const results = client.iterate({ query, variables });
  let timer: NodeJS.Timeout | undefined;
  const open = Symbol('open');
  try {
    const first = await Promise.race([
      results.next(),
      new Promise<typeof open>((resolve) => {
        timer = setTimeout(() => resolve(open), waitMs);
      }),
    ]);
    if (first === open) return 'open';
    return (first.value as { errors?: RawAnswer['errors'] } | undefined)?.errors;
  } catch (errors) {
    return Array.isArray(errors) ? (errors as RawAnswer['errors']) : [{ message: String(errors), extensions: { code: 'ERROR' } }];
  } finally {
    clearTimeout(timer);
    await results.return?.();
  }
}
