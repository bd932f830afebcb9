import { connection } from 'next/server';
import { apiGraphQLUrl } from './config';
import { createRequester, isRejectedCredential, type Requester } from './graphql';
import { authorizationHeaders, sessionToken } from './session';
import { currentVisitorHeaders } from './visitor';

/**
 * A requester against the API for server components, as the signed-in account (the session cookie
 * becomes the Authorization header) or anonymously; rendering waits for a request (no prerendering).
 */
export async function serverRequester(): Promise<Requester> {
  await connection();
  const token = await sessionToken();
  // The visitor is named to the API, so the calls made for this page count against their budget.
  const visitor = await currentVisitorHeaders();
  const anonymous = createRequester(apiGraphQLUrl(), { init: { cache: 'no-store' }, headers: visitor });
  if (token === null) return anonymous;
  const signedIn = createRequester(apiGraphQLUrl(), { init: { cache: 'no-store' }, headers: { ...visitor, ...authorizationHeaders(token) } });
  // A session the API no longer accepts (e.g. it restarted with a new secret) reads as anonymous, so
  // public pages still show and pages that need an account send the user to sign in again.
  return async <T>(query: string, variables?: Readonly<Record<string, unknown>>): Promise<T> => {
    try {
      return await signedIn<T>(query, variables);
    } catch (error) {
      if (isRejectedCredential(error)) return anonymous<T>(query, variables);
      throw error;
    }
  };
}
