import type { FormattedExecutionResult } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { TEST_PLAYER_HEADER } from './test-access-policy';

/** A graphql-ws client of the test app, connected as `name` (anonymous without one). */
export function wsClient(baseUrl: string, name?: string): Client {
  return createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    ...(name === undefined ? {} : { connectionParams: { [TEST_PLAYER_HEADER]: name } }),
  });
}

/** Takes results of a subscription until `done` says so, failing on errors or silence. */
export async function takeUntil<Data>(
  results: AsyncIterableIterator<FormattedExecutionResult<Data, unknown>>,
  done: (taken: readonly Data[]) => boolean,
  timeoutMs = 5_000,
  taken: Data[] = [],
): Promise<Data[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${taken.length} results: ${JSON.stringify(taken)}`)), timeoutMs);
  });
  try {
    while (!done(taken)) {
      const next = await Promise.race([results.next(), timeout]);
      if (next.done) throw new Error(`the subscription completed after ${taken.length} results`);
      if (next.value.errors) throw new Error(JSON.stringify(next.value.errors));
      if (next.value.data) taken.push(next.value.data);
    }
    return taken;
  } finally {
    clearTimeout(timer);
  }
}
