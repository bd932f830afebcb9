import { BUY_SHARES, CREATE_GAME, JOIN_GAME, ROLL_DICE, type Outcome } from '../testing/operations';
import { GameDriver } from '../testing/game-driver';
import { startTestApp, type TestApp } from '../testing/test-app';
import { OpenAccessPolicy } from '../access/open-access.policy';

/** These tests are about the game's rules, not access: every request plays any seat under the open policy (access: src/identity). */
describe('a command id makes a retried mutation take effect once', () => {
  let api: TestApp;
  const game = () => new GameDriver(api, 'retries');

  beforeAll(async () => {
    api = await startTestApp({ accessPolicy: new OpenAccessPolicy() });
  });

  afterAll(async () => {
    await api.close();
  });

  it('a repeated createStockTickerGame returns the first outcome', async () => {
    const input = { gameId: 'retries', commandId: 'create-retries', options: { roundLimit: 3 }, league: 'l1' };
    const first = (await api.data<{ createStockTickerGame: Outcome }>(CREATE_GAME, { input })).createStockTickerGame;
    const second = (await api.data<{ createStockTickerGame: Outcome }>(CREATE_GAME, { input })).createStockTickerGame;
    expect(first.alreadyApplied).toBe(false);
    expect(second.alreadyApplied).toBe(true);
    expect(second.events).toEqual(first.events);
    expect(first.events[0]?.commandId).toBe('create-retries');
    expect(await game().eventCount()).toBe(1);
  });

  it('a repeated joinGame is applied once, with the same events', async () => {
    const input = { gameId: 'retries', playerId: 'alice', name: 'Alice', commandId: 'c0ffee00-0000-4000-8000-000000000001' };
    const first = (await api.data<{ joinGame: Outcome }>(JOIN_GAME, { input })).joinGame;
    const second = (await api.data<{ joinGame: Outcome }>(JOIN_GAME, { input })).joinGame;
    expect(first).toMatchObject({ alreadyApplied: false, revision: 1 });
    expect(second).toMatchObject({ alreadyApplied: true, revision: 1 });
    expect(second.events).toEqual(first.events);
    expect(await game().eventCount()).toBe(2);
  });

  it('without a command id, each request is a new command', async () => {
    await game().join('bob', 'Bob');
    const again = await api.gql(JOIN_GAME, { input: { gameId: 'retries', playerId: 'bob', name: 'Bob' } });
    expect(again.errors?.[0]?.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'ALREADY_JOINED' });
    expect(await game().eventCount()).toBe(3);
  });

  it('a retried buy or roll is not charged or rolled twice', async () => {
    await game().start();
    const buy = { gameId: 'retries', playerId: 'alice', stock: 'GOLD', shares: 1000, commandId: 'alice-buy-1' };
    const bought = (await api.data<{ buyShares: Outcome }>(BUY_SHARES, { input: buy })).buyShares;
    const rebought = (await api.data<{ buyShares: Outcome }>(BUY_SHARES, { input: buy })).buyShares;
    expect(rebought.alreadyApplied).toBe(true);
    expect(rebought.events.map((e) => e.id)).toEqual(bought.events.map((e) => e.id));
    const { game: view } = await api.data<{ game: { portfolios: { playerId: string; cash: number }[] } }>(
      `query { game(id: "retries") { portfolios { playerId cash } } }`,
    );
    expect(view.portfolios.find((p) => p.playerId === 'alice')?.cash).toBe(400_000);

    await game().buy('bob', 'TECH', 500);
    await game().finish('alice');
    await game().finish('bob');
    const roll = { gameId: 'retries', playerId: 'alice', commandId: 'alice-roll-1' };
    const rolled = (await api.data<{ rollDice: Outcome }>(ROLL_DICE, { input: roll })).rollDice;
    const count = await game().eventCount();
    const rerolled = (await api.data<{ rollDice: Outcome }>(ROLL_DICE, { input: roll })).rollDice;
    expect(rerolled.alreadyApplied).toBe(true);
    expect(rerolled.events).toEqual(rolled.events);
    expect(await game().eventCount()).toBe(count);
  });
});

describe('a create without a game id', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApp({ accessPolicy: new OpenAccessPolicy() });
  });

  afterAll(async () => {
    await api.close();
  });

  it('gets a generated UUID, and a retry with the same command id reaches the same game', async () => {
    const input = { commandId: 'create-anonymous-1' };
    const first = (await api.data<{ createStockTickerGame: Outcome }>(CREATE_GAME, { input })).createStockTickerGame;
    const second = (await api.data<{ createStockTickerGame: Outcome }>(CREATE_GAME, { input })).createStockTickerGame;
    expect(first.gameId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).toMatchObject({ gameId: first.gameId, alreadyApplied: true });

    const fresh = (await api.data<{ createStockTickerGame: Outcome }>(CREATE_GAME, { input: {} })).createStockTickerGame;
    expect(fresh.gameId).not.toBe(first.gameId);
    const { games } = await api.data<{ games: { totalCount: number } }>(`{ games { totalCount } }`);
    expect(games.totalCount).toBe(2);
  });
});
