import { headers } from 'next/headers';

/** Set by server.js on every request it serves (a client's own value is overwritten); read only then. */
export const VISITOR_HEADER = 'x-corbeille-visitor';
/** Set by server.js in its own environment, so a header under `next start` or `next dev` is not believed. */
export const VISITOR_HEADER_TRUSTED = 'CORBEILLE_VISITOR_HEADER_TRUSTED';
/** The secret shared with the API (FORWARDED_VISITOR_SECRET on both sides). */
export const FORWARDER_SECRET_HEADER = 'x-corbeille-forwarder';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The headers naming the visitor to the API, so it counts the request against the visitor instead of the
 * dashboard: the visitor's address from server.js and the shared secret proving the dashboard sent it.
 * None without a secret, or when the header cannot be trusted (not served by server.js).
 */
export function visitorForwardingHeaders(incoming: { get(name: string): string | null }, env: Env = process.env): Record<string, string> {
  const secret = env['FORWARDED_VISITOR_SECRET']?.trim();
  if (!secret || env[VISITOR_HEADER_TRUSTED] !== '1') return {};
  const visitor = incoming.get(VISITOR_HEADER)?.trim();
  if (!visitor) return {};
  return { [VISITOR_HEADER]: visitor, [FORWARDER_SECRET_HEADER]: secret };
}

/** The forwarding headers of the request being rendered or handled. */
export async function currentVisitorHeaders(): Promise<Record<string, string>> {
  return visitorForwardingHeaders(await headers());
}
