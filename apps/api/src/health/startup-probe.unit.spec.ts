import { startStartupProbe } from './startup-probe';

describe('the startup probe', () => {
  it('says live, not ready, and refuses everything else while the app starts', async () => {
    const probe = await startStartupProbe(0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${probe.port}`;
      const live = await fetch(`${base}/health/live`);
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${base}/health/ready?verbose=1`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'starting' });
      const graphql = await fetch(`${base}/graphql`, { method: 'POST', body: '{}' });
      expect(graphql.status).toBe(503);
      expect(graphql.headers.get('retry-after')).toBe('5');
    } finally {
      await probe.close();
    }
  });
});
