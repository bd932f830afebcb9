import request from 'supertest';
import { DEFAULT_LIMITS } from '../config/app-config';
import { PASSWORD, signUp, type SignedUp } from '../identity/testing/identity-client';
import { startTestApp, type TestApp } from '../testing/test-app';
import { post, RawSocket, socketCodes, type RawAnswer, type SocketAnswer } from './reliability-helpers';

/**
 * Hostile documents and traffic, over HTTP and graphql-ws: each limit holds on both transports, refused
 * requests cost their sender, and nothing of a refused request runs.
 */
const LIMITS = {
  ...DEFAULT_LIMITS,
  maxQueryDepth: 8,
  maxQueryComplexity: 300,
  maxBodyBytes: 32_768,
  maxTokens: 5000,
  maxAliases: 40,
  maxDirectives: 20,
  maxMutationFields: 5,
  maxSocketsPerAddress: 3,
};
const RATE = { enabled: true, windowSeconds: 60, perIp: 12, perToken: 8 };

/** `...F0` where each F(i) spreads F(i+1) twice: 2^levels copies of `__typename` once expanded, in about 1 KB. */
function fragmentBomb(levels: number, spreads: number): string {
  const fragments = Array.from({ length: levels }, (_, index) => `fragment F${index} on Query { ${Array.from({ length: spreads }, () => `...F${index + 1}`).join(' ')} }`);
  return `query { ...F0 } ${fragments.join(' ')} fragment F${levels} on Query { __typename }`;
}
const BINARY_BOMB = fragmentBomb(24, 2);
const DECIMAL_BOMB = fragmentBomb(10, 10);
const CREATE = (alias: string) => `${alias}: createStockTickerGame(input: { gameId: "${alias}" }) { gameId }`;
const ALIASED_CREATES = (count: number) => `mutation { ${Array.from({ length: count }, (_, index) => CREATE(`g${index}`)).join(' ')} }`;

function codesOf(answer: { readonly errors?: readonly { readonly extensions?: Readonly<Record<string, unknown>> }[] | undefined }): unknown[] {
  return (answer.errors ?? []).map((error) => error.extensions?.['code']);
}

