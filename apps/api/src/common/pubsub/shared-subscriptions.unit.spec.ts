import { GraphQLInt, GraphQLObjectType, GraphQLSchema, GraphQLString, parse, type ExecutionResult } from 'graphql';
import { sharedSubscriptions } from './shared-subscriptions';

interface Board {
  readonly round: number;
}

/** A schema with a shared `board` field and a per-subscriber `mine`; `executions` counts how often a board's `round` is resolved. */
function fixture() {
  const counts = { executions: 0, subscribed: 0 };
  const boards: Board[] = [{ round: 1 }, { round: 2 }];
  const BoardType = new GraphQLObjectType({
    name: 'Board',
    fields: {
      round: {
        type: GraphQLInt,
        resolve: (board: Board) => {
          counts.executions += 1;
          return board.round;
        },
      },
      label: { type: GraphQLString, resolve: (board: Board) => `round ${board.round}` },
    },
  });
  async function* feed(): AsyncGenerator<Board> {
    counts.subscribed += 1;
    yield* boards;
  }
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLInt } } }),
    subscription: new GraphQLObjectType({
      name: 'Subscription',
      fields: {
        board: { type: BoardType, subscribe: () => feed(), resolve: (board: Board) => board },
        mine: { type: BoardType, subscribe: () => feed(), resolve: (board: Board) => board },
        broken: {
          type: BoardType,
          subscribe: () => {
            throw new Error('no such game');
          },
        },
      },
    }),
  });
  return { counts, schema };
}

async function collect(result: AsyncIterableIterator<ExecutionResult> | ExecutionResult): Promise<unknown[]> {
  if (!(Symbol.asyncIterator in result)) return [result];
  const items: unknown[] = [];
  for await (const item of result) items.push(item);
  return items;
}

describe('shared subscriptions', () => {
  it('executes an update of a shared field once for every subscriber with the same selection', async () => {
    const { counts, schema } = fixture();
    const subscribe = sharedSubscriptions(new Set(['board']));
    const document = parse('subscription { board { round label } }');
    const results = await Promise.all([1, 2, 3].map(async () => collect(await subscribe({ schema, document }))));
    expect(results[0]).toEqual([{ data: { board: { round: 1, label: 'round 1' } } }, { data: { board: { round: 2, label: 'round 2' } } }]);
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
    // Each subscriber's resolver ran (its own access checks), but each board was executed once.
    expect(counts.subscribed).toBe(3);
    expect(counts.executions).toBe(2);
  });

  it('executes other selections, variables and fields on their own', async () => {
    const { counts, schema } = fixture();
    const subscribe = sharedSubscriptions(new Set(['board']));
    const other = await collect(await subscribe({ schema, document: parse('subscription { board { round } }') }));
    const aliased = await collect(await subscribe({ schema, document: parse('subscription { b: board { round } }') }));
    expect(other).toEqual([{ data: { board: { round: 1 } } }, { data: { board: { round: 2 } } }]);
    expect(aliased).toEqual([{ data: { b: { round: 1 } } }, { data: { b: { round: 2 } } }]);
    expect(counts.executions).toBe(4);
    const mine = parse('subscription { mine { round } }');
    await collect(await subscribe({ schema, document: mine }));
    await collect(await subscribe({ schema, document: mine }));
    expect(counts.executions).toBe(8);
  });

  it('answers a failing subscription with its errors, as graphql-js does', async () => {
    const { schema } = fixture();
    const [result] = await collect(await sharedSubscriptions(new Set(['broken']))({ schema, document: parse('subscription { broken { round } }') }));
    expect(result).toMatchObject({ errors: [expect.objectContaining({ message: 'no such game' })] });
  });

  it('ends the source when the subscriber leaves', async () => {
    const { schema } = fixture();
    let ended = false;
    const endless = new GraphQLSchema({
      query: schema.getQueryType(),
      subscription: new GraphQLObjectType({
        name: 'Subscription',
        fields: {
          board: {
            type: schema.getType('Board') as GraphQLObjectType,
            subscribe: async function* () {
              try {
                for (let round = 1; ; round += 1) yield { round };
              } finally {
                ended = true;
              }
            },
            resolve: (board: Board) => board,
          },
        },
      }),
    });
    const result = await sharedSubscriptions(new Set(['board']))({ schema: endless, document: parse('subscription { board { round } }') });
    if (!(Symbol.asyncIterator in result)) throw new Error('expected a stream');
    expect((await result.next()).value).toEqual({ data: { board: { round: 1 } } });
    await result.return?.();
    expect(ended).toBe(true);
  });
});
