/** API tokens of the signed-in account. */

export type Scope = 'READ' | 'PLAY' | 'REFEREE' | 'ADMIN';
export const SCOPES: readonly Scope[] = ['READ', 'PLAY', 'REFEREE', 'ADMIN'];

export const SCOPE_HELP: Readonly<Record<Scope, string>> = {
  READ: 'read leagues and standings, see games as a player or referee',
  PLAY: 'play your seats',
  REFEREE: 'referee the games of leagues you organise',
  ADMIN: 'manage leagues, members and tokens',
};

export interface ApiToken {
  readonly id: string;
  readonly name: string;
  readonly scopes: readonly Scope[];
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
  readonly revokedAt: string | null;
}

const TOKEN_FIELDS = `id name scopes createdAt lastUsedAt revokedAt`;

export const TOKENS_QUERY = `query DashboardTokens { apiTokens { ${TOKEN_FIELDS} } }`;
export const CREATE_TOKEN_MUTATION = `mutation DashboardCreateToken($input: CreateApiTokenInput!) {
  createApiToken(input: $input) { token apiToken { ${TOKEN_FIELDS} } }
}`;
export const REVOKE_TOKEN_MUTATION = `mutation DashboardRevokeToken($input: RevokeApiTokenInput!) { revokeApiToken(input: $input) { ${TOKEN_FIELDS} } }`;

/** Active tokens first, newest first within each group. */
export function sortTokens(tokens: readonly ApiToken[]): ApiToken[] {
  return [...tokens].sort((a, b) => Number(a.revokedAt !== null) - Number(b.revokedAt !== null) || b.createdAt.localeCompare(a.createdAt));
}
