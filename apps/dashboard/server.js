// @ts-check
'use strict';

/**
 * The dashboard's production server: Next.js behind a plain Node HTTP server that names each request's
 * visitor in x-corbeille-visitor (from the socket, or DASHBOARD_TRUST_PROXY_HOPS proxies in front), so
 * the API calls made for that visitor count against their budget, not the dashboard's. A header of that
 * name sent by a client is overwritten. `npm run start` and `npm start` at the top level run it.
 *   PORT (default 3000), DASHBOARD_HOST (default 0.0.0.0), DASHBOARD_TRUST_PROXY_HOPS (default 0), and the
 *   variables of the app (API_URL, PUBLIC_API_URL, FORWARDED_VISITOR_SECRET).
 */
const { createServer } = require('node:http');
const next = require('next');
const { VISITOR_HEADER, VISITOR_HEADER_TRUSTED, visitorAddress } = require('./visitor-address');

const port = Number(process.env['PORT'] || 3000);
const hostname = process.env['DASHBOARD_HOST'] || '0.0.0.0';
const hops = Number(process.env['DASHBOARD_TRUST_PROXY_HOPS'] || 0);
if (!Number.isSafeInteger(hops) || hops < 0) throw new Error('DASHBOARD_TRUST_PROXY_HOPS must be a whole number of at least 0');

// Read by the app (src/lib/visitor.ts), which runs in this process: the header is this server's.
process.env[VISITOR_HEADER_TRUSTED] = '1';
const app = next({ dev: false, dir: __dirname, hostname, port });
const handle = app.getRequestHandler();

app.prepare().then(
  () => {
    const server = createServer((request, response) => {
      delete request.headers[VISITOR_HEADER];
      const visitor = visitorAddress(request.socket.remoteAddress, request.headers['x-forwarded-for'], hops);
      if (visitor !== undefined) request.headers[VISITOR_HEADER] = visitor;
      void handle(request, response);
    });
    server.listen(port, hostname, () => console.log(`Dashboard on http://${hostname}:${port}`));
    const close = () => server.close(() => process.exit(0));
    process.on('SIGTERM', close);
    process.on('SIGINT', close);
  },
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
