import { apiGraphQLUrl } from '../../lib/config';
import { createRequester, describeError, isRejectedCredential } from '../../lib/graphql';
import { LIVE_TICKET_MUTATION, NO_LIVE_TICKET, type LiveTicketAnswer } from '../../lib/live-ticket';
import { isForeignRequest } from '../../lib/request-guard';
import { authorizationHeaders, sessionToken } from '../../lib/session';
import { currentVisitorHeaders } from '../../lib/visitor';

/**
 * A live ticket for the browser's graphql-ws connection (POST, JSON, same origin): the API's short-lived,
 * read-only stand-in for the session, whose token stays in its httpOnly cookie. `{ ticket: null }` when
 * nobody is signed in (or the session is no longer accepted): the live connection is then anonymous.
 */

const NO_STORE = { 'cache-control': 'no-store' };

export async function POST(request: Request): Promise<Response> {
  if (isForeignRequest(request)) return Response.json({ error: { code: 'FORBIDDEN', message: 'Ask for a live ticket from the dashboard itself.' } }, { status: 403 });
  const token = await sessionToken();
  if (token === null) return Response.json(NO_LIVE_TICKET, { headers: NO_STORE });
  const requester = createRequester(apiGraphQLUrl(), { init: { cache: 'no-store' }, headers: { ...(await currentVisitorHeaders()), ...authorizationHeaders(token) } });
  try {
    const { issueLiveTicket } = await requester<{ issueLiveTicket: { ticket: string; expiresAt: string } }>(LIVE_TICKET_MUTATION);
    const { ticket, expiresAt } = issueLiveTicket;
    const expiresInMs = Math.max(0, Date.parse(expiresAt) - Date.now());
    return Response.json({ ticket, expiresAt, expiresInMs } satisfies LiveTicketAnswer, { headers: NO_STORE });
  } catch (error) {
    if (isRejectedCredential(error)) return Response.json(NO_LIVE_TICKET, { headers: NO_STORE });
    const info = describeError(error);
    return Response.json({ error: { code: info.code, message: info.message } }, { status: 502, headers: NO_STORE });
  }
}
