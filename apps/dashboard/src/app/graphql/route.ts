import { apiGraphQLUrl } from '../../lib/config';
import { isForeignRequest } from '../../lib/request-guard';
import { authorizationHeaders, sessionToken } from '../../lib/session';

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
  let upstream: Response;
  try {
    upstream = await fetch(apiGraphQLUrl(), {
      method: 'POST',
      headers: {
        ...authorizationHeaders(await sessionToken()),
        'content-type': 'application/json',
        accept: request.headers.get('accept') ?? 'application/json',
      },
      body,
      cache: 'no-store',
      signal: AbortSignal.timeout(20_000),
    });
  } catch {
    return errorResponse(502, 'The Corbeille API cannot be reached.', 'API_UNAVAILABLE');
  }
  return new Response(await upstream.text(), {
    status: upstream.status,
    headers: { 'content-type': upstream.headers.get('content-type') ?? 'application/json', 'cache-control': 'no-store' },
  });
}

export function GET(): Response {
  return errorResponse(405, 'Send GraphQL queries with POST.', 'METHOD_NOT_ALLOWED');
}
