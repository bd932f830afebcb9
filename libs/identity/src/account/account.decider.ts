import {
  ConcurrencyConflict,
  Forbidden,
  InvalidInput,
  NotFound,
  RuleViolation,
  assertNever,
  isValidId,
  type Decider,
  type DecisionContext,
} from '@corbeille/kernel';
import { normalizeScopes } from '../scopes';
import { cleanName, millisBetween, normalizeEmail } from '../validation';
import type { AccountCommand, AccountEvent, AccountState, ApiTokenRecord } from './account.types';

export const MAX_DISPLAY_NAME_LENGTH = 64;
export const MAX_TOKEN_NAME_LENGTH = 64;
/** Active (unrevoked) tokens an account may hold at once. */
export const MAX_ACTIVE_API_TOKENS = 25;
/** A token's last use is recorded at most this often. */
export const API_TOKEN_USE_DEBOUNCE_MS = 60_000;

const SHA256_HEX = /^[0-9a-f]{64}$/;

type RegisteredAccount = Extract<AccountState, { status: 'registered' }>;

export const initialAccountState = (): AccountState => ({ status: 'unregistered' });

export function decideAccount(state: AccountState, command: AccountCommand, context: DecisionContext): AccountEvent[] {
  switch (command.type) {
    case 'RegisterAccount': {
      if (state.status === 'registered') {
        throw new ConcurrencyConflict('ACCOUNT_EXISTS', 'This account already exists', { accountId: state.accountId });
      }
      const { accountId, passwordHash } = command.data;
      if (!isValidId(accountId)) throw new InvalidInput('INVALID_ID', 'The account id is not valid', { accountId });
      if (passwordHash.length === 0 || passwordHash.length > 200) {
        throw new InvalidInput('INVALID_PASSWORD_HASH', 'The password hash is missing or malformed');
      }
      return [
        {
          type: 'AccountRegistered',
          data: {
            accountId,
            email: normalizeEmail(command.data.email),
            displayName: cleanName(command.data.displayName, 'displayName', MAX_DISPLAY_NAME_LENGTH),
            passwordHash,
            registeredAt: context.now,
          },
        },
      ];
    }
    case 'IssueApiToken': {
      const account = ownAccount(state, command.data.actorId);
      const { tokenId, tokenHash } = command.data;
      if (!isValidId(tokenId)) throw new InvalidInput('INVALID_ID', 'The token id is not valid', { tokenId });
      if (!SHA256_HEX.test(tokenHash)) throw new InvalidInput('INVALID_TOKEN_HASH', 'The token digest must be SHA-256 in hex');
      if (account.tokens.some((token) => token.tokenId === tokenId || token.tokenHash === tokenHash)) {
        throw new ConcurrencyConflict('TOKEN_EXISTS', 'This API token already exists', { tokenId });
      }
      const active = account.tokens.filter((token) => token.revokedAt === null).length;
      if (active >= MAX_ACTIVE_API_TOKENS) {
        throw new RuleViolation(
          'TOO_MANY_TOKENS',
          `An account may hold at most ${MAX_ACTIVE_API_TOKENS} active API tokens; revoke one first`,
          { max: MAX_ACTIVE_API_TOKENS },
        );
      }
      return [
        {
          type: 'ApiTokenIssued',
          data: {
            accountId: account.accountId,
            tokenId,
            name: cleanName(command.data.name, 'name', MAX_TOKEN_NAME_LENGTH),
            scopes: normalizeScopes(command.data.scopes),
            tokenHash,
            issuedAt: context.now,
          },
        },
      ];
    }
    case 'RevokeApiToken': {
      const account = ownAccount(state, command.data.actorId);
      const token = tokenOf(account, command.data.tokenId);
      // Revoking twice changes nothing: the first revocation time stands.
      if (token.revokedAt !== null) return [];
      return [{ type: 'ApiTokenRevoked', data: { accountId: account.accountId, tokenId: token.tokenId, revokedAt: context.now } }];
    }
    case 'RecordApiTokenUse': {
      if (state.status !== 'registered') throw accountNotFound();
      const token = tokenOf(state, command.data.tokenId);
      if (token.revokedAt !== null) return [];
      if (token.lastUsedAt !== null && millisBetween(token.lastUsedAt, context.now) < API_TOKEN_USE_DEBOUNCE_MS) return [];
      return [{ type: 'ApiTokenUsed', data: { accountId: state.accountId, tokenId: token.tokenId, usedAt: context.now } }];
    }
    default:
      return assertNever(command, 'account command');
  }
}

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'AccountRegistered':
      return { status: 'registered', ...event.data, tokens: [] };
    case 'ApiTokenIssued': {
      if (state.status !== 'registered') return state;
      const { tokenId, name, scopes, tokenHash, issuedAt } = event.data;
      const token: ApiTokenRecord = { tokenId, name, scopes, tokenHash, issuedAt, lastUsedAt: null, revokedAt: null };
      return { ...state, tokens: [...state.tokens, token] };
    }
    case 'ApiTokenRevoked':
      return updateToken(state, event.data.tokenId, (token) => ({ ...token, revokedAt: event.data.revokedAt }));
    case 'ApiTokenUsed':
      return updateToken(state, event.data.tokenId, (token) => ({ ...token, lastUsedAt: event.data.usedAt }));
    default:
      return assertNever(event, 'account event');
  }
}

/** Accounts and their API tokens, one stream per account (`account-<accountId>`). */
export const accountDecider: Pick<Decider<AccountState, AccountCommand, AccountEvent>, 'initialState' | 'decide' | 'evolve'> = {
  initialState: initialAccountState,
  decide: decideAccount,
  evolve: evolveAccount,
};

/** Only the account itself manages its tokens. */
function ownAccount(state: AccountState, actorId: string): RegisteredAccount {
  if (state.status !== 'registered') throw accountNotFound();
  if (state.accountId !== actorId) {
    throw new Forbidden('NOT_YOUR_ACCOUNT', 'Only the account itself may manage its API tokens');
  }
  return state;
}

function tokenOf(account: RegisteredAccount, tokenId: string): ApiTokenRecord {
  const token = account.tokens.find((candidate) => candidate.tokenId === tokenId);
  if (!token) throw new NotFound('TOKEN_NOT_FOUND', `There is no API token with id "${tokenId}"`, { tokenId });
  return token;
}

function accountNotFound(): NotFound {
  return new NotFound('ACCOUNT_NOT_FOUND', 'There is no such account');
}

function updateToken(state: AccountState, tokenId: string, change: (token: ApiTokenRecord) => ApiTokenRecord): AccountState {
  if (state.status !== 'registered') return state;
  return { ...state, tokens: state.tokens.map((token) => (token.tokenId === tokenId ? change(token) : token)) };
}
