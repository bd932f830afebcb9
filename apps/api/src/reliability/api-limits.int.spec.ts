import { getIntrospectionQuery, parse } from 'graphql';
import type { Client } from 'graphql-ws';
import request from 'supertest';
import { DEFAULT_LIMITS, DEFAULT_RATE_LIMITS } from '../config/app-config';
import { measureOperation } from '../common/limits/operation-cost';
import { dataAs, signUp, wsClientAs, type SignedUp } from '../identity/testing/identity-client';
import { CREATE_GAME } from '../testing/operations';
import { startTestApp, type TestApp } from '../testing/test-app';
import { post, type RawAnswer } from './reliability-helpers';

/** Low limits for this test only; every other test app keeps the defaults with rate limits off. */
const LIMITS = { ...DEFAULT_LIMITS, maxQueryDepth: 6, maxQueryComplexity: 300, maxBodyBytes: 4096, maxSubscriptionsPerConnection: 3 };
const RATE = { enabled: true, windowSeconds: 3, perIp: 20, perToken: 8 };

/** Depth 7: __schema > types > fields > type > fields > type > name. */
const TOO_DEEP = `{ __schema { types { fields { type { fields { type { name } } } } } } }`;
/** Depth 6, the limit. */
const AS_DEEP_AS_ALLOWED = `{ __schema { types { fields { type { fields { name } } } } } }`;
/** The same depth 7, hidden in fragments. */
const TOO_DEEP_IN_FRAGMENTS = `query { __schema { ...S } }
  fragment S on __Schema { types { ...T } }
  fragment T on __Type { fields { type { fields { type { name } } } } }`;
const ANONYMOUS_READ = '{ games(first: 1) { totalCount } }';
const GAMES = `query Games($first: Int!) { games(first: $first) { totalCount edges { node { id phase players { playerId name seat } portfolios { playerId cash } } } } }`;

function codesOf(answer: RawAnswer): (string | undefined)[] {
  return (answer.errors ?? []).map((error) => error.extensions?.code as string | undefined);
}

