import fc from 'fast-check';
import { OpenAccessPolicy } from '../access/open-access.policy';
import { GameDriver } from '../testing/game-driver';
import {
  BORROW,
  BUY_SHARES,
  CREATE_GAME,
  END_GAME,
  FINISH_TRADING,
  JOIN_GAME,
  ROLL_DICE,
  SELL_SHARES,
  START_GAME,
} from '../testing/operations';
import { startTestApp, type TestApp } from '../testing/test-app';
import { eventsAfter, isRecord, lastPosition, outcomeOf, post, since, type RawAnswer } from './reliability-helpers';

const SEED = 20_260_401;
const BATCH = 25;
const RUNS = 400;
/** Every `extensions.code` a refused request may carry; INTERNAL_SERVER_ERROR is not among them. */
const KNOWN_CODES = new Set(['BAD_USER_INPUT', 'RULE_VIOLATION', 'NOT_FOUND', 'CONFLICT', 'FORBIDDEN', 'IDEMPOTENCY_KEY_REUSED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_REQUEST']);
/** Stands for a number literal JSON.stringify cannot write (e.g. 400 digits); replaced in the raw body. */
const HUGE = '__huge_number__';

interface Mutation {
  readonly query: string;
  readonly field: string;
  /** The input's fields and an arbitrary of plausible values for each. */
  readonly fields: Readonly<Record<string, fc.Arbitrary<unknown>>>;
}

const hostile = fc.constantFrom(
  "'; DROP TABLE events; --",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\u0000',
  '\uFFFF\uD800',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  '%00%0a',
  'stock-ticker-fuzz',
  '🚀📈💸',
  'Ω≈ç√∫˜µ≤≥÷',
  '\u202Eevil',
  ' ',
  '',
);
const strings = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ minLength: 1000, maxLength: 20_000 }),
  hostile,
);
const numbers = fc.oneof(
  fc.integer(),
  fc.integer({ min: -2000, max: 2000 }),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1, 499, 500, 501, 1000, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 1e308, -1e308, 0.5, 500.5),
  fc.constant(HUGE),
);
const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: strings },
  { weight: 3, arbitrary: numbers },
  fc.boolean(),
  fc.constant(null),
  fc.anything({ maxDepth: 3, maxKeys: 5 }),
  fc.array(fc.oneof(strings, numbers), { maxLength: 5 }),
);

const gameIds = fc.constantFrom('fuzz', 'fuzz-lobby', 'no-such-game', 'FUZZ', 'fuzz ');
const playerIds = fc.constantFrom('alice', 'bob', 'carol', 'mallory', 'Alice');
const stocks = fc.constantFrom('GOLD', 'TECH', 'OIL', 'INDUSTRIAL', 'BONDS', 'GRAIN', 'gold', 'BITCOIN');
const lots = fc.oneof({ weight: 3, arbitrary: fc.integer({ min: -1, max: 4 }).map((lots) => lots * 500) }, { weight: 1, arbitrary: numbers });
const commandIds = fc.oneof({ weight: 6, arbitrary: fc.uuid() }, { weight: 1, arbitrary: fc.constantFrom('fuzz-fixed-1', 'x y', '') });
const options = fc.record(
  {
    stocks: fc.oneof(fc.array(stocks, { maxLength: 8 }), junk),
    tradingWindowEvery: fc.oneof(fc.integer({ min: -1, max: 4 }), junk),
    roundLimit: fc.oneof(fc.integer({ min: -1, max: 2000 }), junk),
    timeLimitMinutes: numbers,
    startingCash: fc.oneof(fc.integer({ min: 0, max: 200_000_000 }), junk),
    maxPlayers: fc.oneof(fc.integer({ min: -1, max: 10 }), junk),
    unknownOption: junk,
  },
  { requiredKeys: [] },
);

const player = { gameId: gameIds, playerId: playerIds, commandId: commandIds };
const MUTATIONS: readonly Mutation[] = [
  { query: CREATE_GAME, field: 'createStockTickerGame', fields: { gameId: fc.oneof(fc.uuid(), gameIds), options, league: strings, commandId: commandIds } },
  { query: JOIN_GAME, field: 'joinGame', fields: { ...player, name: strings } },
  { query: START_GAME, field: 'startGame', fields: { gameId: gameIds, brokerId: playerIds, commandId: commandIds } },
  { query: BUY_SHARES, field: 'buyShares', fields: { ...player, stock: stocks, shares: lots } },
  { query: SELL_SHARES, field: 'sellShares', fields: { ...player, stock: stocks, shares: lots } },
  { query: FINISH_TRADING, field: 'finishTrading', fields: player },
  { query: ROLL_DICE, field: 'rollDice', fields: player },
  { query: BORROW, field: 'borrow', fields: { ...player, amount: fc.oneof(fc.integer({ min: -100_000, max: 1_000_000 }), numbers) } },
  { query: END_GAME, field: 'endGame', fields: { gameId: gameIds, commandId: commandIds } },
];

/**
 * An input built from a mutation's fields: all plausible but one turned to junk, each plausible, junk or
 * absent, plus maybe a field that does not exist; or no object at all.
 */
