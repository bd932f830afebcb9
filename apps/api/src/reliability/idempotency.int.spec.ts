import { OpenAccessPolicy } from '../access/open-access.policy';
import { GameDriver } from '../testing/game-driver';
import { BUY_SHARES, ROLL_DICE, type Outcome } from '../testing/operations';
import { startTestApp, type TestApp } from '../testing/test-app';
import { commandsOf, outcomeOf, post, since, streamOf } from './reliability-helpers';

const GAME_ID = 'idempotent';
const REPEATS = 100;
const PARALLEL = 50;

/** The same command id sent again and again, one after another or all at once: applied once, same answer every time. */
describe('a command id sent 100 times takes effect once', () => {
  let api: TestApp;
  let baseUrl: string;
  const game = () => new GameDriver(api, GAME_ID);

  beforeAll(async () => {
    api = await startTestApp({ accessPolicy: new OpenAccessPolicy() });
    baseUrl = await api.listen();
    await game().create({ roundLimit: 20 });
    await game().join('alice', 'Alice');
    await game().join('bob', 'Bob');
    await game().start();
  });

  afterAll(async () => {
    await api.close();
  });

  async function send(query: string, field: string, input: Readonly<Record<string, unknown>>): Promise<Outcome> {
    const answer = await post(baseUrl, { query, variables: { input } });
    const outcome = outcomeOf(answer, field);
    if (!outcome) throw new Error(`${field} failed: HTTP ${answer.status} ${JSON.stringify(answer.errors)}`);
    return outcome;
  }

  /** Every answer carries the first answer's events; exactly one was the first application; the stream holds them once. */
  async function expectAppliedOnce(outcomes: readonly Outcome[], commandId: string): Promise<void> {
    const first = outcomes.find((outcome) => !outcome.alreadyApplied);
    expect(outcomes.filter((outcome) => !outcome.alreadyApplied)).toHaveLength(1);
    expect(first?.events.length).toBeGreaterThan(0);
    for (const outcome of outcomes) expect(outcome.events).toEqual(first?.events);
    const { groups, problems } = commandsOf(await api.eventStore.readStream(streamOf(GAME_ID)));
    expect(problems).toEqual([]);
    expect(groups.get(commandId)?.map((event) => event.id)).toEqual(first?.events.map((event) => event.id));
  }

  it('sequentially: 100 identical buys charge once', async () => {
    const before = await game().eventCount();
    const input = { gameId: GAME_ID, playerId: 'alice', stock: 'GOLD', shares: 500, commandId: 'alice-buy-seq' };
    const start = performance.now();
    const outcomes: Outcome[] = [];
    for (let attempt = 0; attempt < REPEATS; attempt += 1) outcomes.push(await send(BUY_SHARES, 'buyShares', input));
    const elapsed = since(start);
    await expectAppliedOnce(outcomes, input.commandId);
    expect(await game().eventCount()).toBe(before + 1);
    const portfolios = await api.data<{ game: { portfolios: { playerId: string; cash: number; holdings: { stock: string; shares: number }[] }[] } }>(
      `query P($id: ID!) { game(id: $id) { portfolios { playerId cash holdings { stock shares } } } }`,
      { id: GAME_ID },
    );
    const alice = portfolios.game.portfolios.find((portfolio) => portfolio.playerId === 'alice');
    expect(alice?.cash).toBe(450_000);
    expect(alice?.holdings.find((holding) => holding.stock === 'GOLD')?.shares).toBe(500);
    console.log(`idempotency, sequential: ${REPEATS} identical buys in ${elapsed} ms (${(elapsed / REPEATS).toFixed(1)} ms each); 1 event written`);
  });

  it('concurrently: 100 identical buys, 50 in flight at a time, charge once', async () => {
    const before = await game().eventCount();
    const input = { gameId: GAME_ID, playerId: 'bob', stock: 'TECH', shares: 1000, commandId: 'bob-buy-parallel' };
    const start = performance.now();
    const outcomes: Outcome[] = [];
    for (let wave = 0; wave < REPEATS / PARALLEL; wave += 1) {
      outcomes.push(...(await Promise.all(Array.from({ length: PARALLEL }, () => send(BUY_SHARES, 'buyShares', input)))));
    }
    const elapsed = since(start);
    await expectAppliedOnce(outcomes, input.commandId);
    expect(await game().eventCount()).toBe(before + 1);
    console.log(`idempotency, concurrent buys: ${REPEATS} in waves of ${PARALLEL} in ${elapsed} ms; 1 event written, ${outcomes.filter((o) => o.alreadyApplied).length} answered as already applied`);
  });

  it('concurrently: 100 identical rolls, 50 in flight at a time, roll the dice once', async () => {
    await game().finish('alice');
    await game().finish('bob');
    const before = await game().eventCount();
    const input = { gameId: GAME_ID, playerId: 'alice', commandId: 'alice-roll-parallel' };
    const start = performance.now();
    const outcomes: Outcome[] = [];
    for (let wave = 0; wave < REPEATS / PARALLEL; wave += 1) {
      outcomes.push(...(await Promise.all(Array.from({ length: PARALLEL }, () => send(ROLL_DICE, 'rollDice', input)))));
    }
    const elapsed = since(start);
    await expectAppliedOnce(outcomes, input.commandId);
    const written = outcomes[0]?.events.length ?? 0;
    expect(await game().eventCount()).toBe(before + written);
    // Bob's turn now: the repeated roll did not advance the turn again.
    const again = await post(baseUrl, { query: ROLL_DICE, variables: { input: { gameId: GAME_ID, playerId: 'alice' } } });
    expect(again.errors?.[0]?.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'NOT_YOUR_TURN' });
    console.log(`idempotency, concurrent rolls: ${REPEATS} in waves of ${PARALLEL} in ${elapsed} ms; ${written} events written once`);
  });
});
