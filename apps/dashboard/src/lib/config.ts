/** Where the API is, read from the environment at request time (never baked in at build time). */

export const DEFAULT_API_URL = 'http://localhost:4000';

type Env = Readonly<Record<string, string | undefined>>;

function graphqlUrlOf(base: string): string {
  const trimmed = base.trim().replace(/\/+$/, '');
  return trimmed.endsWith('/graphql') ? trimmed : `${trimmed}/graphql`;
}

/** API_URL (base URL or the /graphql endpoint) for the server side and the /graphql proxy. */
export function apiGraphQLUrl(env: Env = process.env): string {
  return graphqlUrlOf(env['API_URL']?.trim() || DEFAULT_API_URL);
}

/**
 * The websocket endpoint browsers use for subscriptions: PUBLIC_API_URL (the API as browsers reach it)
 * or else API_URL, with http(s) turned into ws(s).
 */
export function publicSubscriptionUrl(env: Env = process.env): string {
  const base = env['PUBLIC_API_URL']?.trim() || env['API_URL']?.trim() || DEFAULT_API_URL;
  return graphqlUrlOf(base).replace(/^http(s?):\/\//, 'ws$1://');
}

/** The API's base URL (API_URL without `/graphql`), for its REST endpoints such as the CSV exports. */
export function apiBaseUrl(env: Env = process.env): string {
  return apiGraphQLUrl(env).replace(/\/graphql$/, '');
}
