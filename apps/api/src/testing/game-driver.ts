import {
  BUY_SHARES,
  CREATE_GAME,
  EVENTS_PAGE,
  FINISH_TRADING,
  JOIN_GAME,
  ROLL_DICE,
  SELL_SHARES,
  START_GAME,
  type EventsPage,
  type Outcome,
  type OutcomeEvent,
} from './operations';
import type { TestApp } from './test-app';
import { STOCK_TICKER_GAME, streamIdFor } from '@corbeille/projections';

/** Thin helpers that play moves over HTTP and fail loudly on any GraphQL error. */
export class GameDriver {
  constructor(
    private readonly api: TestApp,
    readonly gameId: string,
  ) {}

  async create(options: Readonly<Record<string, unknown>> = {}, extra: Readonly<Record<string, unknown>> = {}): Promise<Outcome> {
    return (await this.api.data<{ createStockTickerGame: Outcome }>(CREATE_GAME, { input: { gameId: this.gameId, options, ...extra } }))
      .createStockTickerGame;
  }

  async join(playerId: string, name: string): Promise<Outcome> {
    return (await this.api.data<{ joinGame: Outcome }>(JOIN_GAME, { input: { gameId: this.gameId, playerId, name } })).joinGame;
  }

  async start(brokerId?: string): Promise<Outcome> {
    const input = brokerId ? { gameId: this.gameId, brokerId } : { gameId: this.gameId };
    return (await this.api.data<{ startGame: Outcome }>(START_GAME, { input })).startGame;
  }

  async buy(playerId: string, stock: string, shares: number): Promise<Outcome> {
    return (await this.api.data<{ buyShares: Outcome }>(BUY_SHARES, { input: { gameId: this.gameId, playerId, stock, shares } }))
      .buyShares;
  }

  async sell(playerId: string, stock: string, shares: number): Promise<Outcome> {
    return (await this.api.data<{ sellShares: Outcome }>(SELL_SHARES, { input: { gameId: this.gameId, playerId, stock, shares } }))
      .sellShares;
  }

  async finish(playerId: string): Promise<Outcome> {
    return (await this.api.data<{ finishTrading: Outcome }>(FINISH_TRADING, { input: { gameId: this.gameId, playerId } }))
      .finishTrading;
  }

  async roll(playerId: string): Promise<Outcome> {
    return (await this.api.data<{ rollDice: Outcome }>(ROLL_DICE, { input: { gameId: this.gameId, playerId } })).rollDice;
  }

  /** Every event of the game, read through the events connection `pageSize` at a time. */
  async allEvents(pageSize = 7): Promise<{ events: OutcomeEvent[]; pages: number }> {
    const events: OutcomeEvent[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const page: EventsPage = await this.api.data<EventsPage>(EVENTS_PAGE, { id: this.gameId, first: pageSize, after });
      const connection = page.game?.events;
      if (!connection) throw new Error(`Game ${this.gameId} not found`);
      pages += 1;
      events.push(...connection.edges.map((edge) => edge.node));
      if (!connection.pageInfo.hasNextPage) return { events, pages };
      after = connection.pageInfo.endCursor;
    }
  }

  async eventCount(): Promise<number> {
    return (await this.api.eventStore.readStream(streamIdFor(STOCK_TICKER_GAME, this.gameId))).length;
  }
}
