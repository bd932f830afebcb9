import type { Scope } from '../scopes';

/** An API token as the account keeps it: only the SHA-256 digest of the secret is ever stored. */
export interface ApiTokenRecord {
  readonly tokenId: string;
  readonly name: string;
  readonly scopes: readonly Scope[];
  readonly tokenHash: string;
  readonly issuedAt: string;
  readonly lastUsedAt: string | null;
  readonly revokedAt: string | null;
}

export type AccountState =
  | { readonly status: 'unregistered' }
  | {
      readonly status: 'registered';
      readonly accountId: string;
      readonly email: string;
      readonly displayName: string;
      readonly passwordHash: string;
      readonly registeredAt: string;
      readonly tokens: readonly ApiTokenRecord[];
    };

/**
 * Hashing, token secrets and ids are made by the application and arrive as data; the clock comes with
 * the decision context. `actorId` is the signed-in account sending the command.
 */
export type AccountCommand =
  | {
      type: 'RegisterAccount';
      data: { accountId: string; email: string; displayName: string; passwordHash: string };
    }
  | {
      type: 'IssueApiToken';
      data: { actorId: string; tokenId: string; name: string; scopes: readonly string[]; tokenHash: string };
    }
  | { type: 'RevokeApiToken'; data: { actorId: string; tokenId: string } }
  /** Sent by the API when a token authenticates a request; recorded at most once a minute. */
  | { type: 'RecordApiTokenUse'; data: { tokenId: string } };

export type AccountEvent =
  | {
      type: 'AccountRegistered';
      data: { accountId: string; email: string; displayName: string; passwordHash: string; registeredAt: string };
    }
  | {
      type: 'ApiTokenIssued';
      data: { accountId: string; tokenId: string; name: string; scopes: Scope[]; tokenHash: string; issuedAt: string };
    }
  | { type: 'ApiTokenRevoked'; data: { accountId: string; tokenId: string; revokedAt: string } }
  | { type: 'ApiTokenUsed'; data: { accountId: string; tokenId: string; usedAt: string } };

export type AccountEventType = AccountEvent['type'];
