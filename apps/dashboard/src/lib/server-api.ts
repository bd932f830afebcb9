import { connection } from 'next/server';
import { apiGraphQLUrl } from './config';
import { createRequester, type Requester } from './graphql';

/** A requester against the API for server components; rendering waits for a request (no prerendering). */
export async function serverRequester(): Promise<Requester> {
  await connection();
  return createRequester(apiGraphQLUrl(), { init: { cache: 'no-store' } });
}
