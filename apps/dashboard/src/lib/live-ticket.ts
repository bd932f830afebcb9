/**
 * Live tickets: how the browser's graphql-ws connection is the signed-in account. The session token stays
 * in its httpOnly cookie; the dashboard's /live-ticket route trades it for the API's short-lived,
 * read-only ticket (subscriptions only), which the client sends as `connectionParams.authorization`.
 */

export const LIVE_TICKET_ROUTE = '/live-ticket';

export const LIVE_TICKET_MUTATION = `mutation DashboardLiveTicket { issueLiveTicket { ticket expiresAt } }`;

/**
 * What /live-ticket answers: no ticket for a visitor who is not signed in. `expiresInMs` is counted by the
 * dashboard's server, so a browser whose clock is wrong still knows when to ask for a new one.
 */
export type LiveTicketAnswer =
  | { readonly ticket: string; readonly expiresAt: string; readonly expiresInMs: number }
  | { readonly ticket: null; readonly expiresAt: null; readonly expiresInMs: null };

export const NO_LIVE_TICKET: LiveTicketAnswer = { ticket: null, expiresAt: null, expiresInMs: null };

/** A ticket this close to its expiry is not used for a new connection (clocks and latency differ). */
export const LIVE_TICKET_MARGIN_MS = 30_000;

export interface LiveTicketSource {
  /** A ticket valid for a new connection (fetching a fresh one when the last is about to expire), or null. */
  current(): Promise<string | null>;
  /** Forgets the ticket, e.g. after the API refused it. */
  forget(): void;
}

/** Asks the dashboard for a ticket (same-origin JSON POST, so the session cookie goes with it). */
export async function fetchLiveTicket(fetchImpl: typeof fetch = fetch, route = LIVE_TICKET_ROUTE): Promise<LiveTicketAnswer> {
  const response = await fetchImpl(route, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) throw new Error(`The live ticket could not be obtained (HTTP ${response.status})`);
  const body = (await response.json()) as Partial<Record<keyof LiveTicketAnswer, unknown>>;
  if (typeof body.ticket === 'string' && typeof body.expiresAt === 'string' && typeof body.expiresInMs === 'number') {
    return { ticket: body.ticket, expiresAt: body.expiresAt, expiresInMs: body.expiresInMs };
  }
  return NO_LIVE_TICKET;
}

/**
 * Keeps the last ticket until shortly before it expires. An anonymous answer is not kept: a visitor who
 * signs in meanwhile is followed as their account on the next connection.
 */
export function liveTicketSource(fetchTicket: () => Promise<LiveTicketAnswer> = () => fetchLiveTicket(), now: () => number = Date.now): LiveTicketSource {
  let kept: { ticket: string; usableUntil: number } | null = null;
  let pending: Promise<string | null> | null = null;
  return {
    async current() {
      if (kept !== null && now() < kept.usableUntil) return kept.ticket;
      kept = null;
      const askedAt = now();
      pending ??= fetchTicket()
        .then((answer) => {
          if (answer.ticket === null) return null;
          kept = { ticket: answer.ticket, usableUntil: askedAt + answer.expiresInMs - LIVE_TICKET_MARGIN_MS };
          return answer.ticket;
        })
        .finally(() => {
          pending = null;
        });
      return pending;
    },
    forget() {
      kept = null;
    },
  };
}

/** graphql-ws `connectionParams`: called on every (re)connection, so an expired ticket is replaced. */
export function liveConnectionParams(source: LiveTicketSource): () => Promise<Record<string, string>> {
  return async () => {
    const ticket = await source.current();
    const params: Record<string, string> = {};
    if (ticket !== null) params['authorization'] = `Bearer ${ticket}`;
    return params;
  };
}