describe('hostile traffic', () => {
  let api: TestApp;
  let url: string;
  let nextAddress = 1;
  const figures: string[] = [];
  const address = () => ({ 'x-forwarded-for': `198.51.100.${nextAddress++}` });

  beforeAll(async () => {
    api = await startTestApp({ config: { limits: LIMITS, rateLimits: RATE, trustProxyHops: 1, introspection: false } });
    url = await api.listen();
  });

  afterAll(async () => {
    await api.close();
    console.log(`hostile traffic:\n  ${figures.join('\n  ')}`);
  });

  const eventCount = async () => (await api.eventStore.readAll()).length;

  it('measures fragment bombs in linear time over HTTP: refused at once while /health answers', async () => {
    for (const [name, query] of [['24 levels x 2 spreads', BINARY_BOMB], ['10 levels x 10 spreads', DECIMAL_BOMB]] as const) {
      const started = performance.now();
      const [answer, health] = await Promise.all([post(url, { query }, address()), request(url).get('/health')]);
      const elapsed = Math.round(performance.now() - started);
      expect(answer.status).toBe(400);
      expect(codesOf(answer)).toEqual(['QUERY_TOO_COMPLEX']);
      expect(health.status).toBe(200);
      expect(elapsed).toBeLessThan(1000);
      figures.push(`HTTP fragment bomb ${name} (${query.length} bytes): QUERY_TOO_COMPLEX in ${elapsed} ms, /health answered meanwhile`);
    }
  });

  it('measures fragment bombs in linear time over WebSocket too', async () => {
    const socket = await RawSocket.open(url, address());
    for (const query of [BINARY_BOMB, DECIMAL_BOMB]) {
      const started = performance.now();
      const answers = await socket.run(query);
      expect(socketCodes(answers)).toEqual(['QUERY_TOO_COMPLEX']);
      expect(performance.now() - started).toBeLessThan(1000);
    }
    await socket.close();
    figures.push('WebSocket fragment bombs: QUERY_TOO_COMPLEX at once');
  });

  it('caps tokens, aliases and directives before measuring anything, on both transports', async () => {
    const tooManyTokens = `{ ${Array.from({ length: LIMITS.maxTokens }, () => 'a').join(' ')} }`;
    const tooManyAliases = `{ ${Array.from({ length: 41 }, (_, index) => `a${index}: __typename`).join(' ')} }`;
    const tooManyDirectives = `{ ${Array.from({ length: 21 }, () => '__typename @skip(if: false)').join(' ')} }`;
    const cases = [
      [tooManyTokens, 'QUERY_TOO_LARGE'],
      [tooManyAliases, 'TOO_MANY_ALIASES'],
      [tooManyDirectives, 'TOO_MANY_DIRECTIVES'],
    ] as const;
    const socket = await RawSocket.open(url, address());
    for (const [query, code] of cases) {
      const answer = await post(url, { query }, address());
      expect(answer.status).toBe(400);
      expect(codesOf(answer)).toEqual([code]);
      expect(socketCodes(await socket.run(query))).toEqual([code]);
    }
    // Within the caps, the same kinds of documents run.
    const within = `{ ${Array.from({ length: 40 }, (_, index) => `a${index}: __typename @skip(if: false)`).join(' ')} }`;
    expect((await post(url, { query: within.replace(/ @skip\(if: false\)/g, '') }, address())).errors).toBeUndefined();
    await socket.close();
    figures.push(`caps: ${LIMITS.maxTokens} tokens, ${LIMITS.maxAliases} aliases, ${LIMITS.maxDirectives} directives; one more refused QUERY_TOO_LARGE / TOO_MANY_ALIASES / TOO_MANY_DIRECTIVES over HTTP and WebSocket`);
  });

  it('refuses a request carrying more mutations than allowed, whole, before any runs', async () => {
    const owner = await signUp(api, 'Mia');
    const before = await eventCount();
    const started = performance.now();
    const aliased = await post(url, { query: ALIASED_CREATES(300) }, { ...address(), authorization: `Bearer ${owner.token}` });
    const elapsed = Math.round(performance.now() - started);
    expect(aliased.status).toBe(400);
    expect(codesOf(aliased)).toEqual(['TOO_MANY_ALIASES']);
    const six = await post(url, { query: ALIASED_CREATES(6) }, { ...address(), authorization: `Bearer ${owner.token}` });
    expect(six.status).toBe(400);
    expect(codesOf(six)).toEqual(['TOO_MANY_MUTATIONS']);
    expect(six.errors?.[0]?.extensions).toMatchObject({ mutationFields: 6, maxMutationFields: LIMITS.maxMutationFields });
    // 200 aliased signIns: refused before any password is hashed.
    const signIns = `mutation { ${Array.from({ length: 200 }, (_, index) => `s${index}: signIn(input: { email: "mia@example.com", password: "${PASSWORD}" }) { token }`).join(' ')} }`;
    const signInStarted = performance.now();
    const signInAnswer = await post(url, { query: signIns }, address());
    const signInElapsed = Math.round(performance.now() - signInStarted);
    expect(signInAnswer.status).toBe(400);
    expect(signInElapsed).toBeLessThan(1000);
    expect(await eventCount()).toBe(before);
    expect((await api.gql<{ games: { totalCount: number } }>('{ games(first: 1) { totalCount } }')).data?.games.totalCount).toBe(0);
    figures.push(
      `mutations: 300 aliased createStockTickerGame refused TOO_MANY_ALIASES in ${elapsed} ms, 6 refused TOO_MANY_MUTATIONS (limit ${LIMITS.maxMutationFields}), 200 aliased signIn refused in ${signInElapsed} ms; 0 events, 0 games`,
    );
  });

  it('counts each mutation field as one request against the token budget', async () => {
    const ned: SignedUp = await signUp(api, 'Ned');
    const headers = { ...address(), authorization: `Bearer ${ned.token}` };
    const five = await post(url, { query: ALIASED_CREATES(5).replace(/g(\d)/g, 'ned$1') }, headers);
    expect(five.errors).toBeUndefined();
    const before = await eventCount();
    // 5 of 8 used: 4 more commands would make 9.
    const four = await post(url, { query: ALIASED_CREATES(4).replace(/g(\d)/g, 'nedmore$1') }, { ...address(), authorization: `Bearer ${ned.token}` });
    expect(four.status).toBe(429);
    expect(codesOf(four)).toEqual(['RATE_LIMITED']);
    expect(await eventCount()).toBe(before);
    figures.push(`commands: a request of 5 mutations counts 5 of the token's ${RATE.perToken}; the next request of 4 refused RATE_LIMITED (HTTP 429) and wrote nothing`);
  });

  it('counts refused requests: parse, validation and limit failures use up the address budget', async () => {
    const headers = address();
    const refusals = ['{', '{ noSuchField }', BINARY_BOMB, '{ a: __typename b: __typename'];
    const answers: RawAnswer[] = [];
    for (let i = 0; i < RATE.perIp; i += 1) answers.push(await post(url, { query: refusals[i % refusals.length] }, headers));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 400));
    const next = await post(url, { query: '{ __typename }' }, headers);
    expect(next.status).toBe(429);
    expect(codesOf(next)).toEqual(['RATE_LIMITED']);
    // Unreadable bodies count too.
    const other = address();
    for (let i = 0; i < RATE.perIp; i += 1) await request(url).post('/graphql').set('content-type', 'application/json').set(other).send('{"query":');
    expect((await post(url, { query: '{ __typename }' }, other)).status).toBe(429);
    figures.push(`refusals count: ${RATE.perIp} syntax/validation/cost refusals (or unreadable bodies) from one address, then its next valid request refused RATE_LIMITED (HTTP 429)`);
  });

  it('rate-limits WebSocket operations with the same budgets as HTTP, refusals included', async () => {
    const wes = await signUp(api, 'Wes');
    const socket = await RawSocket.open(url, address(), { authorization: `Bearer ${wes.token}` });
    const answers: SocketAnswer[][] = [];
    for (let i = 0; i < RATE.perToken + 3; i += 1) answers.push(await socket.run(i % 2 === 0 ? '{ me { id } }' : '{ nope }'));
    const refused = answers.filter((answer) => socketCodes(answer).includes('RATE_LIMITED'));
    expect(refused).toHaveLength(3);
    expect(answers.slice(0, RATE.perToken).every((answer) => !socketCodes(answer).includes('RATE_LIMITED'))).toBe(true);
    // One budget: the token is refused over HTTP too.
    const http = await post(url, { query: '{ me { id } }' }, { ...address(), authorization: `Bearer ${wes.token}` });
    expect(codesOf(http)).toEqual(['RATE_LIMITED']);
    // And an address: anonymous operations on one socket.
    const anonymous = await RawSocket.open(url, address());
    let limited = 0;
    for (let i = 0; i < RATE.perIp + 2; i += 1) if (socketCodes(await anonymous.run('{ __typename }')).includes('RATE_LIMITED')) limited += 1;
    expect(limited).toBe(2);
    await socket.close();
    await anonymous.close();
    figures.push(`WebSocket: ${RATE.perToken} operations on one token accepted, the next 3 refused RATE_LIMITED, and then that token over HTTP; ${RATE.perIp} anonymous operations per address, then RATE_LIMITED`);
  });

  it('caps open sockets per address: the next upgrade is answered 429 TOO_MANY_SOCKETS', async () => {
    const headers = address();
    const sockets = await Promise.all(Array.from({ length: LIMITS.maxSocketsPerAddress }, () => RawSocket.open(url, headers)));
    const refusal = await RawSocket.open(url, headers).then(
      () => undefined,
      (error: { status?: number; body?: string }) => error,
    );
    expect(refusal?.status).toBe(429);
    expect(JSON.parse(refusal?.body ?? '{}')).toMatchObject({ errors: [{ extensions: { code: 'TOO_MANY_SOCKETS', maxSocketsPerAddress: LIMITS.maxSocketsPerAddress } }] });
    // Another address is not affected; closing one makes room.
    await (await RawSocket.open(url, address())).close();
    await sockets[0]?.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await RawSocket.open(url, headers);
    await Promise.all([again, ...sockets.slice(1)].map((socket) => socket?.close()));
    figures.push(`sockets: ${LIMITS.maxSocketsPerAddress} open from one address, the next upgrade answered HTTP 429 TOO_MANY_SOCKETS; room again after one closed`);
  });

  it('applies the production settings on the socket as over HTTP: no introspection, messages no larger than a body', async () => {
    const query = '{ __schema { queryType { name } } }';
    const http = await post(url, { query }, address());
    expect(http.status).toBe(400);
    const socket = await RawSocket.open(url, address());
    const answers = await socket.run(query);
    const httpError = http.errors?.[0];
    expect(answers).toEqual([{ type: 'error', payload: [expect.objectContaining({ message: httpError?.message, extensions: expect.objectContaining({ code: 'GRAPHQL_VALIDATION_FAILED' }) })] }]);
    // A message larger than an HTTP body closes the socket (1009: message too big), as a body that size is refused.
    const padding = 'x'.repeat(LIMITS.maxBodyBytes + 1);
    socket.socket.send(JSON.stringify({ id: 'big', type: 'subscribe', payload: { query: '{ __typename }', variables: { padding } } }));
    expect(await socket.closed).toBe(1009);
    figures.push(`production settings: introspection refused over WebSocket with HTTP's message; a ${LIMITS.maxBodyBytes + 1}-byte message closed the socket with 1009 (HTTP: 413)`);
  });
});
