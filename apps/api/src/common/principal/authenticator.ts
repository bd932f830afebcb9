import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Principal } from '../../access/access.port';

/**
 * Turns what a client sent into a principal. Left out (the default), nobody is authenticated here:
 * an HTTP request keeps whatever `req.principal` an earlier middleware set, a WebSocket connection is
 * anonymous. Sign-in tokens plug in here (see the README's "Access").
 */
export interface Authenticator {
  /** Called once per HTTP request, before GraphQL runs; `undefined` leaves `req.principal` as it is. */
  fromHttp?(request: { readonly headers: IncomingHttpHeaders }): Promise<Principal | undefined>;
  /** Called once per WebSocket connection with the client's `connectionParams`. */
  fromConnection?(
    connectionParams: Readonly<Record<string, unknown>> | undefined,
    request: IncomingMessage,
  ): Promise<Principal | undefined>;
}

export function isPrincipal(value: unknown): value is Principal {
  if (typeof value !== 'object' || value === null) return false;
  const kind = (value as { kind?: unknown }).kind;
  if (kind === 'anonymous') return true;
  if (kind !== 'account') return false;
  const account = value as { accountId?: unknown; scopes?: unknown };
  return typeof account.accountId === 'string' && Array.isArray(account.scopes);
}
