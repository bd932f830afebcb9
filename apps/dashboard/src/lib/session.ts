import { cookies } from 'next/headers';

/** The session token (from the API's signIn) lives in this httpOnly cookie; it never reaches browser scripts. */
export const SESSION_COOKIE = 'corbeille_session';

/** The signed-in session's bearer token, or null when nobody is signed in. */
export async function sessionToken(): Promise<string | null> {
  const store = await cookies();
  const value = store.get(SESSION_COOKIE)?.value?.trim();
  return value ? value : null;
}

/** The Authorization header to send to the API for a token (none when anonymous). */
export function authorizationHeaders(token: string | null): Record<string, string> {
  return token === null ? {} : { authorization: `Bearer ${token}` };
}
