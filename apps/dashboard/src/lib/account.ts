import { redirect } from 'next/navigation';
import type { Requester } from './graphql';
import { serverRequester } from './server-api';
import { sessionToken } from './session';

export interface SignedInAccount {
  readonly id: string;
  readonly email: string;
  readonly displayName: string;
  readonly scopes: readonly string[];
}

const ME_QUERY = `query DashboardMe { me { id email displayName scopes } }`;

/** The account behind the session cookie, or null (no cookie, or a session the API no longer accepts). */
export async function fetchMe(request: Requester): Promise<SignedInAccount | null> {
  if ((await sessionToken()) === null) return null;
  const data: { me: SignedInAccount | null } = await request(ME_QUERY);
  return data.me;
}

/** Where the sign-in page sends the user back to: a path of this site only. */
export function safeNextPath(next: string | undefined | null): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}

export function signInPath(next: string): string {
  return `/sign-in?next=${encodeURIComponent(safeNextPath(next))}`;
}

/** For pages that need an account: the requester and the account, or a redirect to sign in (then back to `next`). */
export async function requireAccount(next: string): Promise<{ request: Requester; account: SignedInAccount }> {
  const request = await serverRequester();
  if ((await sessionToken()) === null) redirect(signInPath(next));
  let account: SignedInAccount | null;
  try {
    account = await fetchMe(request);
  } catch (error) {
    // An expired or revoked session: sign in again.
    if (isUnauthenticated(error)) redirect(signInPath(next));
    throw error;
  }
  if (account === null) redirect(signInPath(next));
  return { request, account };
}

function isUnauthenticated(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code?: unknown }).code === 'UNAUTHENTICATED';
}
