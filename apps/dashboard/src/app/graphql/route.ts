import { cookies } from 'next/headers';
import { apiGraphQLUrl } from '../../lib/config';
import { bodyRejectsCredential } from '../../lib/graphql';
import { isForeignRequest } from '../../lib/request-guard';
import { authorizationHeaders, SESSION_COOKIE, sessionToken } from '../../lib/session';
import { currentVisitorHeaders } from '../../lib/visitor';

/**
 * Same-origin proxy to the API's /graphql for the browser (queries only travel over HTTP; subscriptions
 * use the websocket). The session cookie is forwarded as the Authorization header.
 */

const MAX_BODY_BYTES = 256 * 1024;

function errorResponse(status: number, message: string, code: string): Response {
  return Response.json({ errors: [{ message, extensions: { code } }] }, { status });
}

export async function POST(request: Request): Promise<Response> {
  if (isForeignRequest(request)) return errorResponse(403, 'Send GraphQL as JSON from the dashboard itself.', 'FORBIDDEN');
  const body = await request.text();
  if (body.length > MAX_BODY_BYTES) return errorResponse(413, 'The request is too large.', 'PAYLOAD_TOO_LARGE');
  const token = await sessionToken();
  let upstream: Response;
  let text: string;
  try {
    upstream = await forward(body, request, token);
    text = await upstream.text();
    if (token !== null && bodyRejectsCredential(text)) {
      // A session the API no longer accepts: forget it and answer as for anyone signed out.
      (await cookies()).delete(SESSION_COOKIE);
      upstream = await forward(body, request, null);
      text = await upstream.text();
    }
  } catch {
    return errorResponse(502, 'The Corbeille API cannot be reached.', 'API_UNAVAILABLE');
  }
  return new Response(text, {
    status: upstream.status,
    headers: { 'content-type': upstream.headers.get('content-type') ?? 'application/json', 'cache-control': 'no-store' },
  });
}

async function forward(body: string, request: Request, token: string | null): Promise<Response> {
  return fetch(apiGraphQLUrl(), {
    method: 'POST',
    headers: {
      ...(await currentVisitorHeaders()),
      ...authorizationHeaders(token),
      'content-type': 'application/json',
      accept: request.headers.get('accept') ?? 'application/json',
    },
    body,
    cache: 'no-store',
    signal: AbortSignal.timeout(20_000),
  });
}

export function GET(): Response {
  return errorResponse(405, 'Send GraphQL queries with POST.', 'METHOD_NOT_ALLOWED');
}
