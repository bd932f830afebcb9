import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildClientSchema, buildSchema, getIntrospectionQuery, type IntrospectionQuery } from 'graphql';
import request from 'supertest';
import { startTestApp, type TestApp } from '../testing/test-app';
import { SCHEMA_COMMAND, SCHEMA_FILE, schemaText } from './schema-text';

const REPO_ROOT = join(__dirname, '..', '..', '..', '..');
const STALE = `${SCHEMA_FILE} is not the schema the API serves: run \`${SCHEMA_COMMAND}\` and commit the file`;

describe('the schema file', () => {
  let api: TestApp;
  const committed = readFileSync(join(REPO_ROOT, SCHEMA_FILE), 'utf8');

  beforeAll(async () => {
    api = await startTestApp();
  });

  afterAll(async () => {
    await api.close();
  });

  it('is what GET /schema.graphql serves', async () => {
    const answer = await request(api.app.getHttpServer()).get('/schema.graphql');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    if (answer.text !== committed) throw new Error(STALE);
  });

  it('says what introspection says', async () => {
    const answer = await api.data<IntrospectionQuery>(getIntrospectionQuery());
    if (schemaText(buildClientSchema(answer)) !== schemaText(buildSchema(committed))) throw new Error(STALE);
  });

  it('is served in production, where introspection is off', async () => {
    // As NODE_ENV=production configures it (loadAppConfig): no GraphiQL, no introspection.
    const production = await startTestApp({ config: { production: true, graphiql: false, introspection: false } });
    try {
      const introspection = await production.gql('{ __schema { queryType { name } } }');
      expect(introspection.errors?.[0]?.message).toMatch(/introspection/i);
      const answer = await request(production.app.getHttpServer()).get('/schema.graphql');
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(committed);
    } finally {
      await production.close();
    }
  });
});