describe('API limits', () => {
  let api: TestApp;
  let url: string;
  let ann: SignedUp;
  const figures: string[] = [];
  /** Each test its own client address (X-Forwarded-For, believed with TRUST_PROXY_HOPS=1), so their rate budgets are apart. */
  let nextAddress = 1;
  const address = () => ({ 'x-forwarded-for': `203.0.113.${nextAddress++}` });

  beforeAll(async () => {
    api = await startTestApp({ config: { limits: LIMITS, rateLimits: RATE, trustProxyHops: 1 } });
    url = await api.listen();
    ann = await signUp(api, 'Ann');
  });

  afterAll(async () => {
    await api.close();
    console.log(`API limits:\n  ${figures.join('\n  ')}`);
  });

  it('keeps the defaults wide enough for the GraphiQL introspection query', () => {
    const cost = measureOperation(parse(getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true })));
    expect(cost.depth).toBeLessThanOrEqual(DEFAULT_LIMITS.maxQueryDepth);
    expect(cost.complexity).toBeLessThanOrEqual(DEFAULT_LIMITS.maxQueryComplexity);
    figures.push(`introspection query: depth ${cost.depth}, complexity ${cost.complexity} (defaults ${DEFAULT_LIMITS.maxQueryDepth} / ${DEFAULT_LIMITS.maxQueryComplexity})`);
  });

  it('refuses a query nested deeper than the limit before running it, also through fragments', async () => {
    const headers = address();
    expect((await post(url, { query: AS_DEEP_AS_ALLOWED }, headers)).errors).toBeUndefined();
    for (const query of [TOO_DEEP, TOO_DEEP_IN_FRAGMENTS]) {
      const answer = await post(url, { query }, headers);
      expect(answer.status).toBe(400);
      expect(answer.data).toBeUndefined();
      expect(answer.errors).toEqual([
        expect.objectContaining({
          message: 'This query nests 7 levels deep; the server allows at most 6.',
          extensions: expect.objectContaining({ code: 'QUERY_TOO_DEEP', depth: 7, maxDepth: 6 }),
        }),
      ]);
    }
    figures.push(`depth: 6 levels accepted, 7 refused QUERY_TOO_DEEP with HTTP 400 (limit ${LIMITS.maxQueryDepth})`);
  });

  it('refuses a query that could resolve too many fields, counting a page of `first` items', async () => {
    const headers = address();
    // games: 1 + first * (totalCount 1 + edges (1 + node (1 + id 1 + phase 1 + players 4 + portfolios 3))) = 1 + 12 first.
    const small = await post(url, { query: GAMES, variables: { first: 20 } }, headers);
    expect(small.errors).toBeUndefined();
    const big = await post(url, { query: GAMES, variables: { first: 30 } }, headers);
    expect(big.status).toBe(400);
    expect(big.data).toBeUndefined();
    expect(codesOf(big)).toEqual(['QUERY_TOO_COMPLEX']);
    expect(big.errors?.[0]).toMatchObject({ extensions: { complexity: 361, maxComplexity: LIMITS.maxQueryComplexity } });
    // A mutation over the limit writes nothing: it is refused before it runs.
    const before = await api.eventStore.readAll();
    // 31 spreads of a fragment of 10 fields: 310, and the mutation itself.
    const fields = Array.from({ length: 10 }, (_, index) => `f${index}: __typename`).join(' ');
    const spreads = Array.from({ length: 31 }, () => '...F').join(' ');
    const mutation = await post(
      url,
      { query: `mutation { ${spreads} createStockTickerGame(input: { gameId: "never" }) { gameId } } fragment F on Mutation { ${fields} }` },
      { ...headers, ...bearer(ann) },
    );
    expect(codesOf(mutation)).toEqual(['QUERY_TOO_COMPLEX']);
    expect(await api.eventStore.readAll()).toHaveLength(before.length);
    figures.push(`complexity: games(first: 20) costs 241 and passes, first: 30 costs 361 and is refused QUERY_TOO_COMPLEX (limit ${LIMITS.maxQueryComplexity}); a refused mutation wrote nothing`);
  });

  it('answers a body over the size limit with HTTP 413 in GraphQL error shape, and unreadable JSON with 400', async () => {
    const headers = address();
    const padding = 'x'.repeat(LIMITS.maxBodyBytes);
    const started = Date.now();
    const tooLarge = await request(url).post('/graphql').set('content-type', 'application/json').set(headers).send({ query: '{ __typename }', variables: { padding } });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers['content-type']).toMatch(/^application\/json/);
    expect(tooLarge.body).toEqual({
      errors: [{ message: `The request body is larger than the ${LIMITS.maxBodyBytes} bytes the server accepts.`, extensions: { code: 'PAYLOAD_TOO_LARGE', maxBodyBytes: LIMITS.maxBodyBytes } }],
    });
    const elapsed = Date.now() - started;
    const justUnder = await post(url, { query: '{ __typename }', variables: { padding: 'x'.repeat(LIMITS.maxBodyBytes - 100) } }, headers);
    expect(justUnder.data).toEqual({ __typename: 'Query' });
    const broken = await request(url).post('/graphql').set('content-type', 'application/json').set(headers).send('{"query": "{ __typename }"');
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ errors: [{ message: 'The request body is not valid JSON.', extensions: { code: 'BAD_REQUEST' } }] });
    figures.push(`body: ${LIMITS.maxBodyBytes + 40} bytes refused HTTP 413 PAYLOAD_TOO_LARGE in ${elapsed} ms, ${LIMITS.maxBodyBytes - 60} accepted; broken JSON HTTP 400 BAD_REQUEST`);
  });

  it('refuses batched operations: one operation per request', async () => {
    const answer = await request(url)
      .post('/graphql')
      .set('content-type', 'application/json')
      .set(address())
      .send([{ query: '{ __typename }' }, { query: '{ __typename }' }]);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('batching');
    figures.push(`batching: an array of 2 operations refused with HTTP 400 ("${answer.text.trim()}")`);
  });

  it('limits requests per address: RATE_LIMITED with Retry-After (HTTP 429 on REST routes), other addresses unaffected', async () => {
    const headers = address();
    const answers: RawAnswer[] = [];
    // Three root fields count as one request.
    for (let i = 0; i < RATE.perIp + 5; i += 1) answers.push(await post(url, { query: '{ a: games(first: 1) { totalCount } b: allGames(first: 1) { totalCount } c: bolsaGames(first: 1) { totalCount } }' }, headers));
    const accepted = answers.filter((answer) => answer.errors === undefined);
    const refused = answers.filter((answer) => answer.errors !== undefined);
    expect(answers[0]?.errors).toBeUndefined();
    expect(accepted).toHaveLength(RATE.perIp);
    expect(refused).toHaveLength(5);
    for (const answer of refused) {
      // Counted before the body is read: refused before anything runs, so no data.
      expect(answer.status).toBe(429);
      expect(answer.data).toBeUndefined();
      expect(new Set(codesOf(answer))).toEqual(new Set(['RATE_LIMITED']));
      const [first] = answer.errors ?? [];
      expect(first?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
      expect(first?.message).toMatch(/^Too many requests from this address: at most 20 every 3 seconds\. Try again in \d seconds?\.$/);
    }
    const raw = await request(url).post('/graphql').set('content-type', 'application/json').set(headers).send({ query: ANONYMOUS_READ });
    expect(raw.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    const retryAfter = Number(raw.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(RATE.windowSeconds);
    // Another address is not affected, nor are health probes.
    expect((await post(url, { query: ANONYMOUS_READ }, address())).errors).toBeUndefined();
    expect((await request(url).get('/health').set(headers)).status).toBe(200);
    // REST routes share the budget, and answer 429 in JSON.
    const rest = await request(url).get('/classes/none/notes.csv').set(headers);
    expect(rest.status).toBe(429);
    expect(rest.body).toMatchObject({ code: 'RATE_LIMITED' });
    // Once the window has passed, the address may send again.
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
    expect((await post(url, { query: ANONYMOUS_READ }, headers)).errors).toBeUndefined();
    figures.push(
      `per address: ${RATE.perIp} of ${RATE.perIp + 5} requests (3 root fields each) accepted in a ${RATE.windowSeconds} s window, 5 refused RATE_LIMITED (HTTP 429) with Retry-After ${retryAfter} s (REST: HTTP 429 too); accepted again after it`,
    );
  });

  it('counts operations that run no resolver too (__typename, introspection): refused with HTTP 429', async () => {
    const headers = address();
    const answers: RawAnswer[] = [];
    for (let i = 0; i < RATE.perIp + 2; i += 1) {
      answers.push(await post(url, { query: i % 2 === 0 ? '{ __typename }' : '{ __schema { queryType { name } } }' }, headers));
    }
    expect(answers.slice(0, RATE.perIp).every((answer) => answer.errors === undefined)).toBe(true);
    for (const answer of answers.slice(RATE.perIp)) {
      expect(answer.status).toBe(429);
      expect(answer.data).toBeUndefined();
      expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    }
    // One budget: a resolver's request from that address is refused too.
    expect(codesOf(await post(url, { query: ANONYMOUS_READ }, headers))).toEqual(['RATE_LIMITED']);
    figures.push(`resolver-less operations: ${RATE.perIp} of ${RATE.perIp + 2} __typename/introspection requests accepted, the rest refused RATE_LIMITED with HTTP 429`);
  });

  it('limits requests per token whichever address they come from, and counts every try of a token against its address', async () => {
    const answers: RawAnswer[] = [];
    for (let i = 0; i < RATE.perToken + 2; i += 1) answers.push(await post(url, { query: '{ me { id } }' }, { ...address(), ...bearer(ann) }));
    expect(answers.slice(0, RATE.perToken).every((answer) => answer.errors === undefined)).toBe(true);
    for (const answer of answers.slice(RATE.perToken)) {
      expect(answer.status).toBe(429);
      expect(answer.data).toBeUndefined();
      expect(answer.errors?.[0]?.message).toMatch(/^Too many requests with this token: at most 8 every 3 seconds/);
    }
    // Anonymous requests still pass: the limit was the token's.
    expect((await post(url, { query: ANONYMOUS_READ }, address())).errors).toBeUndefined();
    // Guessing tokens from one address: each guess counts against the address.
    const guesser = address();
    const guesses: RawAnswer[] = [];
    for (let i = 0; i < RATE.perIp + 1; i += 1) guesses.push(await post(url, { query: '{ me { id } }' }, { ...guesser, authorization: `Bearer crb_guess${i}` }));
    expect(codesOf(guesses[RATE.perIp] as RawAnswer)).toEqual(['RATE_LIMITED']);
    expect(guesses.slice(0, RATE.perIp).every((answer) => codesOf(answer)[0] === 'UNAUTHENTICATED')).toBe(true);
    figures.push(`per token: ${RATE.perToken} accepted from ${RATE.perToken} addresses, the next refused RATE_LIMITED; ${RATE.perIp} wrong tokens from one address, then RATE_LIMITED`);
  });

  describe('over graphql-ws', () => {
    let client: Client;
    beforeAll(async () => {
      // A fresh account: Ann's token has used up its budget above.
      const wes = await signUp(api, 'Wes');
      await dataAs(api, wes.token, CREATE_GAME, { input: { gameId: 'limits-ws' } });
      client = wsClientAs(url, wes.token);
    });
    afterAll(async () => {
      await client.dispose();
    });

    it(`runs at most ${LIMITS.maxSubscriptionsPerConnection} operations at once on one connection`, async () => {
      const board = () => client.iterate<{ priceBoard: { round: number } }>({ query: `subscription { priceBoard(gameId: "limits-ws") { round } }` });
      const running = Array.from({ length: LIMITS.maxSubscriptionsPerConnection }, board);
      for (const subscription of running) expect((await subscription.next()).value).toEqual({ data: { priceBoard: { round: 0 } } });
      const extra = board();
      await expect(extra.next()).rejects.toEqual([
        expect.objectContaining({
          message: expect.stringContaining(`already runs ${LIMITS.maxSubscriptionsPerConnection} operations`),
          extensions: { code: 'TOO_MANY_SUBSCRIPTIONS', maxSubscriptionsPerConnection: LIMITS.maxSubscriptionsPerConnection },
        }),
      ]);
      // Another connection has its own budget; and once one completes, there is room again.
      const other = wsClientAs(url);
      const elsewhere = other.iterate({ query: `subscription { priceBoard(gameId: "limits-ws") { round } }` });
      expect((await elsewhere.next()).value).toEqual({ data: { priceBoard: { round: 0 } } });
      await elsewhere.return?.();
      await other.dispose();
      await running[0]?.return?.();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const again = board();
      expect((await again.next()).value).toEqual({ data: { priceBoard: { round: 0 } } });
      await again.return?.();
      for (const subscription of running.slice(1)) await subscription.return?.();
      figures.push(`subscriptions: ${LIMITS.maxSubscriptionsPerConnection} at once on one connection, the next refused TOO_MANY_SUBSCRIPTIONS; room again after one completed`);
    });

    it('applies the depth limit to subscriptions too', async () => {
      const deep = client.iterate({ query: `subscription { gameEvents(gameId: "limits-ws") { id data game { id players { playerId portfolio { holdings { stock { name } } } } } } }` });
      // Measured before validation: the limit holds even for a document that would not validate.
      const result = deep.next();
      await expect(result).rejects.toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'QUERY_TOO_DEEP' }) })]);
      figures.push('subscriptions: a subscription 7 levels deep refused QUERY_TOO_DEEP');
    });
  });

  it('keeps generous defaults', () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({ enabled: true, windowSeconds: 10, perIp: 1000, perToken: 500 });
  });
});

function bearer(account: SignedUp): Record<string, string> {
  return { authorization: `Bearer ${account.token}` };
}
