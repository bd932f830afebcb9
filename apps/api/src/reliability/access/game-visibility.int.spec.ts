import type { GraphQLSchema } from 'graphql';
import type { Client } from 'graphql-ws';
import { DEFAULT_LIMITS } from '../../config/app-config';
import { dataAs, signUp, wsClientAs, type SignedUp } from '../../identity/testing/identity-client';
import { ADD_MEMBER, CREATE_LEAGUE, CREATE_SEASON, SCHEDULE_TABLE, SEAT_PLAYER, type TableView } from '../../identity/testing/league-operations';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { firstSubscriptionAnswer, post, type RawAnswer } from '../reliability-helpers';
import { argumentsFor, documentFor, introspect, operationsOf, shallowSelection, type SchemaOperation } from './schema-operations';

/**
 * Who sees and who referees the games that are not public: a class's games, a members-only league's games,
 * and a game outside any league (public, refereed by its creator and the referees it named). Every
 * operation of the schema that reads a game by its id, and every referee operation, for every role, on
 * each kind of game. (The league's public games, and every other operation: access-matrix.int.spec.ts.)
 *
 * World: Olga organises the members-only league "Private" and teaches "Class 4B"; Ann plays in both and
 * has joined every game of the world (seat p-ann at the tables, her account id in the free games); Cleo
 * is a member of both who sits at no game; Bob plays in another league ("Club"), at another game; Eve is
 * a stranger; Fay created the free games and named Ned their referee; Ann has a READ-only API token.
 */
const ROLES = ['anonymous', 'stranger', 'otherPlayer', 'seatedPlayer', 'readToken', 'member', 'organiser', 'creator', 'namedReferee'] as const;
type Role = (typeof ROLES)[number];
type Target = 'class' | 'private' | 'free';
const TARGETS: readonly Target[] = ['class', 'private', 'free'];
const TYPES = { STOCK_TICKER: 'st', BOLSA: 'bo', MAXI_BOURSE: 'mb' } as const;
type GameTypeKey = keyof typeof TYPES;
const gameIdOf = (target: Target, type: GameTypeKey) => `${target}-${TYPES[type]}`;
const DENIED = new Set(['FORBIDDEN', 'UNAUTHENTICATED']);

/** The operations that read a game by its id: everyone who may see the game. */
const GAME_READS = [
  'Query.game',
  'Query.gameAt',
  'Query.bolsaGame',
  'Query.bolsaGameAt',
  'Query.maxiBourseGame',
  'Query.maxiBourseGameAt',
  'Query.gameFairness',
  'Query.verifyGameFairness',
  'Query.disputeSettings',
  'Query.gameReferees',
  'Subscription.gameEvents',
  'Subscription.priceBoard',
  'Subscription.bolsaBoard',
  'Subscription.bolsaMonth',
  'Subscription.maxiBourseBoard',
  'Subscription.maxiBoursePriceBoard',
  'Subscription.maxiBourseDecision',
];
/** A game's disputes: its seated players and its referees. */
const DISPUTE_READS = ['Query.disputes', 'Query.dispute', 'Subscription.disputeChanges'];
/** Operations with an `id` or `gameId` argument that name something else than a game. */
const NOT_ABOUT_A_GAME = ['Query.league'];

const SEES: Record<Target, readonly Role[]> = {
  class: ['seatedPlayer', 'readToken', 'member', 'organiser'],
  private: ['seatedPlayer', 'readToken', 'member', 'organiser'],
  free: ROLES,
};
const REFEREES: Record<Target, readonly Role[]> = { class: ['organiser'], private: ['organiser'], free: ['creator', 'namedReferee'] };
const FOLLOWS_DISPUTES: Record<Target, readonly Role[]> = {
  class: ['seatedPlayer', 'readToken', 'organiser'],
  private: ['seatedPlayer', 'readToken', 'organiser'],
  free: ['seatedPlayer', 'readToken', 'creator', 'namedReferee'],
};

