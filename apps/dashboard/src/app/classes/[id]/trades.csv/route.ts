import { apiBaseUrl } from '../../../../lib/config';
import { authorizationHeaders, sessionToken } from '../../../../lib/session';
import { currentVisitorHeaders } from '../../../../lib/visitor';

/**
 * The class's trades as CSV (the API's `GET /classes/:id/trades.csv`, same filters), streamed through as
 * the signed-in account so that the audit page can show bytes and rows as they arrive.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  const token = await sessionToken();
  if (token === null) return Response.json({ error: { title: 'Sign in first', message: 'Exports need a signed-in teacher.', code: 'UNAUTHENTICATED' } }, { status: 401 });
  const search = new URL(request.url).search;
  let upstream: Response;
  try {
    upstream = await fetch(`${apiBaseUrl()}/classes/${encodeURIComponent(id)}/trades.csv${search}`, {
      headers: { ...(await currentVisitorHeaders()), ...authorizationHeaders(token) },
      cache: 'no-store',
      signal: request.signal,
    });
  } catch {
    return Response.json({ error: { title: 'The API is unavailable', message: 'The Corbeille API cannot be reached.', code: 'API_UNAVAILABLE' } }, { status: 502 });
  }
  const headers = new Headers({ 'cache-control': 'no-store' });
  for (const name of ['content-type', 'content-disposition', 'content-length']) {
    const value = upstream.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return new Response(upstream.body, { status: upstream.status, headers });
}
