import type { RecordedEvent } from '@corbeille/event-store';
import { seededRandom } from '@corbeille/kernel';
import { greedyBot, playWholeGame, randomBot } from '@corbeille/stock-ticker';
import type { PriceBoard, PortfolioView } from './read-models';
import {
  portfoliosOf,
  projectStockTickerEvent,
  stockTickerModelFromRow,
  stockTickerRowOf,
  type StockTickerGameModel,
} from './stock-ticker-projection';

/** A bot game as the log records it (positions interleaved with other streams' events). */
function recordedBotGame(seed: number): RecordedEvent[] {
  const random = seededRandom(seed);
  const { events } = playWholeGame({
    gameId: 'g1',
    players: [
      { playerId: 'ann', name: 'Ann' },
      { playerId: 'bob', name: 'Bob' },
      { playerId: 'cyd', name: 'Cyd' },
    ],
    options: { roundLimit: 30, tradingWindowEvery: 2 },
    random,
    botFor: (playerId) => (playerId === 'bob' ? randomBot(random) : greedyBot()),
    startTime: '2026-03-01T18:00:00.000Z',
  });
  return events.map((event, revision) => ({
    id: `e${revision}`,
    streamId: 'stock-ticker-g1',
    type: event.type,
    data: event.data,
    metadata: { occurredAt: new Date(Date.UTC(2026, 2, 1, 18, 0, revision)).toISOString() },
    revision,
    position: 10 + revision * 2,
  })) as unknown as RecordedEvent[];
}

describe('Stock Ticker projection', () => {
  const events = recordedBotGame(7);

  it('never changes a board or portfolios it has served as later events are folded', () => {
    let model: StockTickerGameModel | undefined;
    const served: { board: PriceBoard; portfolios: PortfolioView[]; json: string }[] = [];
    for (const [index, event] of events.entries()) {
      model = projectStockTickerEvent(model, event).model;
      if (index % 5 === 0) {
        served.push({ board: model.priceBoard, portfolios: model.portfolios, json: JSON.stringify([model.priceBoard, model.portfolios]) });
      }
    }
    expect(served.length).toBeGreaterThan(10);
    for (const { board, portfolios, json } of served) expect(JSON.stringify([board, portfolios])).toBe(json);
  });

  it('keeps every price in the history, the portfolios those of the state, across a save and a restore', () => {
    let model: StockTickerGameModel | undefined;
    for (const [index, event] of events.entries()) {
      model = projectStockTickerEvent(model, event).model;
      if (index === Math.floor(events.length / 2)) {
        // As a restart would: the row written, read back, folded on.
        const row = JSON.parse(JSON.stringify(stockTickerRowOf(model))) as ReturnType<typeof stockTickerRowOf>;
        model = stockTickerModelFromRow(JSON.parse(JSON.stringify(model.summary)), row);
      }
    }
    if (!model) throw new Error('no model');
    const changes = events.filter((event) => event.type === 'PriceChanged') as unknown as { data: { stock: string; to: number } }[];
    for (const quote of model.priceBoard.stocks) {
      const expected = changes.filter((change) => change.data.stock === quote.stock).map((change) => change.data.to);
      expect(quote.history.slice(1).map((point) => point.price)).toEqual(expected);
    }
    expect(changes.length).toBeGreaterThan(0);
    expect(model.portfolios).toEqual(portfoliosOf('g1', model.state));
    expect(JSON.parse(JSON.stringify(stockTickerRowOf(model).priceBoard))).toEqual(model.priceBoard);
  });

  it('summarises the game as of its last event, and never changes a summary it has served', () => {
    let model: StockTickerGameModel | undefined;
    const served: { summary: unknown; json: string }[] = [];
    for (const [index, event] of events.entries()) {
      model = projectStockTickerEvent(model, event).model;
      if (index % 3 !== 0) continue;
      const summary = model.summary;
      expect(model.summary).toBe(summary);
      expect(summary).toMatchObject({ updatedAt: event.metadata.occurredAt, lastPosition: event.position, eventCount: event.revision + 1, phase: model.state.phase });
      expect(summary.createdAt).toBe(events[0]?.metadata.occurredAt);
      served.push({ summary, json: JSON.stringify(summary) });
    }
    for (const { summary, json } of served) expect(JSON.stringify(summary)).toBe(json);
    expect(Object.keys(model?.summary ?? {})).toEqual([
      'gameId', 'gameType', 'streamId', 'phase', 'players', 'brokerId', 'round', 'roundLimit', 'createdAt', 'updatedAt', 'lastPosition', 'eventCount', 'winners', 'league',
    ]);
  });
});
