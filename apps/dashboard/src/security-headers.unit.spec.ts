import nextConfig, { SECURITY_HEADERS } from '../next.config';

describe('dashboard security headers', () => {
  it('sends them on every route', async () => {
    const routes = await nextConfig.headers?.();
    expect(routes).toEqual([{ source: '/:path*', headers: [...SECURITY_HEADERS] }]);
    const byName = Object.fromEntries(SECURITY_HEADERS.map(({ key, value }) => [key, value]));
    expect(byName['X-Frame-Options']).toBe('DENY');
    expect(byName['X-Content-Type-Options']).toBe('nosniff');
    const policy = byName['Content-Security-Policy'] ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    // The live board's WebSocket to the API.
    expect(policy).toContain("connect-src 'self' ws: wss:");
    expect(nextConfig.poweredByHeader).toBe(false);
  });
});