function inputFor(mutation: Mutation): fc.Arbitrary<unknown> {
  const names = Object.keys(mutation.fields);
  const plausible = fc.record(mutation.fields);
  const oneBad = fc
    .tuple(plausible, fc.constantFrom(...names), junk)
    .map(([input, name, value]) => ({ ...input, [name]: value }));
  const fields = Object.fromEntries(
    Object.entries(mutation.fields).map(([name, value]) => [name, fc.oneof({ weight: 10, arbitrary: value }, { weight: 1, arbitrary: junk })]),
  );
  const mixed = fc
    .tuple(fc.record(fields, { requiredKeys: [] }), fc.option(fc.tuple(fc.constantFrom('cash', 'events', '__proto__', 'revision', 'actor'), junk), { freq: 3 }))
    .map(([input, extra]) => (extra ? { ...input, [extra[0]]: extra[1] } : input));
  return fc.oneof({ weight: 4, arbitrary: plausible }, { weight: 3, arbitrary: oneBad }, { weight: 3, arbitrary: mixed }, { weight: 1, arbitrary: junk });
}

interface Case {
  readonly mutation: number;
  readonly body: string;
}

/** A request body: the mutation with fuzzed `input` (sometimes fuzzed `variables` as a whole), as raw JSON. */
const cases: fc.Arbitrary<Case> = fc.integer({ min: 0, max: MUTATIONS.length - 1 }).chain((index) => {
  const mutation = MUTATIONS[index] as Mutation;
  const variables = fc.oneof({ weight: 9, arbitrary: inputFor(mutation).map((input) => ({ input })) }, { weight: 1, arbitrary: junk });
  return fc.tuple(variables, fc.integer({ min: 1, max: 400 })).map(([vars, digits]) => ({
    mutation: index,
    body: JSON.stringify({ query: mutation.query, variables: vars }).replaceAll(`"${HUGE}"`, '9'.repeat(digits)),
  }));
});

/** Thousands of malformed mutations against one app: typed refusals or valid outcomes, never a crash, and refusals write nothing. */
describe('fuzzed Stock Ticker mutation inputs', () => {
  let api: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    api = await startTestApp({ accessPolicy: new OpenAccessPolicy() });
    baseUrl = await api.listen();
    const opening = new GameDriver(api, 'fuzz');
    await opening.create({ roundLimit: 200 });
    await opening.join('alice', 'Alice');
    await opening.join('bob', 'Bob');
    await opening.start();
    await new GameDriver(api, 'fuzz-lobby').create();
  });

  afterAll(async () => {
    await api.close();
  });

  it(`answers ${BATCH * RUNS} cases with typed errors or valid outcomes, and writes only what it acknowledged`, async () => {
    const codes = new Map<string, number>();
    const statuses = new Map<number, number>();
    let accepted = 0;
    let refused = 0;
    let replayed = 0;
    let cursor = await lastPosition(api);
    const start = performance.now();

    const check = (answer: RawAnswer, field: string): { ok: boolean; written: number } => {
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status >= 500 || !isRecord(answer.body)) return { ok: false, written: 0 };
      const outcome = outcomeOf(answer, field);
      if (outcome) {
        accepted += 1;
        codes.set('(success)', (codes.get('(success)') ?? 0) + 1);
        if (outcome.alreadyApplied) replayed += 1;
        // A repeated command id answers with the events it wrote the first time, and writes nothing now.
        return { ok: typeof outcome.gameId === 'string', written: outcome.alreadyApplied ? 0 : outcome.events.length };
      }
      refused += 1;
      const errors = answer.errors ?? [];
      for (const error of errors) {
        const code = String(error.extensions?.code);
        codes.set(code, (codes.get(code) ?? 0) + 1);
      }
      const typed = errors.length > 0 && errors.every((error) => KNOWN_CODES.has(String(error.extensions?.code)) && typeof error.message === 'string');
      return { ok: typed && (answer.data?.[field] ?? null) === null, written: 0 };
    };

    await fc.assert(
      fc.asyncProperty(fc.array(cases, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        const answers = await Promise.all(batch.map((entry) => post(baseUrl, entry.body)));
        const verdicts = answers.map((answer, index) => check(answer, MUTATIONS[batch[index]?.mutation ?? 0]?.field ?? ''));
        const written = await eventsAfter(api, cursor);
        cursor = written[written.length - 1]?.position ?? cursor;
        const acknowledged = verdicts.reduce((sum, verdict) => sum + verdict.written, 0);
        const bad = verdicts.findIndex((verdict) => !verdict.ok);
        if (bad >= 0) throw new Error(`untyped answer: HTTP ${answers[bad]?.status} ${JSON.stringify(answers[bad]?.body).slice(0, 2000)}`);
        if (written.length !== acknowledged) {
          throw new Error(`${written.length} events written, ${acknowledged} acknowledged: ${written.map((event) => event.metadata.commandId).join(', ')}`);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );

    const elapsed = since(start);
    const total = BATCH * RUNS;
    const byCode = [...codes.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([code, count]) => `${code}: ${count}`);
    const byStatus = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
    console.log(
      `fuzz: ${total} cases (seed ${SEED}, ${BATCH} in flight) in ${elapsed} ms (${Math.round((total * 1000) / elapsed)}/s); ` +
        `${accepted} accepted (${replayed} of them repeated command ids), ${refused} refused; codes ${byCode.join(', ')}; HTTP ${byStatus.join(', ')}`,
    );
    expect(accepted + refused).toBe(total);
  }, 300_000);
});
