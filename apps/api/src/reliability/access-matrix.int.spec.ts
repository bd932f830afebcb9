import type { GraphQLInputType, GraphQLSchema } from 'graphql';
import type { Client } from 'graphql-ws';
import { DEFAULT_LIMITS } from '../config/app-config';
import { dataAs, PASSWORD, signUp, wsClientAs, type SignedUp } from '../identity/testing/identity-client';
import { ADD_MEMBER, CREATE_LEAGUE, CREATE_SEASON, SCHEDULE_TABLE, SEAT_PLAYER, type TableView } from '../identity/testing/league-operations';
import type { SeedStore } from '@corbeille/integrity';
import { SEED_STORE } from '../infrastructure/infrastructure.tokens';
import { startTestApp, type TestApp } from '../testing/test-app';
import { firstSubscriptionAnswer, post, type RawAnswer } from './reliability-helpers';
import { ACCESS_MATRIX, REST_ACCESS_MATRIX, ROLES, type MatrixEntry, type Role } from './access/access-matrix';
import { argumentsFor, deepSelection, documentFor, introspect, operationsOf, shallowSelection, type SchemaOperation } from './access/schema-operations';

const GAMES = { STOCK_TICKER: 'm-st', BOLSA: 'm-bo', MAXI_BOURSE: 'm-mb' } as const;
const FREE_GAME = 'f-st';
const DENIED = new Set(['FORBIDDEN', 'UNAUTHENTICATED']);

interface MaxiBourseStateView {
  readonly players: readonly { readonly playerId: string; readonly rumours?: readonly string[] }[];
  readonly decks: Readonly<Record<string, { readonly drawPile?: readonly string[] }>>;
}

interface World {
  readonly olga: SignedUp;
  readonly ann: SignedUp;
  readonly bob: SignedUp;
  readonly eve: SignedUp;
  readonly fay: SignedUp;
  readonly ned: SignedUp;
  readonly cleo: SignedUp;
  readonly annReadToken: string;
  readonly annReadTokenId: string;
  readonly leagueId: string;
  readonly seasonId: string;
  readonly tableIds: Readonly<Record<keyof typeof GAMES, string>>;
  readonly classId: string;
}

interface Observation {
  readonly passed: boolean;
  /** The first error's code (and domain code), or "ok". */
  readonly outcome: string;
}

