import { cookies } from 'next/headers';
import { apiGraphQLUrl } from '../../lib/config';
import { createRequester, describeError } from '../../lib/graphql';
import { currentVisitorHeaders } from '../../lib/visitor';
import { SESSION_COOKIE } from '../../lib/session';
import { isForeignRequest } from '../../lib/request-guard';

/**
 * Sign in (POST {email, password}): the API's session token goes into an httpOnly cookie, the account
 * comes back. Sign out (DELETE): the cookie is cleared.
 */

const SIGN_IN = `mutation DashboardSignIn($input: SignInInput!) {
  signIn(input: $input) { token expiresAt account { id email displayName } }
}`;

interface SignInAnswer {
  readonly signIn: { token: string; expiresAt: string; account: { id: string; email: string; displayName: string } };
}

function failure(status: number, title: string, message: string, code: string | null): Response {
  return Response.json({ error: { title, message, code } }, { status });
}

export async function POST(request: Request): Promise<Response> {
  if (isForeignRequest(request)) return failure(403, 'Refused', 'Sign in from the dashboard’s own page.', 'FORBIDDEN');
  let email = '';
  let password = '';
  try {
    const body = (await request.json()) as { email?: unknown; password?: unknown };
    email = typeof body.email === 'string' ? body.email.trim() : '';
    password = typeof body.password === 'string' ? body.password : '';
  } catch {
    return failure(400, 'Bad request', 'Send the email and password as JSON.', 'BAD_REQUEST');
  }
  if (email === '' || password === '') return failure(400, 'Missing details', 'Enter your email and your password.', 'BAD_USER_INPUT');
  let answer: SignInAnswer;
  try {
    // Sign-in attempts count against the visitor, not against everyone the dashboard serves.
    answer = await createRequester(apiGraphQLUrl(), { headers: await currentVisitorHeaders() })<SignInAnswer>(SIGN_IN, { input: { email, password } });
  } catch (error) {
    const info = describeError(error);
    return failure(info.code === 'API_UNAVAILABLE' ? 502 : 401, 'Could not sign in', info.message, info.code);
  }
  const expires = new Date(answer.signIn.expiresAt);
  const store = await cookies();
  store.set(SESSION_COOKIE, answer.signIn.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: new URL(request.url).protocol === 'https:',
    path: '/',
    ...(Number.isNaN(expires.getTime()) ? {} : { expires }),
  });
  return Response.json({ account: answer.signIn.account, expiresAt: answer.signIn.expiresAt });
}

export async function DELETE(): Promise<Response> {
  const store = await cookies();
  store.delete(SESSION_COOKIE);
  return new Response(null, { status: 204 });
}
