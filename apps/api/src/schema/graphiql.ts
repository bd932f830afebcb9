import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Where the page's files are served, all from this server: no CDN is asked for anything. */
export const GRAPHIQL_ASSETS_PATH = '/graphiql';

/** The files GraphiQL runs from, as installed with the API (graphiql 3, React 18's browser builds). */
const ASSETS: Readonly<Record<string, { readonly packageName: string; readonly file: string; readonly contentType: string }>> = {
  'react.js': { packageName: 'react', file: 'umd/react.production.min.js', contentType: 'text/javascript; charset=utf-8' },
  'react-dom.js': { packageName: 'react-dom', file: 'umd/react-dom.production.min.js', contentType: 'text/javascript; charset=utf-8' },
  'graphiql.js': { packageName: 'graphiql', file: 'graphiql.min.js', contentType: 'text/javascript; charset=utf-8' },
  'graphiql.css': { packageName: 'graphiql', file: 'graphiql.min.css', contentType: 'text/css; charset=utf-8' },
};

type Request = IncomingMessage & { readonly path: string };
type Next = (error?: unknown) => void;

/**
 * GraphiQL on `GET <graphqlPath>` (for a browser, which asks for HTML) with its scripts and styles served
 * from the installed packages under /graphiql/. Register before GraphQL; Apollo's own landing page is off.
 */
export function bundledGraphiQL(graphqlPath: string): (request: Request, response: ServerResponse, next: Next) => void {
  const resolveFrom = createRequire(join(__dirname, '..', '..', 'package.json'));
  const files = new Map<string, { body: Buffer; contentType: string }>();
  const assetOf = (name: string) => {
    const asset = ASSETS[name];
    if (!asset) return undefined;
    let loaded = files.get(name);
    if (!loaded) {
      const directory = dirname(resolveFrom.resolve(`${asset.packageName}/package.json`));
      loaded = { body: readFileSync(join(directory, asset.file)), contentType: asset.contentType };
      files.set(name, loaded);
    }
    return loaded;
  };
  const page = Buffer.from(pageHtml(graphqlPath));
  const start = Buffer.from(startScript(graphqlPath));
  return (request, response, next) => {
    if (request.method !== 'GET') return next();
    if (request.path === graphqlPath && (request.headers.accept ?? '').includes('text/html')) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': page.length });
      response.end(page);
      return;
    }
    if (!request.path.startsWith(`${GRAPHIQL_ASSETS_PATH}/`)) return next();
    const name = request.path.slice(GRAPHIQL_ASSETS_PATH.length + 1);
    const asset = name === 'start.js' ? { body: start, contentType: 'text/javascript; charset=utf-8' } : assetOf(name);
    if (!asset) return next();
    response.writeHead(200, { 'content-type': asset.contentType, 'content-length': asset.body.length, 'cache-control': 'public, max-age=3600' });
    response.end(asset.body);
  };
}

function pageHtml(graphqlPath: string): string {
  const asset = (name: string) => `${GRAPHIQL_ASSETS_PATH}/${name}`;
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Corbeille GraphiQL</title>
    <link rel="stylesheet" href="${asset('graphiql.css')}" />
    <style>body { margin: 0; height: 100vh; overflow: hidden; } #graphiql { height: 100vh; }</style>
  </head>
  <body>
    <div id="graphiql" data-endpoint="${graphqlPath}">Loading...</div>
    <script src="${asset('react.js')}"></script>
    <script src="${asset('react-dom.js')}"></script>
    <script src="${asset('graphiql.js')}"></script>
    <script src="${asset('start.js')}"></script>
  </body>
</html>
`;
}

/** Starts GraphiQL against this server: queries over HTTP, subscriptions over graphql-ws on the same path. */
function startScript(graphqlPath: string): string {
  return `(function () {
  var path = ${JSON.stringify(graphqlPath)};
  var fetcher = GraphiQL.createFetcher({
    url: path,
    subscriptionUrl: (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + path,
  });
  ReactDOM.createRoot(document.getElementById('graphiql')).render(
    React.createElement(GraphiQL, { fetcher: fetcher, defaultEditorToolsVisibility: true, shouldPersistHeaders: true, isHeadersEditorEnabled: true }),
  );
})();
`;
}
