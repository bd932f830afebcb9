import fc from 'fast-check';
import { OpenAccessPolicy } from '../access/open-access.policy';
import { DEFAULT_LIMITS } from '../config/app-config';
import { GameDriver } from '../testing/game-driver';
import { OUTCOME_FIELDS } from '../testing/operations';
import { startTestApp, type TestApp } from '../testing/test-app';
import { eventsAfter, isRecord, lastPosition, post, RawSocket, since, type RawAnswer, type SocketAnswer } from './reliability-helpers';

/**
 * Fuzzed GraphQL documents (fragments, spreads in cycles and bombs, aliases, directives, variables,
 * mutations one at a time or more than a request may carry) over HTTP and graphql-ws: never a crash, a
 * 5xx or an internal error, every refusal typed, and only acknowledged commands write events.
 */
const SEED = 20_261_204;
const BATCH = 25;
const HTTP_RUNS = 80;
const WS_RUNS = 320;
const SOCKETS = 5;
const LIMITS = { ...DEFAULT_LIMITS, maxMutationFields: 3 };
/** Every `extensions.code` a refused document may carry; INTERNAL_SERVER_ERROR is not among them. */
const KNOWN_CODES = new Set([
  'BAD_USER_INPUT',
  'RULE_VIOLATION',
  'NOT_FOUND',
  'CONFLICT',
  'FORBIDDEN',
  'UNAUTHENTICATED',
  'BAD_REQUEST',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'QUERY_TOO_DEEP',
  'QUERY_TOO_COMPLEX',
  'QUERY_TOO_LARGE',
  'TOO_MANY_ALIASES',
  'TOO_MANY_DIRECTIVES',
  'TOO_MANY_MUTATIONS',
  'OPERATION_RESOLUTION_FAILURE',
]);

const names = fc.constantFrom('a', 'b', 'x1', 'games', '__typename', 'me', 'F0', 'on', 'query', 'Ω');
const directives = fc.constantFrom('', '', '', '@skip(if: true)', '@skip(if: false)', '@include(if: $b)', '@include(if: $undefined)', '@skip', '@nope', '@deprecated', '@skip(if: "yes")');
const querySnippets = fc.constantFrom(
  '__typename',
  'games(first: 2) { totalCount edges { node { id phase } } }',
  'games(first: $n) { totalCount }',
  'allGames(first: 1) { totalCount }',
  'games { totalCount edges { node { id players { playerId name } } } }',
  'games(first: 100) { edges { node { id portfolios { playerId cash } } } }',
  'me { id }',
  'nope',
  'games(first: -1) { totalCount }',
  'games(first: "two") { totalCount }',
  '__schema { queryType { name } }',
  '__type(name: "Query") { name fields { name } }',
  'games(first: 1) { edges { node { ...F1 } } }',
);
/** A field with its directive where GraphQL puts it: after the arguments, before the selection set. */
function directed(field: string, directive: string): string {
  const brace = field.indexOf('{');
  return brace < 0 ? `${field} ${directive}` : `${field.slice(0, brace)}${directive} ${field.slice(brace)}`;
}
const fragmentIndex = fc.integer({ min: 0, max: 3 });
const selection: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(fc.option(names, { freq: 3 }), querySnippets, directives).map(([alias, field, directive]) => `${alias ? `${alias}: ` : ''}${directed(field, directive)}`) },
  { weight: 3, arbitrary: fc.tuple(fragmentIndex, directives).map(([index, directive]) => `...F${index} ${directive}`) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('Query', 'Mutation', 'Game'), querySnippets, directives).map(([type, field, directive]) => `... on ${type} ${directive} { ${field} }`) },
);
const selections = fc.array(selection, { minLength: 1, maxLength: 6 }).map((list) => list.join(' '));
const fragments = fc
  .array(fc.tuple(fc.constantFrom('Query', 'Query', 'Mutation', 'Game', 'Nope'), selections, directives), { maxLength: 4 })
  .map((list) => list.map(([type, body, directive], index) => `fragment F${index} on ${type} ${directive} { ${body} }`).join(' '));
const variableDefinitions = fc.constantFrom('', '($n: Int = 3, $b: Boolean = true)', '($n: Int!, $b: Boolean!)', '($b: Boolean)', '($n: String)', '($n: Int = "x")', '($n: Int @nope)');
const variables = fc.oneof(
  { weight: 6, arbitrary: fc.record({ n: fc.oneof(fc.integer({ min: -5, max: 200 }), fc.constant('2'), fc.constant(null)), b: fc.oneof(fc.boolean(), fc.constant('yes')) }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2, maxKeys: 3 }) },
);

