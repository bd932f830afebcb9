import { connection } from 'next/server';
import { apiGraphQLUrl } from './config';
import { createRequester, type Requester } from './graphql';
import { authorizationHeaders, sessionToken } from './session';

/**
 * A requester against the API for server components, as the signed-in account (the session cookie
 * becomes the Authorization header) or anonymously; rendering waits for a request (no prerendering).
 */
export async function serverRequester(): Promise<Requester> {
  await connection();
  const token = await sessionToken();
  return createRequester(apiGraphQLUrl(), { init: { cache: 'no-store' }, headers: authorizationHeaders(token) });
}
