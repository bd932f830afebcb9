import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';

/** The visitor's address, as a trusted forwarder (the dashboard's server) saw it. */
export const VISITOR_HEADER = 'x-corbeille-visitor';
/** The shared secret proving the sender is that forwarder. */
export const FORWARDER_SECRET_HEADER = 'x-corbeille-forwarder';
/** Shortest accepted secret (as AUTH_SECRET). */
export const MIN_FORWARDER_SECRET_LENGTH = 32;

type Request = IncomingMessage & { ip?: string };

/**
 * The dashboard renders pages on its server and calls the API from its own address, so without this every
 * visitor would share one rate-limit budget. The API believes the visitor address the dashboard sends only
 * when the same request proves it holds the shared secret (FORWARDED_VISITOR_SECRET, configured on both
 * sides); a client that sends the headers itself without the secret is counted by its own address.
 * Everything that reads `req.ip` (the rate limits) then sees the visitor. The secret header is removed so
 * nothing downstream logs it.
 */
export function forwardedVisitor(secret: string | undefined) {
  const expected = secret === undefined ? undefined : digest(secret);
  return (request: Request, _response: ServerResponse, next: () => void): void => {
    const offered = headerOf(request, FORWARDER_SECRET_HEADER);
    const visitor = headerOf(request, VISITOR_HEADER)?.trim();
    delete request.headers[FORWARDER_SECRET_HEADER];
    delete request.headers[VISITOR_HEADER];
    if (expected !== undefined && offered !== undefined && visitor !== undefined && isIP(visitor) !== 0 && timingSafeEqual(digest(offered), expected)) {
      // Express's `ip` and `ips` are getters on the request prototype; own properties of this request shadow them.
      Object.defineProperty(request, 'ip', { value: visitor, enumerable: true, configurable: true });
      Object.defineProperty(request, 'ips', { value: [visitor], enumerable: true, configurable: true });
    }
    next();
  };
}

function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** Equal-length digests, so the comparison takes the same time whatever was offered. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
