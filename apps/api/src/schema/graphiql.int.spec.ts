import request from 'supertest';
import { startTestApp, type TestApp } from '../testing/test-app';

describe('GraphiQL, bundled with the API', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApp();
  });

  afterAll(async () => {
    await api.close();
  });

  it('serves the page and every file it loads from this server, none from a CDN', async () => {
    const server = api.app.getHttpServer();
    const page = await request(server).get('/graphql').set('accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).not.toMatch(/https?:\/\//);
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, source]) => source as string);
    expect(sources.sort()).toEqual(['/graphiql/graphiql.css', '/graphiql/graphiql.js', '/graphiql/react-dom.js', '/graphiql/react.js', '/graphiql/start.js']);
    for (const source of sources) {
      const file = await request(server).get(source).buffer(true).parse((response, done) => {
        let size = 0;
        response.on('data', (chunk: Buffer) => (size += chunk.length));
        response.on('end', () => done(null, size));
      });
      expect({ source, status: file.status }).toEqual({ source, status: 200 });
      expect(file.headers['content-type']).toMatch(source.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
      expect(file.body).toBeGreaterThan(source === '/graphiql/start.js' ? 100 : 5_000);
    }
    const start = await request(server).get('/graphiql/start.js');
    expect(start.text).toContain('GraphiQL.createFetcher');
    expect(start.text).toContain('"/graphql"');
  });

  it('serves nothing of it when GraphiQL is off (the production default)', async () => {
    const closed = await startTestApp({ config: { graphiql: false } });
    try {
      const server = closed.app.getHttpServer();
      const page = await request(server).get('/graphql').set('accept', 'text/html');
      expect(page.text).not.toContain('graphiql');
      expect((await request(server).get('/graphiql/graphiql.js')).status).toBe(404);
    } finally {
      await closed.close();
    }
  });
});
