import type { Client } from 'graphql-ws';
import { OpenAccessPolicy } from '../access/open-access.policy';
import { GameDriver } from '../testing/game-driver';
import { wsClient } from '../testing/subscription-helpers';
import { startTestApp, type GraphQLErrorBody, type TestApp } from '../testing/test-app';
import { commandsOf, post, streamOf } from './reliability-helpers';

const GAME_ID = 'acknowledged';

/** Two buys in one request, under aliases `first` and `second`; a request names no more than two mutations. */
function twoBuys(first: { shares: number; commandId: string }, second: { shares: number; commandId: string }): string {
  const buy = (alias: string, playerId: string, order: { shares: number; commandId: string }) =>
    `${alias}: buyShares(input: { gameId: "${GAME_ID}", playerId: "${playerId}", stock: GOLD, shares: ${order.shares}, commandId: "${order.commandId}" }) { alreadyApplied events { id type } }`;
  return `mutation Two { ${buy('first', 'alice', first)} ${buy('second', 'bob', second)} }`;
}

interface Acknowledgement {
  readonly alreadyApplied: boolean;
  readonly events: readonly { readonly id: string; readonly type: string }[];
}

interface Answer {
  readonly data?: { readonly first: Acknowledgement | null; readonly second: Acknowledgement | null } | null;
  readonly errors?: readonly GraphQLErrorBody[];
}

/**
 * A request holding several mutations runs them one after the other; each is its own command. Every
 * mutation's outcome is nullable, so a refused one answers `null` with its error at its own path and the
 * others' acknowledgements still reach the client (a non-null outcome made the whole `data` null, hiding
 * an applied and written command).
 */
describe('every mutation of a multi-mutation request is acknowledged', () => {
  let api: TestApp;
  let baseUrl: string;
  let ws: Client;
  const game = () => new GameDriver(api, GAME_ID);

  beforeAll(async () => {
    api = await startTestApp({ accessPolicy: new OpenAccessPolicy() });
    baseUrl = await api.listen();
    ws = wsClient(baseUrl);
    await game().create({ roundLimit: 20 });
    await game().join('alice', 'Alice');
    await game().join('bob', 'Bob');
    await game().start();
  });

  afterAll(async () => {
    await ws.dispose();
    await api.close();
  });

  async function overHttp(query: string): Promise<Answer> {
    const answer = await post(baseUrl, { query });
    expect(answer.status).toBe(200);
    return answer.body as Answer;
  }

  async function overWebSocket(query: string): Promise<Answer> {
    const results = ws.iterate<{ first: Acknowledgement | null; second: Acknowledgement | null }>({ query });
    const next = await results.next();
    await results.return?.();
    return next.value as Answer;
  }

  async function writtenBy(commandId: string): Promise<string[]> {
    const { groups } = commandsOf(await api.eventStore.readStream(streamOf(GAME_ID)));
    return (groups.get(commandId) ?? []).map((event) => event.id);
  }

  describe.each([
    ['HTTP', overHttp],
    ['WebSocket', overWebSocket],
  ])('over %s', (transport, send) => {
    it('the first applied and the second refused: the first is acknowledged with the events it wrote', async () => {
      const applied = `${transport}-applied-1`;
      const answer = await send(twoBuys({ shares: 500, commandId: applied }, { shares: 100_000_000, commandId: `${transport}-refused-1` }));

      expect(answer.data?.first).toMatchObject({ alreadyApplied: false, events: [{ type: 'SharesBought' }] });
      expect(answer.data?.second).toBeNull();
      expect(answer.errors).toHaveLength(1);
      expect(answer.errors?.[0]).toMatchObject({ path: ['second'], extensions: { code: 'RULE_VIOLATION', domainCode: 'NOT_ENOUGH_CASH' } });
      expect(await writtenBy(applied)).toEqual(answer.data?.first?.events.map((event) => event.id));
      expect(await writtenBy(`${transport}-refused-1`)).toEqual([]);
    });

    it('the first refused and the second applied: the second still runs and is acknowledged', async () => {
      const applied = `${transport}-applied-2`;
      const answer = await send(twoBuys({ shares: 100_000_000, commandId: `${transport}-refused-2` }, { shares: 500, commandId: applied }));

      expect(answer.data?.first).toBeNull();
      expect(answer.data?.second).toMatchObject({ alreadyApplied: false, events: [{ type: 'SharesBought' }] });
      expect(answer.errors?.map((error) => error.path)).toEqual([['first']]);
      expect(await writtenBy(applied)).toEqual(answer.data?.second?.events.map((event) => event.id));
    });
  });

  it('every mutation of the schema has a nullable outcome, so a new one cannot bring the lost acknowledgement back', async () => {
    const { __schema } = await api.data<{ __schema: { mutationType: { fields: { name: string; type: { kind: string } }[] } } }>(
      `{ __schema { mutationType { fields { name type { kind } } } } }`,
    );
    const nonNull = __schema.mutationType.fields.filter((field) => field.type.kind === 'NON_NULL').map((field) => field.name);
    expect(__schema.mutationType.fields.length).toBeGreaterThan(40);
    expect(nonNull).toEqual([]);
  });
});
