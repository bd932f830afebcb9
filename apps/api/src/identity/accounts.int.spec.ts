import { startTestApp, type TestApp } from '../testing/test-app';
import { digestEmail } from './auth/credentials';
import { PASSWORD, SIGN_UP, dataAs, errorOf, gqlAs } from './testing/identity-client';

const SIGN_IN = `mutation SignIn($input: SignInInput!) { signIn(input: $input) { token expiresAt account { id email displayName } } }`;
const ME = `{ me { id email displayName createdAt scopes via } }`;

interface Payload {
  token: string;
  expiresAt: string;
  account: { id: string; email: string; displayName: string; createdAt: string; scopes: string[]; via: string };
}

describe('accounts and sessions over HTTP', () => {
  let api: TestApp;
  const previousRounds = process.env['AUTH_BCRYPT_ROUNDS'];

  beforeAll(async () => {
    process.env['AUTH_BCRYPT_ROUNDS'] = '4';
    api = await startTestApp();
  });

  afterAll(async () => {
    await api.close();
    if (previousRounds === undefined) delete process.env['AUTH_BCRYPT_ROUNDS'];
    else process.env['AUTH_BCRYPT_ROUNDS'] = previousRounds;
  });

  let ann: Payload;

  it('signs up with a normalised email, and the session token works at once', async () => {
    ann = (
      await dataAs<{ signUp: Payload }>(api, undefined, SIGN_UP, {
        input: { email: ' Ann@Example.com ', password: PASSWORD, displayName: 'Ann' },
      })
    ).signUp;
    expect(ann.account).toMatchObject({ email: 'ann@example.com', displayName: 'Ann', createdAt: '2025-01-01T09:00:00.000Z', via: 'SESSION' });
    expect(ann.account.scopes).toEqual(['READ', 'PLAY', 'REFEREE', 'ADMIN']);
    expect(ann.token.split('.')).toHaveLength(3);
    expect(ann.expiresAt).toBe('2025-01-01T21:00:00.000Z');

    const { me } = await dataAs<{ me: Payload['account'] }>(api, ann.token, ME);
    expect(me).toEqual(ann.account);
  });

  it('stores events, not passwords: the account stream holds a bcrypt hash', async () => {
    const events = await api.eventStore.readStream(`account-${ann.account.id}`);
    expect(events.map((event) => event.type)).toEqual(['AccountRegistered']);
    expect(JSON.stringify(events)).not.toContain(PASSWORD);
    expect(events[0]?.data).toMatchObject({ passwordHash: expect.stringMatching(/^\$2[aby]\$04\$/) });
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const again = await gqlAs(api, undefined, SIGN_UP, { input: { email: 'ANN@example.com', password: PASSWORD, displayName: 'Other Ann' } });
    expect(errorOf(again)).toEqual({ code: 'CONFLICT', domainCode: 'EMAIL_TAKEN' });
  });

  it('finishes a sign-up that stopped between claiming the email and registering the account', async () => {
    const metadata = { commandId: 'c', actor: 'x', correlationId: 'c', causationId: 'c', occurredAt: '2025-01-01T09:00:00.000Z' };
    const orphan = '11111111-1111-4111-8111-111111111111';
    await api.eventStore.appendToStream(
      `email-claim-${digestEmail('half@example.com')}`,
      [{ type: 'Claimed', data: { key: 'half@example.com', ownerId: orphan, claimedAt: metadata.occurredAt }, metadata }],
      'no-stream',
    );
    const { signUp } = await dataAs<{ signUp: Payload }>(api, undefined, SIGN_UP, {
      input: { email: 'half@example.com', password: PASSWORD, displayName: 'Half' },
    });
    expect(signUp.account.id).toBe(orphan);
    const again = await gqlAs(api, undefined, SIGN_UP, { input: { email: 'half@example.com', password: PASSWORD, displayName: 'Twice' } });
    expect(errorOf(again)).toEqual({ code: 'CONFLICT', domainCode: 'EMAIL_TAKEN' });
  });

  it('validates sign-up input', async () => {
    const bad = await gqlAs(api, undefined, SIGN_UP, { input: { email: 'not-an-email', password: 'short', displayName: '' } });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const fields = (bad.errors?.[0]?.extensions?.['fields'] as { field: string }[]).map((field) => field.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'password', 'displayName']));
  });

  it('signs in with the right password only, answering the same for an unknown email', async () => {
    const { signIn } = await dataAs<{ signIn: Payload }>(api, undefined, SIGN_IN, { input: { email: 'ann@EXAMPLE.com', password: PASSWORD } });
    expect(signIn.account).toMatchObject({ id: ann.account.id, displayName: 'Ann' });
    expect((await dataAs<{ me: { id: string } }>(api, signIn.token, ME)).me.id).toBe(ann.account.id);

    const wrong = await gqlAs(api, undefined, SIGN_IN, { input: { email: 'ann@example.com', password: 'wrong password' } });
    const unknown = await gqlAs(api, undefined, SIGN_IN, { input: { email: 'nobody@example.com', password: PASSWORD } });
    expect(errorOf(wrong)).toEqual({ code: 'UNAUTHENTICATED', domainCode: 'WRONG_CREDENTIALS' });
    expect(unknown.errors?.[0]).toEqual(wrong.errors?.[0] && { ...wrong.errors[0], path: ['signIn'] });
  });

  it('refuses a password above 72 UTF-8 bytes at sign-in as at sign-up, with the same error, so nothing can be appended', async () => {
    // bcrypt compares the first 72 bytes only: a 72-byte password with anything after it used to sign in.
    const exactly72 = 'p'.repeat(72);
    const { signUp } = await dataAs<{ signUp: Payload }>(api, undefined, SIGN_UP, {
      input: { email: 'long@example.com', password: exactly72, displayName: 'Long' },
    });
    expect(signUp.account.email).toBe('long@example.com');
    expect((await dataAs<{ signIn: Payload }>(api, undefined, SIGN_IN, { input: { email: 'long@example.com', password: exactly72 } })).signIn.account.id).toBe(
      signUp.account.id,
    );

    const fieldsOf = (response: Awaited<ReturnType<typeof gqlAs>>): unknown => ({
      code: response.errors?.[0]?.extensions?.code,
      fields: response.errors?.[0]?.extensions?.['fields'],
      data: response.data,
    });
    // 73 ASCII bytes, and 37 two-byte characters (74 bytes, 37 characters: under a limit counted in characters).
    for (const tooLong of [`${exactly72}anything`, `${exactly72}x`, 'é'.repeat(37)]) {
      const signIn = await gqlAs(api, undefined, SIGN_IN, { input: { email: 'long@example.com', password: tooLong } });
      const signUpAgain = await gqlAs(api, undefined, SIGN_UP, { input: { email: 'other-long@example.com', password: tooLong, displayName: 'Other' } });
      const expected = {
        code: 'BAD_USER_INPUT',
        fields: [{ field: 'password', messages: ['password must be at most 72 bytes in UTF-8 (longer is refused, not cut)'] }],
      };
      expect(fieldsOf(signIn)).toEqual({ ...expected, data: { signIn: null } });
      expect(fieldsOf(signUpAgain)).toEqual({ ...expected, data: { signUp: null } });
    }
  });

  it('is anonymous without a token: me is null', async () => {
    expect(await dataAs(api, undefined, ME)).toEqual({ me: null });
  });

  it.each([
    ['a token that is not a JWT', 'not-a-token', 'INVALID_TOKEN'],
    ['a tampered JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl', 'INVALID_TOKEN'],
    ['an unknown API token', `cbk_${'A'.repeat(43)}`, 'INVALID_TOKEN'],
  ])('refuses %s with UNAUTHENTICATED', async (_label, token, domainCode) => {
    const response = await gqlAs(api, token, ME);
    expect(errorOf(response)).toEqual({ code: 'UNAUTHENTICATED', domainCode });
    expect(response.data).toEqual({ me: null });
  });

  it('refuses an Authorization header that is not a bearer token', async () => {
    const response = await gqlAs(api, undefined, ME, {}, `Basic ${Buffer.from('ann:pw').toString('base64')}`);
    expect(errorOf(response)).toEqual({ code: 'UNAUTHENTICATED', domainCode: 'MALFORMED_AUTHORIZATION' });
  });

  it('refuses a token signed with another secret', async () => {
    const secret = process.env['AUTH_SECRET'];
    process.env['AUTH_SECRET'] = 'another secret, long enough to sign sessions';
    const other = await startTestApp();
    if (secret === undefined) delete process.env['AUTH_SECRET'];
    else process.env['AUTH_SECRET'] = secret;
    try {
      const { signUp } = await dataAs<{ signUp: Payload }>(other, undefined, SIGN_UP, {
        input: { email: 'ann@example.com', password: PASSWORD, displayName: 'Ann elsewhere' },
      });
      expect(errorOf(await gqlAs(api, signUp.token, ME))).toEqual({ code: 'UNAUTHENTICATED', domainCode: 'INVALID_TOKEN' });
    } finally {
      await other.close();
    }
  });

  it('ends a session when it expires (12 hours by default)', async () => {
    api.clock.advance(12 * 60 - 1);
    expect((await dataAs<{ me: { id: string } }>(api, ann.token, ME)).me.id).toBe(ann.account.id);
    api.clock.advance(2);
    expect(errorOf(await gqlAs(api, ann.token, ME))).toEqual({ code: 'UNAUTHENTICATED', domainCode: 'TOKEN_EXPIRED' });
  });
});
