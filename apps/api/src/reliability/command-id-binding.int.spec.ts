import { seededRandom } from '@corbeille/kernel';
import { BolsaDeadlineService } from '../bolsa/services/bolsa-deadline.service';
import { BolsaDriver } from '../testing/bolsa-driver';
import { SUBMIT_BOLSA_PLAN } from '../testing/bolsa-operations';
import { manualClock } from '../testing/manual-clock';
import { BUY_SHARES, CREATE_GAME, JOIN_GAME, START_GAME, type Outcome } from '../testing/operations';
import { asTestPlayer, TestAccessPolicy, testAuthenticator, TEST_REFEREE } from '../testing/test-access-policy';
import { startTestApp, type TestApp } from '../testing/test-app';
import { outcomeOf, post, streamOf, type RawAnswer } from './reliability-helpers';

const GAME_ID = 'bound-ids';
const SECOND = 1 / 60;

/**
 * A command id is bound to whoever sent it and to the command: a retry is answered as already applied,
 * anything else under the same id is refused (IDEMPOTENCY_KEY_REUSED) and writes nothing.
 */
describe('command ids are bound to their issuer and their command', () => {
  const clock = manualClock('2026-06-01T20:00:00.000Z');
  let api: TestApp;
  let baseUrl: string;

  const send = (as: string, query: string, input: Readonly<Record<string, unknown>>): Promise<RawAnswer> =>
    post(baseUrl, { query, variables: { input } }, asTestPlayer(as));

  async function applied(answer: Promise<RawAnswer>, field: string): Promise<Outcome> {
    const raw = await answer;
    const outcome = outcomeOf(raw, field);
    if (!outcome) throw new Error(`${field} failed: HTTP ${raw.status} ${JSON.stringify(raw.errors)}`);
    return outcome;
  }

  const eventCount = async (streamId: string) => (await api.eventStore.readStream(streamId)).length;

  async function cashOf(playerId: string): Promise<number | undefined> {
    const answer = await api.data<{ game: { portfolios: { playerId: string; cash: number }[] } }>(
      `query P($id: ID!) { game(id: $id) { portfolios { playerId cash } } }`,
      { id: GAME_ID },
    );
    return answer.game.portfolios.find((portfolio) => portfolio.playerId === playerId)?.cash;
  }

  beforeAll(async () => {
    api = await startTestApp({ random: seededRandom(5), clock, accessPolicy: new TestAccessPolicy(), authenticator: testAuthenticator });
    baseUrl = await api.listen();
    await applied(send(TEST_REFEREE, CREATE_GAME, { gameId: GAME_ID, options: { roundLimit: 20 } }), 'createStockTickerGame');
    await applied(send('ann', JOIN_GAME, { gameId: GAME_ID, playerId: 'ann', name: 'Ann' }), 'joinGame');
    await applied(send('bob', JOIN_GAME, { gameId: GAME_ID, playerId: 'bob', name: 'Bob' }), 'joinGame');
    await applied(send(TEST_REFEREE, START_GAME, { gameId: GAME_ID }), 'startGame');
  });

  afterAll(async () => {
    await api.close();
  });

  it("refuses Bob's buy sent under Ann's command id, and writes nothing", async () => {
    const ann = await applied(send('ann', BUY_SHARES, { gameId: GAME_ID, playerId: 'ann', stock: 'GOLD', shares: 500, commandId: 'ann-buy-1' }), 'buyShares');
    expect(ann.alreadyApplied).toBe(false);
    const before = await eventCount(streamOf(GAME_ID));
    const bobCash = await cashOf('bob');

    const bob = await send('bob', BUY_SHARES, { gameId: GAME_ID, playerId: 'bob', stock: 'GOLD', shares: 500, commandId: 'ann-buy-1' });
    expect(bob.data?.['buyShares'] ?? null).toBeNull();
    expect(bob.errors?.[0]?.extensions).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', domainCode: 'IDEMPOTENCY_KEY_REUSED' });
    expect(JSON.stringify(bob.errors)).not.toContain(ann.events[0]?.id ?? 'no event');
    expect(await eventCount(streamOf(GAME_ID))).toBe(before);
    expect(await cashOf('bob')).toBe(bobCash);
  });

  it('refuses the same id with another payload, from the same player', async () => {
    const before = await eventCount(streamOf(GAME_ID));
    const changed = await send('ann', BUY_SHARES, { gameId: GAME_ID, playerId: 'ann', stock: 'GOLD', shares: 200, commandId: 'ann-buy-1' });
    expect(changed.errors?.[0]?.extensions).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const otherStock = await send('ann', BUY_SHARES, { gameId: GAME_ID, playerId: 'ann', stock: 'OIL', shares: 500, commandId: 'ann-buy-1' });
    expect(otherStock.errors?.[0]?.extensions).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await eventCount(streamOf(GAME_ID))).toBe(before);
  });

  it('answers a retry of the same command as already applied, with its first events', async () => {
    const input = { gameId: GAME_ID, playerId: 'bob', stock: 'OIL', shares: 1000, commandId: 'bob-buy-1' };
    const first = await applied(send('bob', BUY_SHARES, input), 'buyShares');
    const before = await eventCount(streamOf(GAME_ID));
    const cash = await cashOf('bob');
    const again = await applied(send('bob', BUY_SHARES, input), 'buyShares');
    expect(again.alreadyApplied).toBe(true);
    expect(again.events).toEqual(first.events);
    expect(await eventCount(streamOf(GAME_ID))).toBe(before);
    expect(await cashOf('bob')).toBe(cash);
  });

  it('refuses a client command id in the reserved server form', async () => {
    const answer = await send('ann', BUY_SHARES, { gameId: GAME_ID, playerId: 'ann', stock: 'OIL', shares: 500, commandId: 'server:anything' });
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(JSON.stringify(answer.errors?.[0]?.extensions)).toContain('commandId');
  });

  it("closes a BOLSA month at its deadline even after a plan was sent under the deadline's old, predictable id", async () => {
    const game = new BolsaDriver(api, 'stall');
    await game.create({ planningSeconds: 30 });
    await game.join('ann');
    await game.join('bob');
    await game.start();
    // The id the deadline used to close month 1 with: a plain slug any client could send.
    const planned = await applied(
      send('ann', SUBMIT_BOLSA_PLAN, { gameId: 'stall', playerId: 'ann', markers: [{ action: 'BUY', company: 'CEREAL' }], commandId: 'close-planning-stall-1' }),
      'submitBolsaPlan',
    );
    expect(planned.alreadyApplied).toBe(false);

    clock.advance(31 * SECOND);
    const deadlines = api.app.get(BolsaDeadlineService);
    expect(await deadlines.tick()).toEqual(['stall']);
    const events = await api.eventStore.readStream('bolsa-stall');
    const closing = events.filter((event) => event.metadata['commandType'] === 'ClosePlanning');
    expect(closing.length).toBeGreaterThan(0);
    expect(closing[0]?.metadata).toMatchObject({ commandId: 'server:close-planning:stall:1', actor: 'system', commandBinding: { issuer: 'server' } });
    expect(events.find((event) => event.type === 'PlayerExcluded')).toMatchObject({ data: { playerId: 'bob', month: 1, reason: 'MISSED_DEADLINE' } });
    expect(events.some((event) => event.type === 'PlansRevealed')).toBe(true);
    expect((await game.status()).month).toBe(2);
  });
});
