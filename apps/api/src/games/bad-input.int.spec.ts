import { BUY_SHARES, CREATE_GAME, JOIN_GAME, ROLL_DICE, BORROW, type Outcome } from '../testing/operations';
import { GameDriver } from '../testing/game-driver';
import { startTestApp, type GraphQLErrorBody, type TestApp } from '../testing/test-app';
import { OpenAccessPolicy } from '../access/open-access.policy';

/** These tests are about the game's rules, not access: every request plays any seat under the open policy (access: src/identity). */
describe('bad input is refused with the right error and writes nothing', () => {
  let api: TestApp;
  const game = () => new GameDriver(api, 'bad-input');

  beforeAll(async () => {
    api = await startTestApp({ accessPolicy: new OpenAccessPolicy() });
    const driver = game();
    await driver.create({ roundLimit: 5 });
    await driver.join('alice', 'Alice');
    await driver.join('bob', 'Bob');
    await driver.start();
  });

  afterAll(async () => {
    await api.close();
  });

  /** Sends the operation, expects exactly one error, and checks the stream did not grow. */
  async function refused(query: string, input: Record<string, unknown>): Promise<GraphQLErrorBody> {
    const before = await game().eventCount();
    const response = await api.gql<Record<string, Outcome | null>>(query, { input });
    expect(response.errors).toHaveLength(1);
    // The refused mutation's outcome is null (outcomes are nullable); an invalid variable leaves no data at all.
    expect(Object.values(response.data ?? {})).toEqual(response.data ? [null] : []);
    expect(await game().eventCount()).toBe(before);
    return response.errors?.[0] as GraphQLErrorBody;
  }

  it('an unknown game is NOT_FOUND and no stream is created for it', async () => {
    const error = await refused(BUY_SHARES, { gameId: 'no-such-game', playerId: 'alice', stock: 'GOLD', shares: 500 });
    expect(error.extensions).toMatchObject({ code: 'NOT_FOUND', domainCode: 'GAME_NOT_FOUND' });
    expect(error.message).toContain('no-such-game');
    expect(await api.eventStore.streamRevision('stock-ticker-no-such-game')).toBeUndefined();
    const join = await api.gql(JOIN_GAME, { input: { gameId: 'no-such-game', playerId: 'zoe', name: 'Zoe' } });
    expect(join.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await api.eventStore.streamRevision('stock-ticker-no-such-game')).toBeUndefined();
  });

  it('an unknown player is NOT_FOUND', async () => {
    const error = await refused(BUY_SHARES, { gameId: 'bad-input', playerId: 'mallory', stock: 'GOLD', shares: 500 });
    expect(error.extensions).toMatchObject({ code: 'NOT_FOUND', domainCode: 'UNKNOWN_PLAYER' });
  });

  it('an odd lot is refused by the rules (INVALID_INPUT -> BAD_USER_INPUT, ODD_LOT)', async () => {
    const error = await refused(BUY_SHARES, { gameId: 'bad-input', playerId: 'alice', stock: 'GOLD', shares: 250 });
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', domainCode: 'ODD_LOT' });
    expect(error.message).toMatch(/lots of 500/);
  });

  it('buying more than the cash allows is a RULE_VIOLATION NOT_ENOUGH_CASH', async () => {
    const error = await refused(BUY_SHARES, { gameId: 'bad-input', playerId: 'alice', stock: 'GOLD', shares: 10_000 });
    expect(error.extensions).toMatchObject({
      code: 'RULE_VIOLATION',
      domainCode: 'NOT_ENOUGH_CASH',
      details: { needed: 1_000_000, available: 500_000 },
    });
  });

  it('rolling during the opening purchases is a RULE_VIOLATION', async () => {
    const error = await refused(ROLL_DICE, { gameId: 'bad-input', playerId: 'alice' });
    expect(error.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'TRADING_IN_PROGRESS' });
  });

  it('a loan for a player who still has money is a RULE_VIOLATION', async () => {
    const error = await refused(BORROW, { gameId: 'bad-input', playerId: 'bob', amount: 50_000 });
    expect(error.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'LOAN_NOT_ALLOWED' });
  });

  describe('once the dice are rolling', () => {
    beforeAll(async () => {
      const driver = game();
      await driver.buy('alice', 'GOLD', 500);
      await driver.buy('bob', 'TECH', 500);
      await driver.finish('alice');
      await driver.finish('bob');
    });

    it("rolling out of turn is a RULE_VIOLATION NOT_YOUR_TURN", async () => {
      const error = await refused(ROLL_DICE, { gameId: 'bad-input', playerId: 'bob' });
      expect(error.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'NOT_YOUR_TURN' });
      expect(error.message).toMatch(/Alice's turn/);
    });

    it('trading outside a window is a RULE_VIOLATION TRADING_CLOSED', async () => {
      const error = await refused(BUY_SHARES, { gameId: 'bad-input', playerId: 'alice', stock: 'GOLD', shares: 500 });
      expect(error.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'TRADING_CLOSED' });
    });
  });

  describe('malformed input never reaches the rules', () => {
    it.each([
      ['a malformed game id', { gameId: 'bad id!', playerId: 'alice', stock: 'GOLD', shares: 500 }, 'gameId'],
      ['a malformed player id', { gameId: 'bad-input', playerId: '../etc', stock: 'GOLD', shares: 500 }, 'playerId'],
      ['a malformed command id', { gameId: 'bad-input', playerId: 'alice', stock: 'GOLD', shares: 500, commandId: 'x y' }, 'commandId'],
      ['negative shares', { gameId: 'bad-input', playerId: 'alice', stock: 'GOLD', shares: -500 }, 'shares'],
      ['zero shares', { gameId: 'bad-input', playerId: 'alice', stock: 'GOLD', shares: 0 }, 'shares'],
    ])('%s is BAD_USER_INPUT naming the field', async (_label, input, field) => {
      const error = await refused(BUY_SHARES, input);
      expect(error.extensions?.code).toBe('BAD_USER_INPUT');
      expect(error.extensions?.['fields']).toEqual([expect.objectContaining({ field })]);
      expect(error.message).toContain(field);
    });

    it.each([
      ['an unknown stock', { gameId: 'bad-input', playerId: 'alice', stock: 'BITCOIN', shares: 500 }, /BITCOIN/],
      ['fractional shares', { gameId: 'bad-input', playerId: 'alice', stock: 'GOLD', shares: 500.5 }, /shares/],
      ['a missing field', { gameId: 'bad-input', playerId: 'alice', stock: 'GOLD' }, /shares/],
      ['an extra field', { gameId: 'bad-input', playerId: 'alice', stock: 'GOLD', shares: 500, cash: 1 }, /cash/],
    ])('%s is BAD_USER_INPUT', async (_label, input, message) => {
      const error = await refused(BUY_SHARES, input);
      expect(error.extensions?.code).toBe('BAD_USER_INPUT');
      expect(error.message).toMatch(message);
    });

    it('bad game options are BAD_USER_INPUT, field by field, and create nothing', async () => {
      const response = await api.gql(CREATE_GAME, {
        input: { gameId: 'bad-options', options: { tradingWindowEvery: 4, roundLimit: 0 } },
      });
      expect(response.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fields: [
          expect.objectContaining({ field: 'options.tradingWindowEvery' }),
          expect.objectContaining({ field: 'options.roundLimit' }),
        ],
      });
      expect(await api.eventStore.streamRevision('stock-ticker-bad-options')).toBeUndefined();
    });

    it('options the rules refuse are BAD_USER_INPUT with the domain code', async () => {
      const response = await api.gql(CREATE_GAME, { input: { gameId: 'bad-options', options: { roundLimit: 5000 } } });
      expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', domainCode: 'INVALID_OPTIONS' });
      expect(await api.eventStore.streamRevision('stock-ticker-bad-options')).toBeUndefined();
    });
  });

  it('creating a game twice is a RULE_VIOLATION GAME_EXISTS', async () => {
    const error = await refused(CREATE_GAME, { gameId: 'bad-input' });
    expect(error.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'GAME_EXISTS' });
  });
});