/** A bomb of fragments (each spreading the next `spreads` times), of aliases, or of tokens. */
const bombs = fc.oneof(
  fc.tuple(fc.integer({ min: 3, max: 30 }), fc.integer({ min: 2, max: 10 })).map(([levels, spreads]) => {
    const defs = Array.from({ length: levels }, (_, index) => `fragment B${index} on Query { ${Array.from({ length: spreads }, () => `...B${index + 1}`).join(' ')} }`);
    return `query { ...B0 } ${defs.join(' ')} fragment B${levels} on Query { __typename }`;
  }),
  fc.integer({ min: 50, max: 400 }).map((count) => `{ ${Array.from({ length: count }, (_, index) => `a${index}: __typename`).join(' ')} }`),
  fc.integer({ min: 40, max: 120 }).map((count) => `{ ${Array.from({ length: count }, () => '__typename @skip(if: false)').join(' ')} }`),
  fc.integer({ min: 10, max: 60 }).map((levels) => `${'{ games { edges { node { '.repeat(levels)}id${' } } }'.repeat(levels)} }`),
);

const gameIds = fc.oneof({ weight: 1, arbitrary: fc.uuid() }, { weight: 6, arbitrary: fc.constantFrom('fuzz-docs', 'fuzz-docs-new', '') });
const mutationField = fc.oneof(
  gameIds.map((id) => `createStockTickerGame(input: { gameId: "${id}" }) { ${OUTCOME_FIELDS} }`),
  fc.constantFrom('alice', 'bob', 'carol', 'dave', 'e'.repeat(80)).map((player) => `joinGame(input: { gameId: "fuzz-docs", playerId: "${player}", name: "${player}" }) { ${OUTCOME_FIELDS} }`),
  fc.constant(`rollDice(input: { gameId: "fuzz-docs", playerId: "alice" }) { ${OUTCOME_FIELDS} }`),
  fc.constant(`createStockTickerGame(input: { gameId: 7 }) { ${OUTCOME_FIELDS} }`),
);
/** One mutation (which may run), or more than a request may carry (refused whole). */
const mutation = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(fc.option(names, { freq: 2 }), mutationField, directives, fc.option(fc.constantFrom('__typename', '...F0'), { freq: 2 })).map(([alias, field, directive, extra]) => `${alias ? `${alias}: ` : ''}${directed(field, directive)} ${extra ?? ''}`) },
  { weight: 1, arbitrary: fc.array(mutationField, { minLength: LIMITS.maxMutationFields + 1, maxLength: LIMITS.maxMutationFields + 4 }).map((fields) => fields.map((field, index) => `m${index}: ${field}`).join(' ')) },
);

interface DocumentCase {
  readonly body: Record<string, unknown>;
}

const documents: fc.Arbitrary<DocumentCase> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(variableDefinitions, directives, selections, fragments, variables).map(([defs, directive, body, frags, vars]) => ({ body: { query: `query Q${defs} ${directive} { ${body} } ${frags}`, variables: vars } })) },
  { weight: 3, arbitrary: fc.tuple(variableDefinitions, mutation, fragments, variables).map(([defs, body, frags, vars]) => ({ body: { query: `mutation M${defs} { ${body} } ${frags}`, variables: vars } })) },
  { weight: 1, arbitrary: bombs.map((query) => ({ body: { query } })) },
  // Broken documents: a cut, or random text.
  { weight: 1, arbitrary: fc.tuple(selections, fc.nat()).map(([body, cut]) => ({ body: { query: `{ ${body} }`.slice(0, cut % (body.length + 4)) } })) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((query) => ({ body: { query } })) },
);

/** Events the answer acknowledges as written now: each outcome among the data's fields that was not a repeat. */
function acknowledged(data: unknown): number {
  if (!isRecord(data)) return 0;
  let events = 0;
  for (const value of Object.values(data)) {
    if (isRecord(value) && Array.isArray(value['events']) && value['alreadyApplied'] !== true) events += value['events'].length;
  }
  return events;
}

