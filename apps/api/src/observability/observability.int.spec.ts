import request from 'supertest';
import { PASSWORD, gqlAs, signUp, wsClientAs } from '../identity/testing/identity-client';
import { startTestApp, type TestApp } from '../testing/test-app';
import { JsonLogger } from './json-logger';

const CREATE = `mutation Create($input: CreateStockTickerGameInput!) { createStockTickerGame(input: $input) { gameId } }`;

interface LogLine {
  readonly level: string;
  readonly msg?: string;
  readonly [field: string]: unknown;
}

describe('Logs and metrics of a production-like app', () => {
  let api: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    api = await startTestApp({ logger: new JsonLogger(['log', 'warn', 'error'], (line) => lines.push(line)) });
  });

  afterAll(async () => {
    await api.close();
  });

  const requestLines = (): LogLine[] =>
    lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.msg === 'request');

  it('writes one JSON line per request, naming the operation, principal kind, command, game and outcome', async () => {
    const { token } = await signUp(api, 'Logan');
    const created = await gqlAs(api, token, CREATE, { input: { gameId: 'logged-1', commandId: 'create-logged-1' } });
    expect(created.errors).toBeUndefined();
    const refused = await gqlAs(api, token, CREATE, { input: { gameId: 'logged-1' } });
    const refusal = refused.errors?.[0]?.extensions;
    expect(refusal).toBeDefined();

    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    const [signUpLine, createLine, refusedLine] = requestLines().slice(-3);
    expect(signUpLine).toMatchObject({ level: 'info', context: 'Http', operationName: 'SignUp', operationType: 'mutation', principalKind: 'anonymous', outcome: 'OK', method: 'POST', path: '/graphql', status: 200 });
    expect(createLine).toMatchObject({ operationName: 'Create', principalKind: 'account', commandId: 'create-logged-1', gameId: 'logged-1', outcome: 'OK' });
    expect(refusedLine).toMatchObject({ operationName: 'Create', gameId: 'logged-1', outcome: refusal?.['domainCode'] ?? refusal?.['code'] });
    expect(typeof refusedLine?.['commandId']).toBe('string');
    for (const line of [signUpLine, createLine, refusedLine]) {
      expect(line?.['requestId']).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
      expect(typeof line?.['durationMs']).toBe('number');
    }
  });

  it('never logs a password, a session token or an Authorization header', async () => {
    const { token } = await signUp(api, 'Secretive');
    await gqlAs(api, token, CREATE, { input: { gameId: 'logged-2' } });
    // A wrong password and a forged token, which the server refuses and may log about.
    await gqlAs(api, undefined, `mutation { signIn(input: { email: "secretive@example.com", password: "not the ${PASSWORD}" }) { token } }`);
    await gqlAs(api, 'forged.token.value', '{ games(first: 1) { edges { node { id } } } }');
    const all = lines.join('\n');
    expect(all).toContain('"principalKind":"account"');
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain(token);
    expect(all).not.toContain('forged.token.value');
    expect(all.toLowerCase()).not.toContain('bearer');
  });

  it('keeps a sane X-Request-Id and sends it back', async () => {
    const response = await request(api.app.getHttpServer()).get('/health/live').set('x-request-id', 'probe-42').expect(200);
    expect(response.headers['x-request-id']).toBe('probe-42');
    expect(requestLines().at(-1)).toMatchObject({ requestId: 'probe-42', method: 'GET', path: '/health/live', status: 200 });
    const odd = await request(api.app.getHttpServer()).get('/health/live').set('x-request-id', 'no spaces {allowed}').expect(200);
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves Prometheus metrics whose counters move with commands', async () => {
    const metric = async (pattern: RegExp): Promise<number> => {
      const response = await request(api.app.getHttpServer()).get('/metrics').expect(200);
      expect(response.headers['content-type']).toContain('text/plain');
      const found = pattern.exec(response.text);
      return found ? Number(found[1]) : 0;
    };
    const okCommands = /^corbeille_commands_total\{game="stock-ticker",outcome="OK"\} (\d+)$/m;
    const appended = /^corbeille_events_appended_total (\d+)$/m;
    const latencyCount = /^corbeille_command_duration_seconds_count\{game="stock-ticker"\} (\d+)$/m;
    const [commandsBefore, appendedBefore, latencyBefore] = [await metric(okCommands), await metric(appended), await metric(latencyCount)];

    const { token } = await signUp(api, 'Metric');
    await gqlAs(api, token, CREATE, { input: { gameId: 'counted-1' } });
    await gqlAs(api, token, CREATE, { input: { gameId: 'counted-2' } });

    expect(await metric(okCommands)).toBe(commandsBefore + 2);
    expect(await metric(latencyCount)).toBe(latencyBefore + 2);
    // The two games' creations and the account's sign-up.
    expect(await metric(appended)).toBeGreaterThanOrEqual(appendedBefore + 3);
    expect(await metric(/^corbeille_commands_total\{game="stock-ticker",outcome="[A-Z_]+"\} (\d+)$/m)).toBeGreaterThan(0);
    const text = (await request(api.app.getHttpServer()).get('/metrics')).text;
    for (const projection of ['games', 'identity', 'disputes']) {
      expect(text).toMatch(new RegExp(`^corbeille_projection_position\\{projection="${projection}"\\} [1-9]\\d*$`, 'm'));
      expect(text).toMatch(new RegExp(`^corbeille_projection_lag_events\\{projection="${projection}"\\} \\d+$`, 'm'));
    }
    for (const name of ['corbeille_append_conflicts_total', 'corbeille_command_retries_total', 'corbeille_websocket_connections', 'corbeille_subscriptions', 'corbeille_event_store_up 1']) {
      expect(text).toContain(name);
    }
  });

  it('counts open WebSocket connections and the operations running on them', async () => {
    const gauge = async (name: string): Promise<number> => {
      const text = (await request(api.app.getHttpServer()).get('/metrics')).text;
      return Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1]);
    };
    const { token } = await signUp(api, 'Watcher');
    await gqlAs(api, token, CREATE, { input: { gameId: 'watched-1' } });
    const client = wsClientAs(await api.listen(), token);
    try {
      const events = client.iterate({ query: 'subscription { gameEvents(gameId: "watched-1") { type } }' });
      const deadline = Date.now() + 5000;
      while ((await gauge('corbeille_subscriptions')) < 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await gauge('corbeille_websocket_connections')).toBe(1);
      expect(await gauge('corbeille_subscriptions')).toBe(1);
      await events.return?.();
    } finally {
      await client.dispose();
    }
    const deadline = Date.now() + 5000;
    while ((await gauge('corbeille_websocket_connections')) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await gauge('corbeille_websocket_connections')).toBe(0);
    expect(await gauge('corbeille_subscriptions')).toBe(0);
  });
});

describe('Metrics of rate limiting', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApp({ config: { rateLimits: { enabled: true, windowSeconds: 60, perIp: 3, perToken: 100 } } });
  });

  afterAll(async () => {
    await api.close();
  });

  it('counts the requests a rate limit refused, by limit', async () => {
    const codes: unknown[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await api.gql('{ games(first: 1) { edges { node { id } } } }');
      codes.push(response.errors?.[0]?.extensions?.code ?? 'OK');
    }
    const refused = codes.filter((code) => code === 'RATE_LIMITED').length;
    expect(refused).toBeGreaterThan(0);
    const text = (await request(api.app.getHttpServer()).get('/metrics')).text;
    expect(text).toMatch(new RegExp(`^corbeille_rate_limit_refusals_total\\{limit="ip"\\} ${refused}$`, 'm'));
  });
});
