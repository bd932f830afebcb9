import type { FormattedExecutionResult } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { scriptedRandom } from '@corbeille/kernel';
import { GameDriver } from '../testing/game-driver';
import { startTestApp, type TestApp } from '../testing/test-app';
import { OpenAccessPolicy } from '../access/open-access.policy';

interface LiveEvent {
  gameEvents: { type: string; position: number; revision: number; actor: string; data: unknown };
}

interface LiveBoard {
  priceBoard: { lastPosition: number; stocks: { stock: string; price: number }[] };
}

/** Takes results of a subscription until `done` says so, failing on errors or silence. */
async function takeUntil<Data>(
  results: AsyncIterableIterator<FormattedExecutionResult<Data, unknown>>,
  done: (taken: readonly Data[]) => boolean,
  timeoutMs = 5_000,
): Promise<Data[]> {
  const taken: Data[] = [];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${taken.length} results: ${JSON.stringify(taken)}`)), timeoutMs);
  });
  try {
    while (!done(taken)) {
      const next = await Promise.race([results.next(), timeout]);
      if (next.done) throw new Error(`the subscription completed after ${taken.length} results`);
      if (next.value.errors) throw new Error(JSON.stringify(next.value.errors));
      if (next.value.data) taken.push(next.value.data);
    }
    return taken;
  } finally {
    clearTimeout(timer);
  }
}

const take = <Data>(results: AsyncIterableIterator<FormattedExecutionResult<Data, unknown>>, count: number) =>
  takeUntil(results, (taken) => taken.length >= count);

/** These tests are about the game's rules, not access: every request plays any seat under the open policy (access: src/identity). */
describe('subscriptions over graphql-ws', () => {
  let api: TestApp;
  let client: Client;
  const game = () => new GameDriver(api, 'live');

  beforeAll(async () => {
    // Alice rolls GOLD UP 20: faces stock 0 (GOLD), action 0 (UP), amount 4 (20).
    api = await startTestApp({ random: scriptedRandom([0, 0, 4]), accessPolicy: new OpenAccessPolicy() });
    const url = await api.listen();
    client = createClient({ url: `${url.replace(/^http/, 'ws')}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0 });
  });

  afterAll(async () => {
    await client.dispose();
    await api.close();
  });

  it('pushes the events of a game as they are recorded, after replaying the missed ones', async () => {
    const created = await game().create();
    await game().join('alice', 'Alice');
    await game().join('bob', 'Bob');
    const afterPosition = created.events[0]?.position;

    const results = client.iterate<LiveEvent>({
      query: `subscription Live($gameId: ID!, $after: SafeInt) {
        gameEvents(gameId: $gameId, afterPosition: $after) { type position revision actor data }
      }`,
      variables: { gameId: 'live', after: afterPosition },
    });
    const replayed = await take(results, 2);
    expect(replayed.map((event) => [event.gameEvents.type, event.gameEvents.revision])).toEqual([
      ['PlayerJoined', 1],
      ['PlayerJoined', 2],
    ]);

    await game().start();
    await game().buy('alice', 'GOLD', 500);
    const live = await take(results, 2);
    expect(live.map((event) => event.gameEvents.type)).toEqual(['GameStarted', 'SharesBought']);
    expect(live[1]?.gameEvents).toMatchObject({ actor: 'alice', revision: 4, data: { stock: 'GOLD', shares: 500, cost: 50_000 } });
    await results.return?.();
  });

  it('pushes the price board after each change', async () => {
    const results = client.iterate<LiveBoard>({
      query: `subscription Board { priceBoard(gameId: "live") { lastPosition stocks { stock price } } }`,
    });
    const [current] = await take(results, 1);
    expect(current?.priceBoard.stocks.find((quote) => quote.stock === 'GOLD')?.price).toBe(100);

    await game().buy('bob', 'TECH', 500);
    await game().finish('alice');
    await game().finish('bob');
    await game().roll('alice');
    const goldAt = (board: LiveBoard | undefined) => board?.priceBoard.stocks.find((quote) => quote.stock === 'GOLD')?.price;
    const boards = await takeUntil(results, (taken) => goldAt(taken[taken.length - 1]) === 120);
    expect(boards.length).toBeGreaterThanOrEqual(3);
    const positions = boards.map((board) => board.priceBoard.lastPosition);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(boards.slice(0, -1).every((board) => goldAt(board) === 100)).toBe(true);
    await results.return?.();
  });

  it('refuses to follow an unknown game', async () => {
    const results = client.iterate<LiveEvent>({ query: `subscription { gameEvents(gameId: "nope") { type } }` });
    const first = await results.next();
    expect(first.done).toBe(false);
    const value = first.value as FormattedExecutionResult<LiveEvent, unknown>;
    expect(value.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', domainCode: 'GAME_NOT_FOUND' });
    await results.return?.();
  });
});
