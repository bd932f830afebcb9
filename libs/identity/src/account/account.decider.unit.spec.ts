import { deciderSpecification } from '@corbeille/kernel/testing';
import { API_TOKEN_USE_DEBOUNCE_MS, MAX_ACTIVE_API_TOKENS, accountDecider } from './account.decider';
import type { AccountEvent } from './account.types';

const spec = deciderSpecification(accountDecider);
const NOW = '2026-01-01T00:00:00.000Z';
const HASH = 'a'.repeat(64);
const OTHER_HASH = 'b'.repeat(64);

const registered: AccountEvent = {
  type: 'AccountRegistered',
  data: { accountId: 'ann', email: 'ann@example.com', displayName: 'Ann', passwordHash: '$2b$10$hash', registeredAt: NOW },
};
const issued: AccountEvent = {
  type: 'ApiTokenIssued',
  data: { accountId: 'ann', tokenId: 't1', name: 'Scoreboard', scopes: ['read'], tokenHash: HASH, issuedAt: NOW },
};
const at = (iso: string) => ({ now: iso });

describe('account decider', () => {
  describe('RegisterAccount', () => {
    it('registers with a normalised email and a trimmed display name', () => {
      spec
        .given([])
        .when({
          type: 'RegisterAccount',
          data: { accountId: 'ann', email: '  Ann@Example.COM ', displayName: '  Ann  ', passwordHash: '$2b$10$hash' },
        })
        .then([registered]);
    });

    it('refuses a second registration of the same account', () => {
      spec
        .given([registered])
        .when({ type: 'RegisterAccount', data: { accountId: 'ann', email: 'ann@example.com', displayName: 'Ann', passwordHash: 'x' } })
        .thenThrows({ kind: 'CONFLICT', code: 'ACCOUNT_EXISTS' });
    });

    it.each([
      ['a malformed email', { email: 'not-an-email' }, 'INVALID_EMAIL'],
      ['an empty display name', { displayName: '   ' }, 'INVALID_NAME'],
      ['a display name with control characters', { displayName: 'Ann\u0007' }, 'INVALID_NAME'],
      ['a missing password hash', { passwordHash: '' }, 'INVALID_PASSWORD_HASH'],
      ['an invalid id', { accountId: 'has space' }, 'INVALID_ID'],
    ])('refuses %s', (_label, change, code) => {
      spec
        .given([])
        .when({
          type: 'RegisterAccount',
          data: { accountId: 'ann', email: 'ann@example.com', displayName: 'Ann', passwordHash: 'h', ...change },
        })
        .thenThrows({ kind: 'INVALID_INPUT', code });
    });
  });

  describe('IssueApiToken', () => {
    it('issues a token with its scopes in canonical order, storing only the digest', () => {
      spec
        .given([registered])
        .when({
          type: 'IssueApiToken',
          data: { actorId: 'ann', tokenId: 't1', name: ' Scoreboard ', scopes: ['read'], tokenHash: HASH },
        })
        .then([issued]);
      spec
        .given([registered])
        .when({
          type: 'IssueApiToken',
          data: { actorId: 'ann', tokenId: 't2', name: 'Bot', scopes: ['play', 'read', 'play'], tokenHash: OTHER_HASH },
        })
        .then((events) => expect(events[0]?.data).toMatchObject({ scopes: ['read', 'play'] }));
    });

    it('is for the account itself only', () => {
      spec
        .given([registered])
        .when({ type: 'IssueApiToken', data: { actorId: 'bob', tokenId: 't1', name: 'x', scopes: ['read'], tokenHash: HASH } })
        .thenThrows({ kind: 'FORBIDDEN', code: 'NOT_YOUR_ACCOUNT' });
    });

    it('needs a registered account', () => {
      spec
        .given([])
        .when({ type: 'IssueApiToken', data: { actorId: 'ann', tokenId: 't1', name: 'x', scopes: ['read'], tokenHash: HASH } })
        .thenThrows({ kind: 'NOT_FOUND', code: 'ACCOUNT_NOT_FOUND' });
    });

    it.each([
      ['no scope', { scopes: [] }, 'NO_SCOPES'],
      ['an unknown scope', { scopes: ['read', 'root'] }, 'UNKNOWN_SCOPE'],
      ['a digest that is not SHA-256 hex', { tokenHash: 'secret-in-clear' }, 'INVALID_TOKEN_HASH'],
      ['an empty name', { name: '' }, 'INVALID_NAME'],
    ])('refuses %s', (_label, change, code) => {
      spec
        .given([registered])
        .when({
          type: 'IssueApiToken',
          data: { actorId: 'ann', tokenId: 't9', name: 'x', scopes: ['read'], tokenHash: OTHER_HASH, ...change },
        })
        .thenThrows({ kind: 'INVALID_INPUT', code });
    });

    it('refuses a token id or digest already in use', () => {
      spec
        .given([registered, issued])
        .when({ type: 'IssueApiToken', data: { actorId: 'ann', tokenId: 't1', name: 'x', scopes: ['read'], tokenHash: OTHER_HASH } })
        .thenThrows({ kind: 'CONFLICT', code: 'TOKEN_EXISTS' });
      spec
        .given([registered, issued])
        .when({ type: 'IssueApiToken', data: { actorId: 'ann', tokenId: 't2', name: 'x', scopes: ['read'], tokenHash: HASH } })
        .thenThrows({ kind: 'CONFLICT', code: 'TOKEN_EXISTS' });
    });

    it(`allows at most ${MAX_ACTIVE_API_TOKENS} active tokens, counting revoked ones out`, () => {
      const many: AccountEvent[] = Array.from({ length: MAX_ACTIVE_API_TOKENS }, (_, index) => ({
        type: 'ApiTokenIssued',
        data: {
          accountId: 'ann',
          tokenId: `t${index}`,
          name: 'x',
          scopes: ['read'],
          tokenHash: index.toString(16).padStart(64, '0'),
          issuedAt: NOW,
        },
      }));
      const command = {
        type: 'IssueApiToken' as const,
        data: { actorId: 'ann', tokenId: 'extra', name: 'x', scopes: ['read'], tokenHash: 'f'.repeat(64) },
      };
      spec.given([registered, ...many]).when(command).thenThrows({ kind: 'RULE_VIOLATION', code: 'TOO_MANY_TOKENS' });
      const revoked: AccountEvent = { type: 'ApiTokenRevoked', data: { accountId: 'ann', tokenId: 't0', revokedAt: NOW } };
      spec.given([registered, ...many, revoked]).when(command).then((events) => expect(events).toHaveLength(1));
    });
  });

  describe('RevokeApiToken', () => {
    it('revokes once; revoking again records nothing', () => {
      const revoked: AccountEvent = { type: 'ApiTokenRevoked', data: { accountId: 'ann', tokenId: 't1', revokedAt: '2026-01-02T00:00:00.000Z' } };
      spec
        .given([registered, issued])
        .when({ type: 'RevokeApiToken', data: { actorId: 'ann', tokenId: 't1' } }, at('2026-01-02T00:00:00.000Z'))
        .then([revoked]);
      spec.given([registered, issued, revoked]).when({ type: 'RevokeApiToken', data: { actorId: 'ann', tokenId: 't1' } }).then([]);
    });

    it("cannot touch another account's tokens, nor unknown ones", () => {
      spec
        .given([registered, issued])
        .when({ type: 'RevokeApiToken', data: { actorId: 'bob', tokenId: 't1' } })
        .thenThrows({ kind: 'FORBIDDEN', code: 'NOT_YOUR_ACCOUNT' });
      spec
        .given([registered, issued])
        .when({ type: 'RevokeApiToken', data: { actorId: 'ann', tokenId: 'nope' } })
        .thenThrows({ kind: 'NOT_FOUND', code: 'TOKEN_NOT_FOUND' });
    });
  });

  describe('RecordApiTokenUse', () => {
    const use = { type: 'RecordApiTokenUse' as const, data: { tokenId: 't1' } };
    const usedAt = (iso: string): AccountEvent => ({ type: 'ApiTokenUsed', data: { accountId: 'ann', tokenId: 't1', usedAt: iso } });

    it('records the first use', () => {
      spec.given([registered, issued]).when(use, at('2026-01-01T10:00:00.000Z')).then([usedAt('2026-01-01T10:00:00.000Z')]);
    });

    it('records at most one use a minute', () => {
      const first = usedAt('2026-01-01T10:00:00.000Z');
      spec.given([registered, issued, first]).when(use, at('2026-01-01T10:00:59.999Z')).then([]);
      const later = new Date(Date.parse('2026-01-01T10:00:00.000Z') + API_TOKEN_USE_DEBOUNCE_MS).toISOString();
      spec.given([registered, issued, first]).when(use, at(later)).then([usedAt(later)]);
    });

    it('ignores the use of a revoked token and refuses an unknown one', () => {
      const revoked: AccountEvent = { type: 'ApiTokenRevoked', data: { accountId: 'ann', tokenId: 't1', revokedAt: NOW } };
      spec.given([registered, issued, revoked]).when(use).then([]);
      spec.given([registered]).when(use).thenThrows({ kind: 'NOT_FOUND', code: 'TOKEN_NOT_FOUND' });
    });
  });

  it('folds tokens with their last use and revocation', () => {
    const events: AccountEvent[] = [
      registered,
      issued,
      { type: 'ApiTokenUsed', data: { accountId: 'ann', tokenId: 't1', usedAt: '2026-01-01T10:00:00.000Z' } },
      { type: 'ApiTokenRevoked', data: { accountId: 'ann', tokenId: 't1', revokedAt: '2026-01-01T11:00:00.000Z' } },
    ];
    const state = events.reduce(accountDecider.evolve, accountDecider.initialState());
    expect(state).toMatchObject({
      status: 'registered',
      tokens: [{ tokenId: 't1', lastUsedAt: '2026-01-01T10:00:00.000Z', revokedAt: '2026-01-01T11:00:00.000Z' }],
    });
  });
});
