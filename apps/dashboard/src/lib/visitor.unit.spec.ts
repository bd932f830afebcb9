import { createRequester } from './graphql';
import { FORWARDER_SECRET_HEADER, VISITOR_HEADER, VISITOR_HEADER_TRUSTED, visitorForwardingHeaders } from './visitor';
// The plain-JS helper of server.js, which runs without a build step.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const server = require('../../visitor-address.js') as {
  VISITOR_HEADER: string;
  VISITOR_HEADER_TRUSTED: string;
  visitorAddress(socket: string | undefined, forwardedFor: string | string[] | undefined, hops: number): string | undefined;
};

const SECRET = 'a-secret-shared-by-the-api-and-the-dashboard-server';
const incoming = (values: Record<string, string>) => new Headers(values);
const served = { FORWARDED_VISITOR_SECRET: SECRET, [VISITOR_HEADER_TRUSTED]: '1' };

describe('naming the visitor to the API', () => {
  it('sends the visitor server.js saw, with the shared secret', () => {
    expect(visitorForwardingHeaders(incoming({ [VISITOR_HEADER]: '198.51.100.7' }), served)).toEqual({
      [VISITOR_HEADER]: '198.51.100.7',
      [FORWARDER_SECRET_HEADER]: SECRET,
    });
  });

  it('sends nothing without a secret, or when the header was not set by server.js (next start, next dev)', () => {
    const header = incoming({ [VISITOR_HEADER]: '198.51.100.7' });
    expect(visitorForwardingHeaders(header, { [VISITOR_HEADER_TRUSTED]: '1' })).toEqual({});
    // A client can send the header to `next start` itself: without server.js it is not believed.
    expect(visitorForwardingHeaders(header, { FORWARDED_VISITOR_SECRET: SECRET })).toEqual({});
    expect(visitorForwardingHeaders(incoming({}), served)).toEqual({});
  });

  it('takes the socket peer, or with trusted proxies the address the outermost one saw, never what a client wrote', () => {
    expect(server.visitorAddress('203.0.113.9', undefined, 0)).toBe('203.0.113.9');
    // Exposed directly: a forged X-Forwarded-For is ignored.
    expect(server.visitorAddress('203.0.113.9', '198.51.100.1', 0)).toBe('203.0.113.9');
    // Behind one proxy (the socket peer), which appended the address it saw.
    expect(server.visitorAddress('10.0.0.2', '198.51.100.1, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(server.visitorAddress('10.0.0.2', ['198.51.100.1', '203.0.113.9, 10.0.0.1'], 2)).toBe('203.0.113.9');
    // More hops configured than proxies passed: the leftmost address there is.
    expect(server.visitorAddress('10.0.0.2', '203.0.113.9', 5)).toBe('203.0.113.9');
  });

  it('server.js and the app agree on the header and the environment flag', () => {
    expect(server.VISITOR_HEADER).toBe(VISITOR_HEADER);
    expect(server.VISITOR_HEADER_TRUSTED).toBe(VISITOR_HEADER_TRUSTED);
  });

  it('a requester made with them sends them on every call, next to the session token', async () => {
    const sent: Headers[] = [];
    const fetchImpl = (async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers));
      return new Response(JSON.stringify({ data: { ok: true } }), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const visitor = visitorForwardingHeaders(incoming({ [VISITOR_HEADER]: '2001:db8::1' }), served);
    const request = createRequester('http://api.test/graphql', { fetchImpl, headers: { ...visitor, authorization: 'Bearer t' } });
    await request('{ ok }');
    await request('{ ok }');
    expect(sent.map((headers) => [headers.get(VISITOR_HEADER), headers.get(FORWARDER_SECRET_HEADER), headers.get('authorization')])).toEqual([
      ['2001:db8::1', SECRET, 'Bearer t'],
      ['2001:db8::1', SECRET, 'Bearer t'],
    ]);
  });
});
