import { createServer, type Server } from 'node:http';

/**
 * Answers the health routes while the app starts: its projections catch up from their checkpoints (from
 * position 0 after a rebuild) before Nest listens, and an orchestrator must see the process alive but not
 * ready in the meantime. Everything else gets 503 with Retry-After. Closed just before the app listens.
 */
export async function startStartupProbe(port: number, host: string): Promise<{ readonly port: number; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const live = path === '/health/live';
    response.writeHead(live ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store', ...(live ? {} : { 'retry-after': '5' }) });
    response.end(JSON.stringify(live ? { status: 'ok' } : { status: 'starting', reason: 'The read models are catching up with the event log.' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
