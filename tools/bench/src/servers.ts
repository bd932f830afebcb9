import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
// Tools may use apps (type:tool may depend on type:app): the benchmarks run the whole API in this process.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { OpenAccessPolicy } from '@corbeille/api/src/access/open-access.policy';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { DEFAULT_RATE_LIMITS } from '@corbeille/api/src/config/app-config';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { bootstrap } from '@corbeille/api/src/create-app';
import { seededRandom } from '@corbeille/kernel';
import {
  GraphQLBoolean,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  type GraphQLNullableType,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
} from 'graphql';
import { handleProtocols, makeServer } from 'graphql-ws';
import { WebSocketServer } from 'ws';

/** The servers the HTTP benchmarks load: the whole API in this process, and a bare Apollo reference. */

export interface RunningServer {
  /** GraphQL endpoint. */
  readonly url: string;
  close(): Promise<void>;
}

export interface ApiServerOptions {
  readonly dataDir: string;
  /** Read models file; default next to the events. */
  readonly readModelsPath?: string;
}

/**
 * The API as `npm start` runs it (SQLite events and read models in `dataDir`), listening on a free port
 * of 127.0.0.1, except for accounts: anyone may issue any command (OpenAccessPolicy), so the figures
 * leave out authentication and the account-based access checks.
 */
export async function startApi(options: ApiServerOptions): Promise<RunningServer> {
  let seed = 1;
  const { app, url } = await bootstrap({
    config: {
      dataDir: options.dataDir,
      eventsPath: join(options.dataDir, 'events.sqlite'),
      readModelsPath: options.readModelsPath ?? join(options.dataDir, 'read-models.sqlite'),
      eventStoreUrl: undefined,
      port: 0,
      host: '127.0.0.1',
      // Thousands of commands a second from one address are the point here, not an abuse to refuse.
      rateLimits: { ...DEFAULT_RATE_LIMITS, enabled: false },
    },
    randomSourceFactory: () => seededRandom(seed++),
    accessPolicy: new OpenAccessPolicy(),
    logger: ['error'],
  });
  return { url: `${url}/graphql`, close: () => app.close() };
}

const BARE_SCHEMA = `#graphql
  input NoopInput { gameId: ID!, playerId: ID!, stock: String!, shares: Int!, commandId: ID }
  type NoopEvent { id: ID!, position: Int!, revision: Int!, type: String!, data: String }
  type NoopGame { id: ID!, phase: String!, round: Int!, eventCount: Int! }
  type NoopOutcome { gameId: ID!, revision: Int, alreadyApplied: Boolean!, events: [NoopEvent!]!, game: NoopGame! }
  type Query { ok: Boolean }
  type Mutation { noop(input: NoopInput!): NoopOutcome! }
`;

/** A mutation shaped like buyShares (input, outcome with one event and the game) for the bare server. */
export const BARE_MUTATION = `mutation Noop($input: NoopInput!) {
  noop(input: $input) { gameId revision alreadyApplied events { id position revision type data } game { id phase round eventCount } }
}`;

export const BARE_VARIABLES = { input: { gameId: 'load-1-0', playerId: 'p1', stock: 'GOLD', shares: 500, commandId: 'load-1-0-c1' } };

/** Apollo Server on Node's http (no Nest, no Express): a mutation that does nothing and answers a constant. */
export async function startBareApollo(): Promise<RunningServer> {
  const outcome = {
    gameId: 'load-1-0',
    revision: 42,
    alreadyApplied: false,
    events: [{ id: '0190f1d2-7c4e-7000-8000-000000000001', position: 1234, revision: 42, type: 'SharesBought', data: '{"playerId":"p1","stock":"GOLD","shares":500}' }],
    game: { id: 'load-1-0', phase: 'TRADING', round: 3, eventCount: 43 },
  };
  const server = new ApolloServer({ typeDefs: BARE_SCHEMA, resolvers: { Query: { ok: () => true }, Mutation: { noop: () => outcome } } });
  const { url } = await startStandaloneServer(server, { listen: { port: 0, host: '127.0.0.1' } });
  return { url, close: () => server.stop() };
}

