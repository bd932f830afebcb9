import type { IncomingMessage } from 'node:http';

/**
 * The client address of a request as Express computes `req.ip` with `trust proxy` set to a hop count
 * (proxy-addr): the socket's peer, or, behind `trustProxyHops` proxies, the X-Forwarded-For entry that
 * many hops back. Used for WebSocket upgrades, which never pass through Express, so that a socket and an
 * HTTP request from one client share one budget.
 */
export function clientAddress(request: IncomingMessage, trustProxyHops: number): string {
  const peer = request.socket.remoteAddress ?? '';
  if (trustProxyHops <= 0) return peer;
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .reverse();
  const chain = [peer, ...forwarded];
  return chain[Math.min(trustProxyHops, chain.length - 1)] ?? peer;
}
