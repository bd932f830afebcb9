// @ts-check
'use strict';

/** The header the dashboard's server sets on every incoming request, after removing any a client sent. */
const VISITOR_HEADER = 'x-corbeille-visitor';
/** Set in the environment by server.js: the header above was set by this server, not sent by a client. */
const VISITOR_HEADER_TRUSTED = 'CORBEILLE_VISITOR_HEADER_TRUSTED';

/**
 * The visitor's address: the socket's peer, or, behind `hops` trusted reverse proxies, the address the
 * outermost of them saw (X-Forwarded-For read from the right, as Express's `trust proxy` does). Entries
 * a client wrote further left are never taken.
 * @param {string | undefined} socketAddress
 * @param {string | string[] | undefined} forwardedFor
 * @param {number} hops
 * @returns {string | undefined}
 */
function visitorAddress(socketAddress, forwardedFor, hops) {
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
  const proxied = header
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .reverse();
  const chain = [socketAddress, ...proxied].filter((entry) => entry !== undefined);
  return chain[Math.min(Math.max(0, hops), chain.length - 1)];
}

module.exports = { VISITOR_HEADER, VISITOR_HEADER_TRUSTED, visitorAddress };
