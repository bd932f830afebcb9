import { parentPort, workerData } from 'node:worker_threads';
import { request } from 'node:http';

/** One hostile client: sends expensive documents, alias bombs and invalid requests back to back until told to stop. */
interface HostileData {
  readonly url: string;
  readonly address: string;
  readonly durationMs: number;
}

const { url, address, durationMs } = workerData as HostileData;

function bomb(levels: number, spreads: number): string {
  const defs = Array.from({ length: levels }, (_, index) => `fragment F${index} on Query { ${Array.from({ length: spreads }, () => `...F${index + 1}`).join(' ')} }`);
  return `query { ...F0 } ${defs.join(' ')} fragment F${levels} on Query { __typename }`;
}

const BODIES = [
  // 2^24 and 10^10 fields once expanded, in about 1 KB each.
  { query: bomb(24, 2) },
  { query: bomb(10, 10) },
  // 300 aliased commands and 200 aliased sign-ins.
  { query: `mutation { ${Array.from({ length: 300 }, (_, index) => `g${index}: createStockTickerGame(input: { gameId: "hostile-${index}" }) { gameId }`).join(' ')} }` },
  { query: `mutation { ${Array.from({ length: 200 }, (_, index) => `s${index}: signIn(input: { email: "x@example.com", password: "correct horse battery" }) { token }`).join(' ')} }` },
  // A page of 100 nested in pages of 100.
  { query: '{ games(first: 100) { edges { node { id players { playerId } } } } allGames(first: 100) { edges { node { id portfolios { playerId cash } } } } }' },
  // Invalid: syntax, validation, variables.
  { query: '{ games(first: 1) { ' },
  { query: '{ noSuchField { id } }' },
  { query: 'query ($n: Int!) { games(first: $n) { totalCount } }', variables: { n: 'many' } },
].map((body) => JSON.stringify(body));

function send(body: string): Promise<number> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const req = request(
      { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address, 'content-length': Buffer.byteLength(body) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

async function main(): Promise<void> {
  // Ready once compiled and loaded; the run starts when the parent says so, so start-up is not measured.
  await new Promise<void>((resolve) => {
    parentPort?.once('message', () => resolve());
    parentPort?.postMessage({ progress: 'ready' });
  });
  const statuses = new Map<number, number>();
  const end = performance.now() + durationMs;
  let sent = 0;
  while (performance.now() < end) {
    const status = await send(BODIES[sent % BODIES.length] as string);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    sent += 1;
  }
  parentPort?.postMessage({ sent, statuses: Object.fromEntries(statuses) });
}

main().catch((error: unknown) => parentPort?.postMessage({ failure: error instanceof Error ? error.message : String(error) }));
