import type { Client } from 'graphql-ws';
import request from 'supertest';
import { startTestApp, type TestApp } from '../testing/test-app';
import { ADD_MEMBER, CREATE_LEAGUE, CREATE_SEASON, SCHEDULE_TABLE, SEAT_PLAYER, type TableView } from './testing/league-operations';
import { dataAs, errorOf, gqlAs, signUp, wsClientAs, type SignedUp } from './testing/identity-client';

/**
 * Live tickets: the browser's graphql-ws connection as the signed-in account, without the session token.
 * World: Olga teaches "Class 4B" with Ann (seated at the class's Stock Ticker game) and Cleo (a student
 * at no table); Eve is in no class.
 */
const ISSUE = `mutation { issueLiveTicket { ticket expiresAt } }`;
const GAME_EVENTS = `subscription($gameId: ID!) { gameEvents(gameId: $gameId, afterPosition: 0) { type } }`;
const GAME_ID = 'class-st';

interface Ticket {
  readonly ticket: string;
  readonly expiresAt: string;
}

interface ErrorBody {
  readonly message: string;
  readonly extensions?: Readonly<Record<string, unknown>>;
}
type FirstAnswer = { readonly data: unknown } | { readonly errors: readonly ErrorBody[] };

describe('live tickets', () => {
  let api: TestApp;
  let url: string;
  let olga: SignedUp;
  let ann: SignedUp;
  let cleo: SignedUp;
  let eve: SignedUp;
  const clients: Client[] = [];

  const issueFor = async (who: SignedUp): Promise<Ticket> => (await dataAs<{ issueLiveTicket: Ticket }>(api, who.token, ISSUE)).issueLiveTicket;
  const socketWith = (credential: string | undefined): Client => {
    const client = wsClientAs(url, credential);
    clients.push(client);
    return client;
  };

  /** The first answer of an operation over a socket: its first result, or the errors it was refused with. */
  async function firstAnswer(client: Client, query: string, variables: Record<string, unknown> = {}): Promise<FirstAnswer> {
    const results = client.iterate({ query, variables });
    let timer: NodeJS.Timeout | undefined;
    try {
      const first = await Promise.race([
        results.next(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no answer within 5 s')), 5_000);
        }),
      ]);
      const value = first.value as { data?: unknown; errors?: readonly ErrorBody[] };
      return value.errors ? { errors: value.errors } : { data: value.data };
    } catch (error) {
      if (Array.isArray(error)) return { errors: error as ErrorBody[] };
      throw error;
    } finally {
      clearTimeout(timer);
      await results.return?.();
    }
  }

  const refusal = (answer: FirstAnswer) => ('errors' in answer ? { code: answer.errors[0]?.extensions?.['code'], domainCode: answer.errors[0]?.extensions?.['domainCode'] } : 'answered');

  beforeAll(async () => {
    api = await startTestApp();
    url = await api.listen();
    [olga, ann, cleo, eve] = (await Promise.all(['Olga', 'Ann', 'Cleo', 'Eve'].map((name) => signUp(api, name)))) as [SignedUp, SignedUp, SignedUp, SignedUp];
    const as = (who: SignedUp) => <T>(query: string, variables?: Record<string, unknown>) => dataAs<T>(api, who.token, query, variables);
    const classId = (await as(olga)<{ createLeague: { id: string } }>(CREATE_LEAGUE, { input: { name: 'Class 4B', kind: 'CLASS' } })).createLeague.id;
    for (const student of [ann, cleo]) await as(olga)(ADD_MEMBER, { input: { leagueId: classId, accountId: student.accountId, role: 'PLAYER' } });
    const seasonId = (await as(olga)<{ createSeason: { id: string } }>(CREATE_SEASON, { input: { leagueId: classId, name: 'Autumn' } })).createSeason.id;
    const table = (await as(olga)<{ scheduleTable: TableView }>(SCHEDULE_TABLE, { input: { seasonId, gameType: 'STOCK_TICKER', gameId: GAME_ID } })).scheduleTable;
    await as(olga)(SEAT_PLAYER, { input: { tableId: table.id, playerId: 'p-ann', accountId: ann.accountId } });
    await as(olga)(`mutation($input: CreateStockTickerGameInput!) { createStockTickerGame(input: $input) { __typename } }`, {
      input: { gameId: GAME_ID, league: classId },
    });
    await as(ann)(`mutation { joinGame(input: { gameId: "${GAME_ID}", playerId: "p-ann", name: "Ann" }) { __typename } }`);
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await api.close();
  });

  it('is issued to a signed-in session, read-only, for 5 minutes', async () => {
    const issued = await issueFor(cleo);
    expect(issued.ticket).toMatch(/^cbl_/);
    expect(Date.parse(issued.expiresAt) - Date.parse(api.clock())).toBe(5 * 60_000);
    // Not to anonymous requests, nor to an API token (which opens a socket itself).
    expect(errorOf(await gqlAs(api, undefined, ISSUE))).toEqual({ code: 'UNAUTHENTICATED', domainCode: 'SIGN_IN_REQUIRED' });
    const created = await dataAs<{ createApiToken: { token: string } }>(api, ann.token, `mutation { createApiToken(input: { name: "all", scopes: [READ, PLAY, REFEREE, ADMIN] }) { token } }`);
    expect(errorOf(await gqlAs(api, created.createApiToken.token, ISSUE))).toEqual({ code: 'FORBIDDEN', domainCode: 'SESSION_REQUIRED' });
  });

  it("lets a class member follow the class's game over graphql-ws, as the anonymous socket may not", async () => {
    const { ticket } = await issueFor(cleo);
    const answer = await firstAnswer(socketWith(ticket), GAME_EVENTS, { gameId: GAME_ID });
    expect(answer).toEqual({ data: { gameEvents: { type: 'GameCreated' } } });
    expect(refusal(await firstAnswer(socketWith(undefined), GAME_EVENTS, { gameId: GAME_ID }))).toEqual({ code: 'FORBIDDEN', domainCode: expect.any(String) });
  });

  it('opens nothing its account may not see', async () => {
    const { ticket } = await issueFor(eve);
    expect(refusal(await firstAnswer(socketWith(ticket), GAME_EVENTS, { gameId: GAME_ID }))).toEqual({ code: 'FORBIDDEN', domainCode: expect.any(String) });
  });

  it('is refused for HTTP queries and mutations, which change nothing', async () => {
    const { ticket } = await issueFor(ann);
    const refused = { code: 'UNAUTHENTICATED', domainCode: 'LIVE_TICKET_NOT_ACCEPTED' };
    expect(errorOf(await gqlAs(api, ticket, `query { me { id } }`))).toEqual(refused);
    expect(errorOf(await gqlAs(api, ticket, `query { game(id: "${GAME_ID}") { id } }`))).toEqual(refused);
    expect(errorOf(await gqlAs(api, ticket, ISSUE))).toEqual(refused);
    const before = await dataAs<{ game: { eventCount: number } }>(api, ann.token, `query { game(id: "${GAME_ID}") { eventCount } }`);
    const buy = `mutation { buyShares(input: { gameId: "${GAME_ID}", playerId: "p-ann", stock: GOLD, shares: 500 }) { __typename } }`;
    expect(errorOf(await gqlAs(api, ticket, buy))).toEqual(refused);
    const after = await dataAs<{ game: { eventCount: number } }>(api, ann.token, `query { game(id: "${GAME_ID}") { eventCount } }`);
    expect(after.game.eventCount).toBe(before.game.eventCount);
    // REST routes too.
    const exported = await request(api.app.getHttpServer()).get(`/games/${GAME_ID}/export.ndjson`).set('authorization', `Bearer ${ticket}`);
    expect(exported.status).toBe(401);
  });

  it('opens subscriptions only: queries and mutations over its socket are refused', async () => {
    const { ticket } = await issueFor(ann);
    const socket = socketWith(ticket);
    const refused = { code: 'UNAUTHENTICATED', domainCode: 'LIVE_TICKET_SUBSCRIPTIONS_ONLY' };
    expect(refusal(await firstAnswer(socket, `query { me { id } }`))).toEqual(refused);
    expect(refusal(await firstAnswer(socket, `mutation { finishTrading(input: { gameId: "${GAME_ID}", playerId: "p-ann" }) { __typename } }`))).toEqual(refused);
    expect(refusal(await firstAnswer(socket, ISSUE))).toEqual(refused);
  });

  it('is refused once expired', async () => {
    const { ticket } = await issueFor(cleo);
    api.clock.advance(4);
    expect(await firstAnswer(socketWith(ticket), GAME_EVENTS, { gameId: GAME_ID })).toEqual({ data: { gameEvents: { type: 'GameCreated' } } });
    // Five minutes after it was issued, it no longer opens anything.
    api.clock.advance(1);
    expect(refusal(await firstAnswer(socketWith(ticket), GAME_EVENTS, { gameId: GAME_ID }))).toEqual({ code: 'UNAUTHENTICATED', domainCode: 'TOKEN_EXPIRED' });
    // A new ticket opens it again.
    const fresh = await issueFor(cleo);
    expect(await firstAnswer(socketWith(fresh.ticket), GAME_EVENTS, { gameId: GAME_ID })).toEqual({ data: { gameEvents: { type: 'GameCreated' } } });
  });
});
