import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { seededRandom } from '@corbeille/kernel';
import {
  nextBotCommand,
  randomBot,
  stockTicker,
  type StockTickerBot,
  type StockTickerCommand,
  type StockTickerEvent,
  type StockTickerState,
} from '@corbeille/stock-ticker';

/** A minimal GraphQL-over-HTTP client (keep-alive, JSON) for the load tests. */
export class GraphQLHttpClient {
  private readonly agent: Agent;
  private readonly url: URL;

  constructor(url: string, sockets: number) {
    this.url = new URL(url);
    this.agent = new Agent({ keepAlive: true, maxSockets: sockets });
  }

  post<Data>(query: string, variables: Readonly<Record<string, unknown>>): Promise<{ data?: Data; errors?: { message: string; extensions?: Record<string, unknown> }[] }> {
    const body = JSON.stringify({ query, variables });
    return new Promise((resolve, reject) => {
      const req = request(
        {
          agent: this.agent,
          hostname: this.url.hostname,
          port: this.url.port,
          path: this.url.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            try {
              resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data?: Data });
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          });
          response.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

const OUTCOME = 'gameId revision alreadyApplied events { id position revision type data } game { id phase round eventCount }';

export const MUTATIONS = {
  create: `mutation Create($input: CreateStockTickerGameInput!) { createStockTickerGame(input: $input) { ${OUTCOME} } }`,
  join: `mutation Join($input: JoinGameInput!) { joinGame(input: $input) { ${OUTCOME} } }`,
  start: `mutation Start($input: StartGameInput!) { startGame(input: $input) { ${OUTCOME} } }`,
  buy: `mutation Buy($input: BuySharesInput!) { buyShares(input: $input) { ${OUTCOME} } }`,
  sell: `mutation Sell($input: SellSharesInput!) { sellShares(input: $input) { ${OUTCOME} } }`,
  finish: `mutation Finish($input: FinishTradingInput!) { finishTrading(input: $input) { ${OUTCOME} } }`,
  roll: `mutation Roll($input: RollDiceInput!) { rollDice(input: $input) { ${OUTCOME} } }`,
  borrow: `mutation Borrow($input: BorrowInput!) { borrow(input: $input) { ${OUTCOME} } }`,
  end: `mutation End($input: EndGameInput!) { endGame(input: $input) { ${OUTCOME} } }`,
} as const;

export interface OutcomeEvent {
  readonly id: string;
  readonly position: number;
  readonly revision: number;
  readonly type: string;
  readonly data: unknown;
}

export interface Outcome {
  readonly revision: number | null;
  readonly alreadyApplied: boolean;
  readonly events: readonly OutcomeEvent[];
  readonly game: { readonly phase: string };
}

/** The mutation and input of an engine command. */
export function toOperation(gameId: string, command: StockTickerCommand, commandId: string): { query: string; field: string; input: Record<string, unknown> } {
  switch (command.type) {
    case 'CreateGame':
      return { query: MUTATIONS.create, field: 'createStockTickerGame', input: { gameId, commandId, options: { roundLimit: command.data.options?.roundLimit ?? null } } };
    case 'JoinGame':
      return { query: MUTATIONS.join, field: 'joinGame', input: { gameId, commandId, playerId: command.data.playerId, name: command.data.name } };
    case 'StartGame':
      return { query: MUTATIONS.start, field: 'startGame', input: { gameId, commandId } };
    case 'BuyShares':
    case 'SellShares': {
      const buy = command.type === 'BuyShares';
      const { playerId, stock, shares } = command.data;
      return { query: buy ? MUTATIONS.buy : MUTATIONS.sell, field: buy ? 'buyShares' : 'sellShares', input: { gameId, commandId, playerId, stock, shares } };
    }
    case 'FinishTrading':
      return { query: MUTATIONS.finish, field: 'finishTrading', input: { gameId, commandId, playerId: command.data.playerId } };
    case 'RollDice':
      return { query: MUTATIONS.roll, field: 'rollDice', input: { gameId, commandId, playerId: command.data.playerId } };
    case 'Borrow':
      return { query: MUTATIONS.borrow, field: 'borrow', input: { gameId, commandId, playerId: command.data.playerId, amount: command.data.amount } };
    case 'EndGame':
      return { query: MUTATIONS.end, field: 'endGame', input: { gameId, commandId, reason: command.data.reason } };
  }
}

/**
 * One table of bots playing a game over GraphQL: it keeps the game's state by folding the events each
 * mutation returns, and asks the bots for the next move, as a real client would from the events it sees.
 */
export class BotTable {
  private state: StockTickerState = stockTicker.initialState();
  private readonly bots: Map<string, StockTickerBot>;
  private commands = 0;
  readonly players: readonly string[];

  constructor(
    readonly gameId: string,
    seed: number,
    players: number,
    private readonly roundLimit: number,
  ) {
    const random = seededRandom(seed);
    this.players = Array.from({ length: players }, (_, seat) => `p${seat + 1}`);
    this.bots = new Map(this.players.map((playerId) => [playerId, randomBot(random)]));
  }

  get finished(): boolean {
    return stockTicker.isTerminal(this.state);
  }

  /** The commands that set the game up: create, join every player, start. */
  setup(): StockTickerCommand[] {
    return [
      { type: 'CreateGame', data: { gameId: this.gameId, options: { roundLimit: this.roundLimit } } },
      ...this.players.map((playerId): StockTickerCommand => ({ type: 'JoinGame', data: { playerId, name: playerId } })),
      { type: 'StartGame', data: {} },
    ];
  }

  next(): StockTickerCommand {
    return nextBotCommand(this.state, this.bots) ?? { type: 'EndGame', data: { reason: 'AGREED' } };
  }

  nextCommandId(): string {
    this.commands += 1;
    return `${this.gameId}-c${this.commands}`;
  }

  apply(events: readonly OutcomeEvent[]): void {
    for (const event of events) this.state = stockTicker.evolve(this.state, { type: event.type, data: event.data } as StockTickerEvent);
  }
}

/** Sends one engine command of a table; returns the outcome or throws on GraphQL errors. */
export async function send(client: GraphQLHttpClient, table: BotTable, command: StockTickerCommand): Promise<Outcome> {
  const operation = toOperation(table.gameId, command, table.nextCommandId());
  const response = await client.post<Record<string, Outcome>>(operation.query, { input: operation.input });
  const outcome = response.data?.[operation.field];
  if (!outcome || response.errors) throw new Error(`${command.type} failed: ${JSON.stringify(response.errors ?? response)}`);
  table.apply(outcome.events);
  return outcome;
}

export function now(): number {
  return performance.timeOrigin + performance.now();
}