interface Tally {
  readonly codes: Map<string, number>;
  readonly outcomes: Map<string, number>;
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** Checks one answer's errors: each typed with a known code. Returns a problem, or undefined. */
function errorProblem(errors: unknown, tally: Tally): string | undefined {
  if (errors === undefined) return undefined;
  if (!Array.isArray(errors) || errors.length === 0) return 'errors is not a non-empty list';
  for (const error of errors as { message?: unknown; extensions?: { code?: unknown } }[]) {
    const code = String(error.extensions?.code);
    bump(tally.codes, code);
    if (!KNOWN_CODES.has(code) || typeof error.message !== 'string') return `error code ${code}: ${String(error.message)}`;
  }
  return undefined;
}

describe('fuzzed GraphQL documents', () => {
  let api: TestApp;
  let baseUrl: string;
  let cursor: number;
  const figures: string[] = [];

  beforeAll(async () => {
    api = await startTestApp({ accessPolicy: new OpenAccessPolicy(), config: { limits: LIMITS } });
    baseUrl = await api.listen();
    const opening = new GameDriver(api, 'fuzz-docs');
    await opening.create({ roundLimit: 200 });
    await opening.join('alice', 'Alice');
    cursor = await lastPosition(api);
  });

  afterAll(async () => {
    await api.close();
    console.log(`document fuzz:\n  ${figures.join('\n  ')}`);
  });

  /** After a batch: the log grew by exactly the acknowledged events. */
  const checkWritten = async (expected: number, describe: () => string): Promise<void> => {
    const written = await eventsAfter(api, cursor);
    cursor = written[written.length - 1]?.position ?? cursor;
    if (written.length !== expected) {
      throw new Error(`${written.length} events written (${written.map((event) => `${event.type} ${event.streamId}`).join(', ')}), ${expected} acknowledged; mutations sent: ${describe()}`);
    }
  };

  it(`answers ${BATCH * HTTP_RUNS} documents over HTTP with typed errors or results, never a 5xx`, async () => {
    const tally: Tally = { codes: new Map(), outcomes: new Map() };
    const start = performance.now();
    await fc.assert(
      fc.asyncProperty(fc.array(documents, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        const answers: RawAnswer[] = await Promise.all(batch.map((entry) => post(baseUrl, entry.body)));
        let events = 0;
        answers.forEach((answer, index) => {
          bump(tally.outcomes, `HTTP ${answer.status}`);
          const problem = answer.status >= 500 || !isRecord(answer.body) ? 'not a GraphQL answer' : errorProblem(answer.errors, tally);
          if (problem) throw new Error(`${problem}: HTTP ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)} for ${JSON.stringify(batch[index]?.body).slice(0, 1500)}`);
          events += acknowledged(answer.data);
        });
        await checkWritten(events, () =>
          batch
            .map((entry, index) => ({ entry, answer: answers[index] }))
            .filter(({ entry }) => String(entry.body['query']).startsWith('mutation'))
            .map(({ entry, answer }) => `${JSON.stringify(entry.body).slice(0, 600)} -> HTTP ${answer?.status} ${JSON.stringify(answer?.body).slice(0, 600)}`)
            .join('\n'),
        );
      }),
      { numRuns: HTTP_RUNS, seed: SEED, endOnFailure: true },
    );
    const elapsed = since(start);
    figures.push(`HTTP: ${BATCH * HTTP_RUNS} documents in ${elapsed} ms; ${summary(tally)}`);
  }, 240_000);

  it(`answers ${BATCH * WS_RUNS} documents over graphql-ws with typed errors or results, never closing the socket`, async () => {
    const tally: Tally = { codes: new Map(), outcomes: new Map() };
    const sockets = await Promise.all(Array.from({ length: SOCKETS }, () => RawSocket.open(baseUrl, {})));
    const start = performance.now();
    await fc.assert(
      fc.asyncProperty(fc.array(documents, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        const answers: SocketAnswer[][] = await Promise.all(
          batch.map((entry, index) => (sockets[index % SOCKETS] as RawSocket).run(String(entry.body['query']), isRecord(entry.body['variables']) ? entry.body['variables'] : undefined)),
        );
        let events = 0;
        answers.forEach((messages, index) => {
          for (const message of messages) {
            bump(tally.outcomes, message.type);
            const errors = message.type === 'error' ? message.payload : isRecord(message.payload) ? message.payload['errors'] : undefined;
            const problem = message.type === 'closed' ? `socket closed ${String(message.payload)}` : errorProblem(errors, tally);
            if (problem) throw new Error(`${problem}: ${JSON.stringify(message).slice(0, 500)} for ${JSON.stringify(batch[index]?.body).slice(0, 1500)}`);
            if (message.type === 'next' && isRecord(message.payload)) events += acknowledged(message.payload['data']);
          }
        });
        await checkWritten(events, () =>
          batch
            .map((entry, index) => ({ entry, answer: answers[index] }))
            .filter(({ entry }) => String(entry.body['query']).startsWith('mutation'))
            .map(({ entry, answer }) => `${JSON.stringify(entry.body).slice(0, 600)} -> ${JSON.stringify(answer).slice(0, 600)}`)
            .join('\n'),
        );
      }),
      { numRuns: WS_RUNS, seed: SEED + 1, endOnFailure: true },
    );
    const elapsed = since(start);
    await Promise.all(sockets.map((socket) => socket.close()));
    figures.push(`WebSocket: ${BATCH * WS_RUNS} documents on ${SOCKETS} sockets in ${elapsed} ms; ${summary(tally)}`);
  }, 240_000);
});

function summary(tally: Tally): string {
  const list = (map: Map<string, number>) => [...map.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, count]) => `${key}: ${count}`).join(', ');
  return `answers ${list(tally.outcomes)}; codes ${list(tally.codes)}`;
}