interface BareBoard {
  readonly gameId: string;
  readonly round: number;
  readonly lastPosition: number;
  readonly stocks: readonly { readonly stock: string; readonly price: number }[];
}

/** A push queue as an async iterator (what a PubSub subscription is). */
function boardFeed(feeds: Set<(board: BareBoard) => void>, first: BareBoard): AsyncIterableIterator<BareBoard> {
  const buffer: BareBoard[] = [first];
  let pull: ((result: IteratorResult<BareBoard>) => void) | undefined;
  const push = (board: BareBoard) => {
    if (pull) {
      const resolve = pull;
      pull = undefined;
      resolve({ value: board, done: false });
    } else buffer.push(board);
  };
  feeds.add(push);
  const iterator: AsyncIterableIterator<BareBoard> = {
    next: () => {
      const board = buffer.shift();
      if (board) return Promise.resolve({ value: board, done: false });
      return new Promise((resolve) => {
        pull = resolve;
      });
    },
    return: async () => {
      feeds.delete(push);
      pull?.({ value: undefined, done: true });
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}

/**
 * graphql-js and graphql-ws on a bare `ws` server: `board(gameId)` subscriptions, and a `publish(position)`
 * mutation that pushes one board of the same shape as the API's price board to every subscriber.
 */
export async function startBareSubscriptions(): Promise<{ wsUrl: string; close(): Promise<void> }> {
  const feeds = new Set<(board: BareBoard) => void>();
  const board = (lastPosition: number): BareBoard => ({
    gameId: 'live-board',
    round: 3,
    lastPosition,
    stocks: ['GOLD', 'SILVER', 'OIL', 'BONDS', 'INDUSTRIALS', 'GRAIN'].map((stock, index) => ({ stock, price: 100 + index * 5 })),
  });
  const nonNull = <T extends GraphQLNullableType>(type: T) => new GraphQLNonNull(type);
  const quote = new GraphQLObjectType({ name: 'Quote', fields: { stock: { type: nonNull(GraphQLString) }, price: { type: nonNull(GraphQLInt) } } });
  const boardType = new GraphQLObjectType({
    name: 'Board',
    fields: {
      gameId: { type: nonNull(GraphQLID) },
      round: { type: nonNull(GraphQLInt) },
      lastPosition: { type: nonNull(GraphQLInt) },
      stocks: { type: nonNull(new GraphQLList(nonNull(quote))) },
    },
  });
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLBoolean, resolve: () => true } } }),
    mutation: new GraphQLObjectType({
      name: 'Mutation',
      fields: {
        publish: {
          type: GraphQLInt,
          args: { position: { type: nonNull(GraphQLInt) } },
          resolve: (_source: unknown, args: { position: number }) => {
            const published = board(args.position);
            for (const feed of feeds) feed(published);
            return feeds.size;
          },
        },
      },
    }),
    subscription: new GraphQLObjectType({
      name: 'Subscription',
      fields: {
        board: {
          type: boardType,
          args: { gameId: { type: nonNull(GraphQLID) } },
          subscribe: () => boardFeed(feeds, board(0)),
          resolve: (payload: BareBoard) => payload,
        },
      },
    }),
  });

  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', handleProtocols: (protocols) => handleProtocols(protocols) });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const server = makeServer({ schema });
  wss.on('connection', (socket, request) => {
    const closed = server.opened(
      {
        protocol: socket.protocol,
        send: (data) =>
          new Promise<void>((resolve, reject) => {
            if (socket.readyState !== socket.OPEN) return resolve();
            socket.send(data, (error) => (error ? reject(error) : resolve()));
          }),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) => socket.on('message', (data: Buffer) => void handle(data.toString('utf8'))),
      },
      { socket, request },
    );
    socket.once('close', (code, reason) => void closed(code, reason.toString('utf8')));
  });
  const { port } = wss.address() as AddressInfo;
  return {
    wsUrl: `ws://127.0.0.1:${port}/graphql`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const client of wss.clients) client.terminate();
        wss.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
