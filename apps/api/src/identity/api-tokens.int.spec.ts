import type { FormattedExecutionResult } from 'graphql';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../testing/test-app';
import { dataAs, errorOf, gqlAs, signUp, type SignedUp } from './testing/identity-client';

const CREATE = `mutation Create($input: CreateApiTokenInput!) {
  createApiToken(input: $input) { token apiToken { id name scopes createdAt lastUsedAt revokedAt } }
}`;
const LIST = `{ apiTokens { id name scopes createdAt lastUsedAt revokedAt } }`;
const REVOKE = `mutation Revoke($id: ID!) { revokeApiToken(input: { id: $id }) { id revokedAt } }`;
const ME = `{ me { id displayName scopes via } }`;

interface ApiToken {
  id: string;
  name: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

describe('API tokens', () => {
  let api: TestApp;
  let ann: SignedUp;
  let bob: SignedUp;
  let secret: string;
  let tokenId: string;
  const previousRounds = process.env['AUTH_BCRYPT_ROUNDS'];

  const create = (as: string | undefined, name: string, scopes: string[]) => gqlAs<{ createApiToken: { token: string; apiToken: ApiToken } }>(api, as, CREATE, { input: { name, scopes } });
  const list = async (as: string) => (await dataAs<{ apiTokens: ApiToken[] }>(api, as, LIST)).apiTokens;

  beforeAll(async () => {
    process.env['AUTH_BCRYPT_ROUNDS'] = '4';
    api = await startTestApp();
    ann = await signUp(api, 'Ann');
    bob = await signUp(api, 'Bob');
  });

  afterAll(async () => {
    await api.close();
    if (previousRounds === undefined) delete process.env['AUTH_BCRYPT_ROUNDS'];
    else process.env['AUTH_BCRYPT_ROUNDS'] = previousRounds;
  });

  it('are created with their scopes and shown once', async () => {
    const created = await create(ann.token, 'Scoreboard', ['PLAY', 'READ']);
    expect(created.errors).toBeUndefined();
    const payload = created.data?.createApiToken;
    if (!payload) throw new Error('no token');
    secret = payload.token;
    tokenId = payload.apiToken.id;
    expect(secret).toMatch(/^cbk_[A-Za-z0-9_-]{43}$/);
    expect(payload.apiToken).toEqual({ id: tokenId, name: 'Scoreboard', scopes: ['READ', 'PLAY'], createdAt: '2025-01-01T09:00:00.000Z', lastUsedAt: null, revokedAt: null });

    const listed = await list(ann.token);
    expect(listed).toEqual([payload.apiToken]);
    // Neither the read models nor the log hold the secret, only its SHA-256.
    expect(JSON.stringify(listed)).not.toContain(secret);
    const events = await api.eventStore.readStream(`account-${ann.accountId}`);
    expect(JSON.stringify(events)).not.toContain(secret);
    expect(events.at(-1)).toMatchObject({ type: 'ApiTokenIssued', data: { tokenHash: expect.stringMatching(/^[0-9a-f]{64}$/) } });
  });

  it('sign requests in as their account with their scopes, and record the last use at most once a minute', async () => {
    api.clock.advance(5);
    expect((await dataAs<{ me: unknown }>(api, secret, ME)).me).toEqual({ id: ann.accountId, displayName: 'Ann', scopes: ['READ', 'PLAY'], via: 'API_TOKEN' });
    expect((await list(ann.token))[0]?.lastUsedAt).toBe('2025-01-01T09:05:00.000Z');

    api.clock.advance(0.5);
    await dataAs(api, secret, ME);
    expect((await list(ann.token))[0]?.lastUsedAt).toBe('2025-01-01T09:05:00.000Z');

    api.clock.advance(1);
    await dataAs(api, secret, ME);
    expect((await list(ann.token))[0]?.lastUsedAt).toBe('2025-01-01T09:06:30.000Z');
    const uses = (await api.eventStore.readStream(`account-${ann.accountId}`)).filter((event) => event.type === 'ApiTokenUsed');
    expect(uses).toHaveLength(2);
  });

  it('cannot manage tokens without the admin scope, nor grant scopes they lack', async () => {
    expect(errorOf(await gqlAs(api, secret, LIST))).toEqual({ code: 'FORBIDDEN', domainCode: 'SCOPE_REQUIRED' });
    const admin = (await create(ann.token, 'Admin bot', ['ADMIN', 'READ'])).data?.createApiToken.token ?? '';
    expect(errorOf(await create(admin, 'Escalation', ['REFEREE']))).toEqual({ code: 'FORBIDDEN', domainCode: 'SCOPE_NOT_HELD' });
    const derived = await create(admin, 'Reader', ['READ']);
    expect(derived.data?.createApiToken.apiToken.scopes).toEqual(['READ']);
  });

  it('need a signed-in account and valid input', async () => {
    expect(errorOf(await create(undefined, 'x', ['READ']))).toEqual({ code: 'UNAUTHENTICATED', domainCode: 'SIGN_IN_REQUIRED' });
    const noScope = await create(ann.token, 'x', []);
    expect(noScope.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'scopes' }] });
    const unknown = await gqlAs(api, ann.token, CREATE, { input: { name: 'x', scopes: ['ROOT'] } });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it("are the account's own: another account sees none and cannot revoke them", async () => {
    expect(await list(bob.token)).toEqual([]);
    expect(errorOf(await gqlAs(api, bob.token, REVOKE, { id: tokenId }))).toEqual({ code: 'NOT_FOUND', domainCode: 'TOKEN_NOT_FOUND' });
  });

  it('are refused with UNAUTHENTICATED once revoked', async () => {
    api.clock.advance(1);
    const { revokeApiToken } = await dataAs<{ revokeApiToken: ApiToken }>(api, ann.token, REVOKE, { id: tokenId });
    expect(revokeApiToken).toEqual({ id: tokenId, revokedAt: '2025-01-01T09:07:30.000Z' });
    const refused = await gqlAs(api, secret, ME);
    expect(errorOf(refused)).toEqual({ code: 'UNAUTHENTICATED', domainCode: 'TOKEN_REVOKED' });
    expect(refused.errors?.[0]?.message).toBe('This API token has been revoked');
    // Revoking again changes nothing.
    const again = await dataAs<{ revokeApiToken: ApiToken }>(api, ann.token, REVOKE, { id: tokenId });
    expect(again.revokeApiToken.revokedAt).toBe('2025-01-01T09:07:30.000Z');
  });

  it('authenticate WebSocket operations from connectionParams.authorization', async () => {
    const url = await api.listen();
    const fresh = (await create(ann.token, 'Live board', ['READ'])).data?.createApiToken.token ?? '';
    await dataAs(api, ann.token, `mutation { createStockTickerGame(input: { gameId: "ws-game" }) { gameId } }`);
    const subscribe = async (authorization: string) => {
      const client = createClient({
        url: `${url.replace(/^http/, 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        retryAttempts: 0,
        connectionParams: { authorization },
      });
      const results = client.iterate({ query: `subscription { gameEvents(gameId: "ws-game", afterPosition: 0) { type } }` });
      try {
        const first = await results.next();
        return first.value as FormattedExecutionResult;
      } finally {
        await results.return?.();
        await client.dispose();
      }
    };
    const accepted = await subscribe(`Bearer ${fresh}`);
    expect(accepted.errors).toBeUndefined();
    expect(accepted.data).toEqual({ gameEvents: { type: 'GameCreated' } });
    const refused = await subscribe(`Bearer ${secret}`);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', domainCode: 'TOKEN_REVOKED' });
  });
});
