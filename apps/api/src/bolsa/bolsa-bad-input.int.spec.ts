import { seededRandom } from '@corbeille/kernel';
import { GameDriver } from '../testing/game-driver';
import { BolsaDriver } from '../testing/bolsa-driver';
import { CHOOSE_BOLSA_CARD, CLOSE_BOLSA_PLANNING, CREATE_BOLSA_GAME, JOIN_BOLSA_GAME, SUBMIT_BOLSA_PLAN, type BolsaOutcome } from '../testing/bolsa-operations';
import { BUY_SHARES } from '../testing/operations';
import { startTestApp, type GraphQLErrorBody, type TestApp } from '../testing/test-app';
import { OpenAccessPolicy } from '../access/open-access.policy';

/** The open access policy (the default): anyone may send any command, so only the rules and the input checks refuse. */
/** These tests are about the game's rules, not access: every request plays any seat under the open policy (access: src/identity). */
describe('bad BOLSA input is refused with a clear error and writes nothing', () => {
  let api: TestApp;
  const game = () => new BolsaDriver(api, 'bad-plans');

  beforeAll(async () => {
    api = await startTestApp({ random: seededRandom(5), accessPolicy: new OpenAccessPolicy() });
    const driver = game();
    await driver.create({ planningSeconds: 30 });
    await driver.join('alice');
    await driver.join('bob');
    await driver.start();
  });

  afterAll(async () => {
    await api.close();
  });

  async function totalEvents(): Promise<number> {
    return (await api.eventStore.readAll()).length;
  }

  /** Sends the operation, expects exactly one error, and checks nothing was written anywhere. */
  async function refused(query: string, input: Record<string, unknown>): Promise<GraphQLErrorBody> {
    const before = await totalEvents();
    const response = await api.gql<Record<string, BolsaOutcome | null>>(query, { input });
    expect(response.errors).toHaveLength(1);
    // The refused mutation's outcome is null (outcomes are nullable); an invalid variable leaves no data at all.
    expect(Object.values(response.data ?? {})).toEqual(response.data ? [null] : []);
    expect(await totalEvents()).toBe(before);
    return response.errors?.[0] as GraphQLErrorBody;
  }

  const plan = (markers: unknown[]) => ({ gameId: 'bad-plans', playerId: 'alice', markers });
  const buy = (company: string) => ({ action: 'BUY', company });
  const sell = (company: string) => ({ action: 'SELL', company });

  it('more than five markers is refused by the rule of five markers (Step 4), not as a malformed list', async () => {
    const error = await refused(SUBMIT_BOLSA_PLAN, plan([buy('CEREAL'), buy('CEREAL'), buy('CEREAL'), buy('BIOTECH'), buy('BIOTECH'), { action: 'NEWSPAPER' }]));
    expect(error.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'TOO_MANY_MARKERS', details: { used: 6, markers: 5 } });
    expect(error.message).toContain('each player has 5 markers');
    const absurd = await refused(SUBMIT_BOLSA_PLAN, plan(Array.from({ length: 101 }, () => ({ action: 'NEWSPAPER' }))));
    expect(absurd.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'markers' }] });
  });

  it('buying and selling the same company is refused by the rules before the deadline', async () => {
    const error = await refused(SUBMIT_BOLSA_PLAN, plan([buy('CEREAL'), sell('CEREAL')]));
    expect(error.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'BUY_AND_SELL_SAME_COMPANY', details: { company: 'CEREAL' } });
    expect(error.message).toMatch(/choose to buy or to sell CEREAL SA/);
  });

  it('an unknown company, or a marker without its company, is BAD_USER_INPUT', async () => {
    const unknown = await refused(SUBMIT_BOLSA_PLAN, plan([buy('BITCOIN')]));
    expect(unknown.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'markers.0.company' }] });
    const missing = await refused(SUBMIT_BOLSA_PLAN, plan([{ action: 'SELL' }]));
    expect(missing.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'markers.0.company', messages: ['a SELL or BUY marker names its company'] }] });
    const newspaper = await refused(SUBMIT_BOLSA_PLAN, plan([{ action: 'NEWSPAPER', company: 'CEREAL' }]));
    expect(newspaper.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'markers.0.company', messages: ['a NEWSPAPER marker names no company'] }] });
  });

  it('a company not in play with two players is a RULE_VIOLATION', async () => {
    const error = await refused(SUBMIT_BOLSA_PLAN, plan([buy('BANCA')]));
    expect(error.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'COMPANY_NOT_IN_PLAY' });
  });

  it('a move in the wrong phase is a RULE_VIOLATION', async () => {
    const card = await refused(CHOOSE_BOLSA_CARD, { gameId: 'bad-plans', playerId: 'alice', cardId: 'card-01' });
    expect(card.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'NOT_CHOOSING_NEWSPAPER' });
    const early = await refused(CLOSE_BOLSA_PLANNING, { gameId: 'bad-plans' });
    expect(early.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'PLANNING_STILL_OPEN' });
    const join = await refused(JOIN_BOLSA_GAME, { gameId: 'bad-plans', playerId: 'carol', name: 'Carol' });
    expect(join.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'GAME_ALREADY_STARTED' });

    const lobby = new BolsaDriver(api, 'still-seating');
    await lobby.create();
    await lobby.join('alice');
    const inLobby = await refused(SUBMIT_BOLSA_PLAN, { gameId: 'still-seating', playerId: 'alice', markers: [] });
    expect(inLobby.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'GAME_NOT_STARTED' });
  });

  it('a second plan before the deadline replaces the first; a plan after the deadline is refused', async () => {
    await game().plan('bob', [{ action: 'NEWSPAPER' }]);
    const again = await game().plan('bob', []);
    expect(again.events.map((event) => event.type)).toEqual(['PlanSubmitted']);
    api.clock.advance(1);
    const late = await refused(SUBMIT_BOLSA_PLAN, plan([buy('CEREAL')]));
    expect(late.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'PLANNING_DEADLINE_PASSED' });
  });

  it('an unknown player is NOT_FOUND', async () => {
    const error = await refused(SUBMIT_BOLSA_PLAN, { gameId: 'bad-plans', playerId: 'mallory', markers: [] });
    expect(error.extensions).toMatchObject({ code: 'NOT_FOUND', domainCode: 'UNKNOWN_PLAYER' });
  });

  it('an unknown game is NOT_FOUND and no stream is created for it', async () => {
    const error = await refused(SUBMIT_BOLSA_PLAN, { gameId: 'no-such-game', playerId: 'alice', markers: [] });
    expect(error.extensions).toMatchObject({ code: 'NOT_FOUND', domainCode: 'GAME_NOT_FOUND' });
    expect(error.message).toContain('no-such-game');
    expect(await api.eventStore.streamRevision('bolsa-no-such-game')).toBeUndefined();
    expect((await api.gql<{ bolsaGame: null }>(`query { bolsaGame(id: "no-such-game") { id } }`)).data).toEqual({ bolsaGame: null });
  });

  it('game ids are unique across game types, and each game takes only its own moves', async () => {
    await new GameDriver(api, 'ticker').create();
    const taken = await refused(CREATE_BOLSA_GAME, { gameId: 'ticker' });
    expect(taken.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'GAME_EXISTS' });
    expect(await api.eventStore.streamRevision('bolsa-ticker')).toBeUndefined();

    const wrongGame = await refused(BUY_SHARES, { gameId: 'bad-plans', playerId: 'alice', stock: 'GOLD', shares: 500 });
    expect(wrongGame.extensions).toMatchObject({ code: 'NOT_FOUND', domainCode: 'GAME_NOT_FOUND', details: { gameType: 'bolsa' } });
    const wrongPlan = await refused(SUBMIT_BOLSA_PLAN, { gameId: 'ticker', playerId: 'alice', markers: [] });
    expect(wrongPlan.extensions).toMatchObject({ code: 'NOT_FOUND', domainCode: 'GAME_NOT_FOUND', details: { gameType: 'stock-ticker' } });
    const asTicker = await api.gql<{ game: null; gameAt: null }>(`query { game(id: "bad-plans") { id } gameAt(id: "bad-plans", revision: 0) { gameId } }`);
    expect(asTicker.data).toEqual({ game: null, gameAt: null });

    // `games` keeps listing Stock Ticker games only; `allGames` lists every type.
    const lists = await api.data<{
      games: { edges: { node: { id: string; gameType: string } }[] };
      all: { totalCount: number; edges: { node: { id: string; gameType: string; phase: string } }[] };
      bolsa: { totalCount: number };
      bolsaGames: { edges: { node: { id: string; phase: string } }[] };
    }>(`query {
      games(first: 10) { edges { node { id gameType } } }
      all: allGames(first: 10) { totalCount edges { node { id gameType phase } } }
      bolsa: allGames(first: 10, gameType: BOLSA) { totalCount }
      bolsaGames(first: 10, phase: PLANNING) { edges { node { id phase } } }
    }`);
    expect(lists.games.edges.map((edge) => edge.node)).toEqual([{ id: 'ticker', gameType: 'STOCK_TICKER' }]);
    expect(lists.all.totalCount).toBe(3);
    expect(lists.all.edges.map((edge) => edge.node)).toContainEqual({ id: 'bad-plans', gameType: 'BOLSA', phase: 'planning' });
    expect(lists.bolsa.totalCount).toBe(2);
    expect(lists.bolsaGames.edges.map((edge) => edge.node)).toEqual([{ id: 'bad-plans', phase: 'PLANNING' }]);
  });

  it('options outside the rules are BAD_USER_INPUT', async () => {
    const error = await refused(CREATE_BOLSA_GAME, { gameId: 'odd-options', options: { planningSeconds: 2, lastMonth: 5 } });
    expect(error.extensions?.code).toBe('BAD_USER_INPUT');
    expect((error.extensions?.['fields'] as { field: string }[]).map((field) => field.field).sort()).toEqual(['options.lastMonth', 'options.planningSeconds']);
  });

  it('without a seat nobody reads a player’s options (the open policy makes everyone a spectator)', async () => {
    const response = await api.gql(`query { bolsaGame(id: "bad-plans") { legalActions(playerId: "alice") { type } } }`);
    expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', domainCode: 'NOT_YOUR_SEAT' });
  });
});