interface World {
  readonly people: Readonly<Record<'olga' | 'ann' | 'bob' | 'eve' | 'fay' | 'ned' | 'cleo', SignedUp>>;
  readonly annReadToken: string;
  readonly leagues: Readonly<Record<'club' | 'private' | 'class', string>>;
}

describe('game visibility and referees: class games, members-only leagues and free games, for every role', () => {
  let api: TestApp;
  let url: string;
  let schema: GraphQLSchema;
  let world: World;
  const clients = new Map<Role, Client>();
  const figures: string[] = [];

  const credentialOf = (role: Role): string | undefined => {
    const { people } = world;
    const credentials: Record<Role, string | undefined> = {
      anonymous: undefined,
      stranger: people.eve.token,
      otherPlayer: people.bob.token,
      seatedPlayer: people.ann.token,
      readToken: world.annReadToken,
      member: people.cleo.token,
      organiser: people.olga.token,
      creator: people.fay.token,
      namedReferee: people.ned.token,
    };
    return credentials[role];
  };
  const headersOf = (role: Role): Record<string, string> => {
    const credential = credentialOf(role);
    return credential === undefined ? {} : { authorization: `Bearer ${credential}` };
  };
  const as = (who: SignedUp) => <T>(query: string, variables?: Record<string, unknown>) => dataAs<T>(api, who.token, query, variables);
  const seatOf = (target: Target) => (target === 'free' ? world.people.ann.accountId : 'p-ann');

  beforeAll(async () => {
    api = await startTestApp({ fairDice: true, config: { limits: { ...DEFAULT_LIMITS, maxQueryDepth: 50, maxQueryComplexity: 10_000_000 } } });
    url = await api.listen();
    schema = await introspect((body) => post(url, body).then((answer) => answer.body));
    const names = ['Olga', 'Ann', 'Bob', 'Eve', 'Fay', 'Ned', 'Cleo'];
    const [olga, ann, bob, eve, fay, ned, cleo] = (await Promise.all(names.map((name) => signUp(api, name)))) as SignedUp[] as [
      SignedUp,
      SignedUp,
      SignedUp,
      SignedUp,
      SignedUp,
      SignedUp,
      SignedUp,
    ];
    const league = async (name: string, extra: Record<string, unknown>) =>
      (await as(olga)<{ createLeague: { id: string } }>(CREATE_LEAGUE, { input: { name, ...extra } })).createLeague.id;
    const leagues = {
      club: await league('Club', {}),
      private: await league('Private', { visibility: 'MEMBERS' }),
      class: await league('Class 4B', { kind: 'CLASS' }),
    };
    await as(olga)(ADD_MEMBER, { input: { leagueId: leagues.club, accountId: bob.accountId, role: 'PLAYER' } });
    for (const leagueId of [leagues.private, leagues.class]) {
      await as(olga)(ADD_MEMBER, { input: { leagueId, accountId: ann.accountId, role: 'PLAYER' } });
      await as(olga)(ADD_MEMBER, { input: { leagueId, accountId: cleo.accountId, role: leagueId === leagues.class ? 'PLAYER' : 'SPECTATOR' } });
    }
    const create = (type: GameTypeKey) => {
      const prefix = type === 'STOCK_TICKER' ? 'StockTicker' : type === 'BOLSA' ? 'Bolsa' : 'MaxiBourse';
      return `mutation($input: Create${prefix}GameInput!) { create${prefix}Game(input: $input) { __typename } }`;
    };
    const join = (type: GameTypeKey) => {
      const name = type === 'STOCK_TICKER' ? 'joinGame' : type === 'BOLSA' ? 'joinBolsaGame' : 'joinMaxiBourseGame';
      return `mutation($gameId: ID!, $p: ID!) { ${name}(input: { gameId: $gameId, playerId: $p, name: "Ann" }) { __typename } }`;
    };
    // Bob's game: a table of Club.
    const clubSeason = (await as(olga)<{ createSeason: { id: string } }>(CREATE_SEASON, { input: { leagueId: leagues.club, name: 'S1' } })).createSeason.id;
    const clubTable = (await as(olga)<{ scheduleTable: TableView }>(SCHEDULE_TABLE, { input: { seasonId: clubSeason, gameType: 'STOCK_TICKER', gameId: 'club-st' } })).scheduleTable;
    await as(olga)(SEAT_PLAYER, { input: { tableId: clubTable.id, playerId: 'p-bob', accountId: bob.accountId } });
    await as(olga)(create('STOCK_TICKER'), { input: { gameId: 'club-st', league: leagues.club } });
    await as(bob)(join('STOCK_TICKER'), { gameId: 'club-st', p: 'p-bob' });
    // The tables of the members-only league and of the class, with Ann seated.
    for (const target of ['private', 'class'] as const) {
      const leagueId = leagues[target];
      const seasonId = (await as(olga)<{ createSeason: { id: string } }>(CREATE_SEASON, { input: { leagueId, name: 'S1' } })).createSeason.id;
      for (const type of Object.keys(TYPES) as GameTypeKey[]) {
        const gameId = gameIdOf(target, type);
        const table = (await as(olga)<{ scheduleTable: TableView }>(SCHEDULE_TABLE, { input: { seasonId, gameType: type, gameId } })).scheduleTable;
        await as(olga)(SEAT_PLAYER, { input: { tableId: table.id, playerId: 'p-ann', accountId: ann.accountId } });
        await as(olga)(create(type), { input: { gameId, league: leagueId } });
        await as(ann)(join(type), { gameId, p: 'p-ann' });
      }
    }
    // The free games: Fay's, refereed by her and by Ned; Ann joined under her account id.
    for (const type of Object.keys(TYPES) as GameTypeKey[]) {
      const gameId = gameIdOf('free', type);
      await as(fay)(create(type), { input: { gameId } });
      await as(fay)(`mutation($input: GameRefereeInput!) { addGameReferee(input: $input) { __typename } }`, { input: { gameId, accountId: ned.accountId } });
      await as(ann)(join(type), { gameId, p: ann.accountId });
    }
    // One dispute of Ann's on each Stock Ticker game (its creation).
    for (const target of TARGETS) {
      await as(ann)(`mutation($input: OpenDisputeInput!) { openDispute(input: $input) { __typename } }`, {
        input: { disputeId: `dispute-${target}`, gameId: gameIdOf(target, 'STOCK_TICKER'), revision: 0, claim: 'Not the options we agreed' },
      });
    }
    const created = await as(ann)<{ createApiToken: { token: string } }>(`mutation { createApiToken(input: { name: "read only", scopes: [READ] }) { token } }`);
    world = { people: { olga, ann, bob, eve, fay, ned, cleo }, annReadToken: created.createApiToken.token, leagues };
    for (const role of ROLES) clients.set(role, wsClientAs(url, credentialOf(role)));
  });

  afterAll(async () => {
    await Promise.all([...clients.values()].map((client) => client.dispose()));
    await api.close();
    console.log(`Game visibility:\n  ${figures.join('\n  ')}`);
  });

  function typeOf(operation: SchemaOperation): GameTypeKey {
    return /bolsa/i.test(operation.field.name) ? 'BOLSA' : /maxiBourse/i.test(operation.field.name) ? 'MAXI_BOURSE' : 'STOCK_TICKER';
  }

  function argumentsOf(operation: SchemaOperation, target: Target, extra: Record<string, unknown> = {}): Record<string, unknown> {
    const gameId = gameIdOf(target, typeOf(operation));
    const generated = argumentsFor(operation.field, (name) => {
      if (name === 'gameId') return gameId;
      if (name === 'id') return operation.key === 'Query.dispute' ? `dispute-${target}` : gameId;
      if (name === 'playerId') return seatOf(target);
      if (name === 'revision') return 0;
      return undefined;
    });
    return { ...generated, ...(operation.key === 'Query.disputes' ? { gameId } : {}), ...(/At$/.test(operation.field.name) ? { revision: 0 } : {}), ...extra };
  }

  async function observe(operation: SchemaOperation, args: Record<string, unknown>, role: Role): Promise<{ passed: boolean; outcome: string }> {
    const query = documentFor(operation, args, shallowSelection(operation.field.type));
    if (operation.kind === 'subscription') return observeSubscription(query, args, role);
    const answer = await post(url, { query, variables: args }, headersOf(role));
    return classify(answer.errors);
  }

  async function observeSubscription(query: string, variables: Record<string, unknown>, role: Role): Promise<{ passed: boolean; outcome: string }> {
    const answer = await firstSubscriptionAnswer(clients.get(role) as Client, query, variables);
    return answer === 'open' ? { passed: true, outcome: 'open' } : classify(answer);
  }

  function classify(errors: RawAnswer['errors']): { passed: boolean; outcome: string } {
    const first = errors?.[0];
    if (!first) return { passed: true, outcome: 'ok' };
    const code = String(first.extensions?.code);
    const domain = first.extensions?.domainCode;
    return { passed: !(errors ?? []).some((error) => DENIED.has(String(error.extensions?.code))), outcome: `${code}${domain ? `/${String(domain)}` : ''}` };
  }

  /** Runs the operation for every role (refused ones first) and returns the roles that got past access control. */
  async function allowedRoles(operation: SchemaOperation, args: Record<string, unknown>, expected: readonly Role[], table: string[]): Promise<Role[]> {
    const roles = [...ROLES].sort((a, b) => Number(expected.includes(a)) - Number(expected.includes(b)));
    const seen = new Map<Role, { passed: boolean; outcome: string }>();
    for (const role of roles) seen.set(role, await observe(operation, args, role));
    table.push(`${operation.key}: ${ROLES.map((role) => `${role} ${seen.get(role)?.outcome}`).join(', ')}`);
    return ROLES.filter((role) => seen.get(role)?.passed);
  }

  const byKey = (key: string): SchemaOperation => {
    const found = operationsOf(schema).find((operation) => operation.key === key);
    if (!found) throw new Error(`${key} is not in the schema`);
    return found;
  };

  it('knows every query and subscription that reads a game by its id', () => {
    const aboutAGame = operationsOf(schema)
      .filter((operation) => operation.kind !== 'mutation')
      .filter((operation) => operation.field.args.some((argument) => argument.name === 'gameId' || argument.name === 'id'))
      .map((operation) => operation.key);
    const unknown = aboutAGame.filter((key) => !GAME_READS.includes(key) && !DISPUTE_READS.includes(key) && !NOT_ABOUT_A_GAME.includes(key));
    expect(unknown).toEqual([]);
  });

  it.each(TARGETS)('lets only those who may see a %s game read it, over every path', async (target) => {
    const mismatches: string[] = [];
    const table: string[] = [];
    for (const key of GAME_READS) {
      const operation = byKey(key);
      const allowed = await allowedRoles(operation, argumentsOf(operation, target), SEES[target], table);
      if (allowed.join() !== SEES[target].join()) mismatches.push(`${key}: ${allowed.join(', ')}`);
    }
    for (const key of DISPUTE_READS) {
      const operation = byKey(key);
      const allowed = await allowedRoles(operation, argumentsOf(operation, target), FOLLOWS_DISPUTES[target], table);
      if (allowed.join() !== FOLLOWS_DISPUTES[target].join()) mismatches.push(`${key}: ${allowed.join(', ')}`);
    }
    if (mismatches.length > 0) console.log(`${target} game:\n${table.join('\n')}`);
    expect(mismatches).toEqual([]);
    figures.push(`${target} games: ${(GAME_READS.length + DISPUTE_READS.length) * ROLES.length} reads, as expected`);
  });

  it('lists no game and no dispute to those who may not see them', async () => {
    const listed = async (role: Role) => {
      const answer = await post(url, { query: `{ allGames(first: 100) { totalCount edges { node { id } } } disputes { id } }` }, headersOf(role));
      if (!answer.data) throw new Error(JSON.stringify(answer.errors));
      const data = answer.data as { allGames: { totalCount: number; edges: { node: { id: string } }[] }; disputes: { id: string }[] };
      return { games: data.allGames.edges.map((edge) => edge.node.id).sort(), total: data.allGames.totalCount, disputes: data.disputes.map((dispute) => dispute.id).sort() };
    };
    const hidden = ['class', 'private'].flatMap((target) => Object.keys(TYPES).map((type) => gameIdOf(target as Target, type as GameTypeKey)));
    const free = Object.keys(TYPES).map((type) => gameIdOf('free', type as GameTypeKey));
    const everything = [...hidden, ...free, 'club-st'].sort();
    const publicOnes = [...free, 'club-st'].sort();
    const expected: Record<Role, { games: string[]; disputes: string[] }> = {
      anonymous: { games: publicOnes, disputes: [] },
      stranger: { games: publicOnes, disputes: [] },
      otherPlayer: { games: publicOnes, disputes: [] },
      seatedPlayer: { games: everything, disputes: ['dispute-class', 'dispute-free', 'dispute-private'] },
      readToken: { games: everything, disputes: ['dispute-class', 'dispute-free', 'dispute-private'] },
      member: { games: everything, disputes: [] },
      organiser: { games: everything, disputes: ['dispute-class', 'dispute-private'] },
      creator: { games: publicOnes, disputes: ['dispute-free'] },
      namedReferee: { games: publicOnes, disputes: ['dispute-free'] },
    };
    for (const role of ROLES) {
      const seen = await listed(role);
      expect({ role, ...seen }).toEqual({ role, ...expected[role], total: expected[role].games.length });
    }
  });

  it("lets only a game's referees referee it: settings, previews, viewing as a player, rulings, the seed, the end", async () => {
    const mismatches: string[] = [];
    const table: string[] = [];
    for (const target of TARGETS) {
      const st = gameIdOf(target, 'STOCK_TICKER');
      const bo = gameIdOf(target, 'BOLSA');
      const cases: [string, Record<string, unknown>][] = [
        ['Mutation.setDisputeSettings', { input: { gameId: st, pauseOnDispute: false } }],
        ['Query.previewRemedy', { input: { disputeId: `dispute-${target}`, remedy: { kind: 'CORRECTION', adjustments: [{ kind: 'CASH', playerId: seatOf(target), delta: 100 }] } } }],
        ['Query.bolsaGameAt', { id: bo, revision: 0, viewAs: seatOf(target) }],
        ['Mutation.startBolsaGame', { input: { gameId: bo } }],
        ['Mutation.ruleOnDispute', { input: { disputeId: `dispute-${target}`, decision: 'REJECT', reason: 'The options are right' } }],
        ['Mutation.revealGameSeed', { input: { gameId: st, reason: 'Checking the draws' } }],
        ['Mutation.endGame', { input: { gameId: st, reason: 'AGREED' } }],
      ];
      for (const [key, args] of cases) {
        const operation = byKey(key);
        const allowed = await allowedRoles(operation, args, REFEREES[target], table);
        if (allowed.join() !== REFEREES[target].join()) mismatches.push(`${target} ${key}: ${allowed.join(', ')}`);
      }
    }
    if (mismatches.length > 0) console.log(`Referees:\n${table.join('\n')}`);
    expect(mismatches).toEqual([]);
    figures.push(`referee operations: 7 x ${TARGETS.length} games x ${ROLES.length} roles, as expected`);
  });

  it("names and removes a free game's referees: its creator only, recorded as events", async () => {
    const { fay, ned, eve, olga } = world.people;
    const gameId = gameIdOf('free', 'MAXI_BOURSE');
    const referees = async () =>
      (await as(eve)<{ gameReferees: { referees: { accountId: string; reason: string }[] } }>(`query($gameId: ID!) { gameReferees(gameId: $gameId) { referees { accountId reason } } }`, { gameId }))
        .gameReferees.referees;
    expect(await referees()).toEqual([
      { accountId: fay.accountId, reason: 'CREATOR' },
      { accountId: ned.accountId, reason: 'NAMED' },
    ]);
    const change = (who: SignedUp, name: 'addGameReferee' | 'removeGameReferee', accountId: string) =>
      post(url, { query: `mutation($input: GameRefereeInput!) { ${name}(input: $input) { gameId } }`, variables: { input: { gameId, accountId } } }, { authorization: `Bearer ${who.token}` });
    // A named referee may not name others: only the creator does.
    expect((await change(ned, 'addGameReferee', eve.accountId)).errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', domainCode: 'NOT_THE_CREATOR' });
    expect((await change(fay, 'removeGameReferee', ned.accountId)).errors).toBeUndefined();
    expect(await referees()).toEqual([{ accountId: fay.accountId, reason: 'CREATOR' }]);
    // Ned no longer referees it.
    const settings = await post(url, { query: `mutation { setDisputeSettings(input: { gameId: "${gameId}", pauseOnDispute: true }) { pauseOnDispute } }` }, { authorization: `Bearer ${ned.token}` });
    expect(settings.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', domainCode: 'NOT_A_REFEREE' });
    const events = (await api.eventStore.readStream(`game-referees-maxi-bourse-${gameId}`)).map((event) => [event.type, (event.data as { accountId: string }).accountId]);
    expect(events).toEqual([
      ['GameRefereeAdded', ned.accountId],
      ['GameRefereeRemoved', ned.accountId],
    ]);
    // A league's game is refereed by its organisers: it has no named referees.
    const inClass = await change(olga, 'addGameReferee', ned.accountId).then(() =>
      post(url, { query: `mutation($input: GameRefereeInput!) { addGameReferee(input: $input) { gameId } }`, variables: { input: { gameId: gameIdOf('class', 'BOLSA'), accountId: ned.accountId } } }, { authorization: `Bearer ${olga.token}` }),
    );
    expect(inClass.errors?.[0]?.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'LEAGUE_GAME_REFEREES' });
  });

  it("follows the league's visibility setting; a class's games stay with its members", async () => {
    const { olga, eve } = world.people;
    const setVisibility = (leagueId: string, visibility: string) =>
      post(url, { query: `mutation($input: SetLeagueVisibilityInput!) { setLeagueVisibility(input: $input) { visibility } }`, variables: { input: { leagueId, visibility } } }, { authorization: `Bearer ${olga.token}` });
    const eveReads = async () => (await post(url, { query: `{ bolsaGame(id: "${gameIdOf('private', 'BOLSA')}") { id } }` }, { authorization: `Bearer ${eve.token}` })).errors?.[0]?.extensions?.code ?? 'ok';
    expect(await eveReads()).toBe('FORBIDDEN');
    expect((await setVisibility(world.leagues.private, 'PUBLIC')).data).toEqual({ setLeagueVisibility: { visibility: 'PUBLIC' } });
    expect(await eveReads()).toBe('ok');
    expect((await setVisibility(world.leagues.private, 'MEMBERS')).data).toEqual({ setLeagueVisibility: { visibility: 'MEMBERS' } });
    expect(await eveReads()).toBe('FORBIDDEN');
    expect((await setVisibility(world.leagues.class, 'PUBLIC')).errors?.[0]?.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'CLASS_GAMES_PRIVATE' });
    const events = (await api.eventStore.readStream(`league-${world.leagues.private}`)).filter((event) => event.type === 'LeagueVisibilityChanged').map((event) => (event.data as { to: string }).to);
    expect(events).toEqual(['public', 'members']);
  });
});