describe('access matrix: every operation of the schema, for every role', () => {
  let api: TestApp;
  let url: string;
  let schema: GraphQLSchema;
  let world: World;
  const clients = new Map<Role, Client>();
  const figures: string[] = [];

  const credentialOf = (role: Role): string | undefined => {
    switch (role) {
      case 'anonymous':
        return undefined;
      case 'spectator':
        return world.eve.token;
      case 'player':
        return world.ann.token;
      case 'otherPlayer':
        return world.bob.token;
      case 'referee':
        return world.olga.token;
      case 'tokenWithoutScope':
        return world.annReadToken;
      case 'creator':
        return world.fay.token;
      case 'namedReferee':
        return world.ned.token;
      case 'classMember':
        return world.cleo.token;
    }
  };
  const headersOf = (role: Role): Record<string, string> => {
    const credential = credentialOf(role);
    return credential === undefined ? {} : { authorization: `Bearer ${credential}` };
  };

  beforeAll(async () => {
    // The deep reads of the leak check ask for everything at once: the limits are not what is tested here.
    api = await startTestApp({ fairDice: true, config: { limits: { ...DEFAULT_LIMITS, maxQueryDepth: 50, maxQueryComplexity: 10_000_000 } } });
    url = await api.listen();
    schema = await introspect((body) => post(url, body).then((answer) => answer.body));
    const [olga, ann, bob, eve, fay, ned, cleo] = (await Promise.all(['Olga', 'Ann', 'Bob', 'Eve', 'Fay', 'Ned', 'Cleo'].map((name) => signUp(api, name)))) as SignedUp[] as [
      SignedUp,
      SignedUp,
      SignedUp,
      SignedUp,
      SignedUp,
      SignedUp,
      SignedUp,
    ];
    const as = (who: SignedUp) => <T>(query: string, variables?: Record<string, unknown>) => dataAs<T>(api, who.token, query, variables);
    const leagueId = (await as(olga)<{ createLeague: { id: string } }>(CREATE_LEAGUE, { input: { name: 'Club' } })).createLeague.id;
    for (const member of [ann, bob]) await as(olga)(ADD_MEMBER, { input: { leagueId, accountId: member.accountId, role: 'PLAYER' } });
    const seasonId = (await as(olga)<{ createSeason: { id: string } }>(CREATE_SEASON, { input: { leagueId, name: 'S1' } })).createSeason.id;
    const tableIds = {} as Record<keyof typeof GAMES, string>;
    for (const [gameType, gameId] of Object.entries(GAMES) as [keyof typeof GAMES, string][]) {
      const table = (await as(olga)<{ scheduleTable: TableView }>(SCHEDULE_TABLE, { input: { seasonId, gameType, gameId } })).scheduleTable;
      tableIds[gameType] = table.id;
      await as(olga)(SEAT_PLAYER, { input: { tableId: table.id, playerId: 'p-ann', accountId: ann.accountId } });
      await as(olga)(SEAT_PLAYER, { input: { tableId: table.id, playerId: 'p-bob', accountId: bob.accountId } });
    }
    const game = (prefix: string) => ({
      create: `mutation($input: Create${prefix}GameInput!) { create${prefix}Game(input: $input) { __typename } }`,
    });
    await as(olga)(game('StockTicker').create, { input: { gameId: GAMES.STOCK_TICKER, league: leagueId, options: { roundLimit: 3 } } });
    await as(olga)(game('Bolsa').create, { input: { gameId: GAMES.BOLSA, league: leagueId } });
    await as(olga)(game('MaxiBourse').create, { input: { gameId: GAMES.MAXI_BOURSE, league: leagueId } });
    const joins: [string, string][] = [
      ['joinGame(input: { gameId: "m-st", playerId: $p, name: $name })', 'st'],
      ['joinBolsaGame(input: { gameId: "m-bo", playerId: $p, name: $name })', 'bo'],
      ['joinMaxiBourseGame(input: { gameId: "m-mb", playerId: $p, name: $name })', 'mb'],
    ];
    for (const [join] of joins) {
      await as(ann)(`mutation($p: ID!, $name: String!) { ${join} { __typename } }`, { p: 'p-ann', name: 'Ann' });
      await as(bob)(`mutation($p: ID!, $name: String!) { ${join} { __typename } }`, { p: 'p-bob', name: 'Bob' });
    }
    await as(olga)(`mutation { startGame(input: { gameId: "m-st" }) { __typename } }`);
    await as(olga)(`mutation { startBolsaGame(input: { gameId: "m-bo" }) { __typename } }`);
    await as(olga)(`mutation { startMaxiBourseGame(input: { gameId: "m-mb" }) { __typename } }`);
    // Ann's plan is her secret until the month's reveal (BOLSA Step 4); Bob has not planned, so it stays closed.
    await as(ann)(`mutation { submitBolsaPlan(input: { gameId: "m-bo", playerId: "p-ann", markers: [{ action: BUY, company: CEREAL }] }) { __typename } }`);
    const created = await as(ann)<{ createApiToken: { token: string; apiToken: { id: string } } }>(
      `mutation { createApiToken(input: { name: "read only", scopes: [READ] }) { token apiToken { id } } }`,
    );
    // A dispute to rule on and preview remedies for (the matrix's own openDispute opens others).
    await as(ann)(`mutation { openDispute(input: { disputeId: "matrix-dispute", gameId: "m-st", revision: 1, claim: "My seat was given to the wrong name" }) { __typename } }`);
    const classId = (await as(olga)<{ createLeague: { id: string } }>(CREATE_LEAGUE, { input: { name: 'Class 4B', kind: 'CLASS' } })).createLeague.id;
    await as(olga)(ADD_MEMBER, { input: { leagueId: classId, accountId: ann.accountId, role: 'PLAYER' } });
    await as(olga)(ADD_MEMBER, { input: { leagueId: classId, accountId: cleo.accountId, role: 'PLAYER' } });
    // A game outside any league: Fay created it, so she referees it, and she named Ned its referee too.
    await as(fay)(game('StockTicker').create, { input: { gameId: FREE_GAME } });
    await as(fay)(`mutation($input: GameRefereeInput!) { addGameReferee(input: $input) { __typename } }`, { input: { gameId: FREE_GAME, accountId: ned.accountId } });
    world = { olga, ann, bob, eve, fay, ned, cleo, annReadToken: created.createApiToken.token, annReadTokenId: created.createApiToken.apiToken.id, leagueId, seasonId, tableIds, classId };
    for (const role of ROLES) clients.set(role, wsClientAs(url, credentialOf(role)));
  });

  afterAll(async () => {
    await Promise.all([...clients.values()].map((client) => client.dispose()));
    await api.close();
    console.log(`Access matrix:\n  ${figures.join('\n  ')}`);
  });

  /** Generated arguments: ids of the world by name, the game of the operation's type. */
  function chooser(operation: SchemaOperation): (name: string, type: GraphQLInputType) => unknown {
    const game = /bolsa/i.test(operation.field.name) ? GAMES.BOLSA : /maxiBourse/i.test(operation.field.name) ? GAMES.MAXI_BOURSE : GAMES.STOCK_TICKER;
    const gameType = game === GAMES.BOLSA ? 'BOLSA' : game === GAMES.MAXI_BOURSE ? 'MAXI_BOURSE' : 'STOCK_TICKER';
    const league = /class/i.test(operation.field.name) ? world.classId : world.leagueId;
    return (name) => {
      switch (name) {
        case 'gameId':
          return game;
        case 'id':
          return /league/i.test(operation.field.name) ? league : /token/i.test(operation.field.name) ? world.annReadTokenId : game;
        case 'playerId':
          return 'p-ann';
        case 'accountId':
          return world.ann.accountId;
        case 'leagueId':
          return league;
        case 'classId':
          return world.classId;
        case 'seasonId':
          return world.seasonId;
        case 'tableId':
          return world.tableIds[gameType];
        case 'gameType':
          return gameType;
        default:
          return undefined;
      }
    };
  }

  async function observe(operation: SchemaOperation, entry: MatrixEntry | undefined, role: Role): Promise<Observation> {
    const ids = {
      leagueId: world.leagueId,
      classId: world.classId,
      seasonId: world.seasonId,
      tableIds: world.tableIds,
      accountIds: {
        olga: world.olga.accountId,
        ann: world.ann.accountId,
        bob: world.bob.accountId,
        eve: world.eve.accountId,
        fay: world.fay.accountId,
        ned: world.ned.accountId,
        cleo: world.cleo.accountId,
      },
      freeGameId: FREE_GAME,
      password: PASSWORD,
    };
    const args = { ...argumentsFor(operation.field, chooser(operation)), ...entry?.args?.(ids) };
    const query = documentFor(operation, args, shallowSelection(operation.field.type));
    if (operation.kind === 'subscription') return observeSubscription(query, args, role);
    const answer = await post(url, { query, variables: args }, headersOf(role));
    return classify(answer.errors);
  }

  async function observeSubscription(query: string, variables: Record<string, unknown>, role: Role): Promise<Observation> {
    const answer = await firstSubscriptionAnswer(clients.get(role) as Client, query, variables);
    return answer === 'open' ? { passed: true, outcome: 'open' } : classify(answer);
  }

  function classify(errors: RawAnswer['errors']): Observation {
    const first = errors?.[0];
    if (!first) return { passed: true, outcome: 'ok' };
    const codes = (errors ?? []).map((error) => String(error.extensions?.code));
    const domain = first.extensions?.domainCode;
    const code = String(first.extensions?.code);
    const outcome = `${code}${domain ? `/${String(domain)}` : ''}${code === 'BAD_USER_INPUT' ? ` (${first.message})` : ''}`;
    return { passed: !codes.some((code) => DENIED.has(code)), outcome };
  }

  it('has an entry for every operation, and no entry for an operation that is gone', () => {
    const keys = operationsOf(schema).map((operation) => operation.key);
    const missing = keys.filter((key) => ACCESS_MATRIX[key] === undefined);
    const stale = Object.keys(ACCESS_MATRIX).filter((key) => !keys.includes(key));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
    figures.push(`${keys.length} operations in the schema, each with an entry`);
  });

  it('shows no one what they may not see', async () => {
    const seeds = (await Promise.all(Object.values(GAMES).map((gameId) => api.app.get<SeedStore>(SEED_STORE).get(gameId)))).flatMap((seed) => (seed ? [seed.seed] : []));
    expect(seeds).toHaveLength(3);
    // Never in any answer to anyone: password hashes, passwords, credentials, the games' secret seeds.
    const secrets: [string, (text: string) => boolean][] = [
      ['a bcrypt hash', (text) => /\$2[aby]\$\d\d\$/.test(text)],
      ['a password', (text) => text.includes(PASSWORD)],
      ...[world.olga, world.ann, world.bob, world.eve, world.fay, world.ned, world.cleo].map((account): [string, (text: string) => boolean] => [`${account.accountId}'s session`, (text) => text.includes(account.token)]),
      ["Ann's API token", (text) => text.includes(world.annReadToken)],
      ...seeds.map((seed): [string, (text: string) => boolean] => ['a secret seed', (text) => text.includes(seed)]),
    ];
    // What only the referee may see: the order of the decks still to draw (Maxi Bourse), read as the referee.
    const refereeState = await post(url, { query: `{ maxiBourseGame(id: "m-mb") { state } }` }, headersOf('referee'));
    const state = (refereeState.data?.['maxiBourseGame'] as { state: MaxiBourseStateView } | undefined)?.state;
    const drawPiles = Object.values(state?.decks ?? {}).flatMap((deck) => (deck.drawPile && deck.drawPile.length > 1 ? [JSON.stringify(deck.drawPile)] : []));
    expect(drawPiles.length).toBeGreaterThan(0);
    const annRumours = state?.players.find((player) => player.playerId === 'p-ann')?.rumours ?? [];

    const operations = operationsOf(schema).filter((operation) => operation.kind === 'query');
    const leaks: string[] = [];
    let answers = 0;
    let bytes = 0;
    for (const operation of operations) {
      const args = argumentsFor(operation.field, chooser(operation));
      const query = documentFor(operation, args, deepSelection(operation.field.type, 5));
      for (const role of ROLES) {
        const answer = await post(url, { query, variables: args }, headersOf(role));
        const text = JSON.stringify(answer.body);
        answers += 1;
        bytes += text.length;
        for (const [what, found] of secrets) if (found(text)) leaks.push(`${operation.key} as ${role}: ${what}`);
        if (role !== 'referee' && drawPiles.some((pile) => text.includes(pile))) leaks.push(`${operation.key} as ${role}: the order of a Maxi Bourse deck`);
      }
    }
    expect(leaks).toEqual([]);

    // BOLSA: Ann's plan before the reveal, to Ann (and her READ token) only, not even to the referee (Step 4).
    const planOf = async (role: Role) => {
      const answer = await post(url, { query: `{ bolsaGame(id: "m-bo") { currentMonth { planned plans { playerId plan { markers } } } } }` }, headersOf(role));
      const month = (answer.data?.['bolsaGame'] as { currentMonth: { planned: string[]; plans: { playerId: string; plan: { markers: unknown } | null }[] } }).currentMonth;
      expect(month.planned).toEqual(['p-ann']);
      return month.plans.find((plan) => plan.playerId === 'p-ann')?.plan ?? null;
    };
    for (const role of ROLES) {
      const plan = await planOf(role);
      const sees = role === 'player' || role === 'tokenWithoutScope';
      expect({ role, plan }).toEqual({ role, plan: sees ? { markers: 1 } : null });
    }
    // Maxi Bourse: a player's Rumours cards, to that player and the referee only; the draw piles, to the referee.
    // (None is drawn yet at the start: maxi-bourse-hidden-rumours.int.spec.ts follows drawn cards through a game.)
    for (const role of ROLES) {
      const answer = await post(url, { query: `{ maxiBourseGame(id: "m-mb") { state } }` }, headersOf(role));
      const seen = (answer.data?.['maxiBourseGame'] as { state: MaxiBourseStateView }).state;
      const ann = seen.players.find((player) => player.playerId === 'p-ann');
      const bob = seen.players.find((player) => player.playerId === 'p-bob');
      const seesAnn = role === 'player' || role === 'tokenWithoutScope' || role === 'referee';
      expect({ role, rumours: ann?.rumours }).toEqual({ role, rumours: seesAnn ? annRumours : undefined });
      expect({ role, hidden: bob?.rumours === undefined }).toEqual({ role, hidden: role !== 'otherPlayer' && role !== 'referee' });
      for (const deck of Object.values(seen.decks)) expect({ role, hidden: deck.drawPile === undefined }).toEqual({ role, hidden: role !== 'referee' });
    }
    figures.push(
      `leaks: ${answers} deep reads (${operations.length} queries x ${ROLES.length} roles, ${(bytes / 1024).toFixed(0)} kB) free of password hashes, passwords, sessions, API tokens, ${seeds.length} secret seeds and ${drawPiles.length} deck orders; BOLSA plan seen by its author only; Maxi Bourse rumour hands by their holder and the referee only, draw piles by the referee only`,
    );
  });

  it('serves each game file (REST) to the roles its entry names, with the events the events field shows them', async () => {
    const entry = REST_ACCESS_MATRIX['GET /games/:gameId/export.ndjson'];
    const queries = { STOCK_TICKER: 'game', BOLSA: 'bolsaGame', MAXI_BOURSE: 'maxiBourseGame' } as const;
    let checks = 0;
    for (const [gameType, gameId] of Object.entries(GAMES) as [keyof typeof GAMES, string][]) {
      for (const role of ROLES) {
        const answer = await fetch(`${url}/games/${gameId}/export.ndjson`, { headers: headersOf(role) });
        const text = await answer.text();
        checks += 1;
        expect({ role, gameId, passed: answer.status !== 403 && answer.status !== 401 }).toEqual({ role, gameId, passed: entry?.allowed.includes(role) ?? false });
        if (answer.status !== 200) continue;
        const fileEvents = text
          .trimEnd()
          .split('\n')
          .map((line) => JSON.parse(line) as { kind: string; revision: number; type: string; data: unknown })
          .filter((line) => line.kind === 'event');
        const query = `{ ${queries[gameType]}(id: "${gameId}") { events(first: 100) { edges { node { revision type data } } } } }`;
        const shown = await post(url, { query }, headersOf(role));
        const data = shown.data as Record<string, { events: { edges: { node: { revision: number; type: string; data: unknown } }[] } }>;
        const nodes = data[queries[gameType]]?.events.edges.map((edge) => edge.node) ?? [];
        expect(fileEvents.map(({ revision, type, data: eventData }) => ({ revision, type, data: eventData }))).toEqual(nodes);
      }
    }
    figures.push(`GET /games/:gameId/export.ndjson: ${checks} checks (${Object.keys(GAMES).length} games x ${ROLES.length} roles), each file the events field's events`);
  });

  it('lets each role do exactly what its entry says', async () => {
    const operations = operationsOf(schema);
    const stage = (operation: SchemaOperation) => ({ final: 2, true: 1, false: 0 })[String(ACCESS_MATRIX[operation.key]?.last ?? false) as 'final' | 'true' | 'false'];
    const ordered = [...operations].sort((a, b) => stage(a) - stage(b));
    const table: string[] = [];
    const mismatches: string[] = [];
    let checks = 0;
    for (const operation of ordered) {
      const entry = ACCESS_MATRIX[operation.key];
      // Refused roles first: an allowed one may change the world (a move, the end of a game).
      const roles = [...ROLES].sort((a, b) => Number(entry?.allowed.includes(a) ?? false) - Number(entry?.allowed.includes(b) ?? false));
      const observed = new Map<Role, Observation>();
      for (const role of roles) {
        observed.set(role, await observe(operation, entry, role));
        checks += 1;
      }
      const allowed = ROLES.filter((role) => observed.get(role)?.passed);
      table.push(`${operation.key}: ${ROLES.map((role) => `${role} ${observed.get(role)?.outcome}`).join(', ')}`);
      if (!entry || allowed.join() !== [...entry.allowed].sort((a, b) => ROLES.indexOf(a) - ROLES.indexOf(b)).join()) {
        mismatches.push(`'${operation.key}': { allowed: [${allowed.map((role) => `'${role}'`).join(', ')}] },  // ${ROLES.map((role) => `${role} ${observed.get(role)?.outcome}`).join(', ')}`);
      }
    }
    if (mismatches.length > 0) console.log(`Access matrix differs from what the server does:\n${mismatches.join('\n')}`);
    expect(mismatches).toEqual([]);
    figures.push(`${checks} checks (${operations.length} operations x ${ROLES.length} roles), all as the matrix says`);
  });
});
