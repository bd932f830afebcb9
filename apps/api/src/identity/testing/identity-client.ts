import { createClient, type Client } from 'graphql-ws';
import request from 'supertest';
import WebSocket from 'ws';
import type { GraphQLResponse, GraphQLErrorBody, TestApp } from '../../testing/test-app';

export const PASSWORD = 'correct horse battery';

/** GraphQL over HTTP with an optional `Authorization` header (a bare token is sent as `Bearer <token>`). */
export async function gqlAs<Data>(
  api: TestApp,
  token: string | undefined,
  query: string,
  variables: Readonly<Record<string, unknown>> = {},
  authorization = token === undefined ? undefined : `Bearer ${token}`,
): Promise<GraphQLResponse<Data>> {
  let call = request(api.app.getHttpServer()).post('/graphql').set('content-type', 'application/json');
  if (authorization !== undefined) call = call.set('authorization', authorization);
  const response = await call.send({ query, variables });
  const body = response.body as { data?: Data | null; errors?: GraphQLErrorBody[] };
  return { status: response.status, data: body.data, errors: body.errors };
}

/** Same, failing the test on any error. */
export async function dataAs<Data>(api: TestApp, token: string | undefined, query: string, variables?: Readonly<Record<string, unknown>>): Promise<Data> {
  const response = await gqlAs<Data>(api, token, query, variables);
  if (response.errors?.length || response.data === undefined || response.data === null) {
    throw new Error(`GraphQL errors: ${JSON.stringify(response.errors ?? response)}`);
  }
  return response.data;
}

/** The first error's code and domain code, for `expect(...).toEqual(...)`. */
export function errorOf(response: GraphQLResponse<unknown>): { code: unknown; domainCode: unknown } | undefined {
  const error = response.errors?.[0];
  return error ? { code: error.extensions?.code, domainCode: error.extensions?.domainCode } : undefined;
}

export const SIGN_UP = `mutation SignUp($input: SignUpInput!) {
  signUp(input: $input) { token expiresAt account { id email displayName createdAt scopes via } }
}`;

export interface SignedUp {
  readonly token: string;
  readonly accountId: string;
}

export async function signUp(api: TestApp, name: string): Promise<SignedUp> {
  const { signUp: payload } = await dataAs<{ signUp: { token: string; account: { id: string } } }>(api, undefined, SIGN_UP, {
    input: { email: `${name.toLowerCase()}@example.com`, password: PASSWORD, displayName: name },
  });
  return { token: payload.token, accountId: payload.account.id };
}

/** A graphql-ws client of the test app, signed in with `token` (anonymous without one). */
export function wsClientAs(baseUrl: string, token?: string): Client {
  return createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    ...(token === undefined ? {} : { connectionParams: { authorization: `Bearer ${token}` } }),
  });
}

/** `Authorization` headers for `TestApp.gql` / `data`. */
export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });
