import { InMemoryEventStore, type EventMetadata, type EventStore } from '@corbeille/event-store';
import { foldLive } from '@corbeille/rulings';
import type { StockTickerState } from '@corbeille/stock-ticker';
import { createProjectionEngine, type ProjectionEngine } from '../projection-engine';
import { portfoliosOf } from '../stock-ticker-projection';
import { ruledStockTicker } from './ruled-games';

const metadata = (commandId: string): EventMetadata => ({ commandId, actor: 'referee', correlationId: commandId, causationId: commandId, occurredAt: '2026-03-01T18:00:00.000Z' });
const prices = { GOLD: 100, TECH: 100, OIL: 100, INDUSTRIAL: 100, BONDS: 100, GRAIN: 100 };
const options = { stocks: ['GOLD', 'TECH', 'OIL', 'INDUSTRIAL', 'BONDS', 'GRAIN'], tradingWindowEvery: 1, roundLimit: null, timeLimitMinutes: null, startingCash: 500_000, maxPlayers: 8 };
const cite = { disputeId: 'd-1', disputedRevision: 4, disputedEventId: 'e4', reason: 'Wrong stock', by: 'ref' };

async function append(store: EventStore, events: { type: string; data: unknown }[]): Promise<void> {
  const revision = await store.streamRevision('stock-ticker-g1');
  await store.appendToStream('stock-ticker-g1', events.map((event, index) => ({ ...event, metadata: metadata(`c${revision ?? -1}-${index}`) })), revision ?? 'no-stream');
}

describe('read models after rulings', () => {
  let store: InMemoryEventStore;
  let engine: ProjectionEngine;

  beforeEach(async () => {
    store = new InMemoryEventStore();
    engine = createProjectionEngine({ eventStore: store, path: ':memory:' });
    await append(store, [
      { type: 'GameCreated', data: { gameId: 'g1', options } },
      { type: 'PlayerJoined', data: { playerId: 'ann', name: 'Ann', seat: 0 } },
      { type: 'PlayerJoined', data: { playerId: 'bob', name: 'Bob', seat: 1 } },
      { type: 'GameStarted', data: { brokerId: 'ann', seatOrder: ['ann', 'bob'], startedAt: '2026-03-01T18:00:00.000Z', prices } },
      { type: 'SharesBought', data: { playerId: 'ann', stock: 'GOLD', shares: 1000, price: 100, cost: 100_000 } },
      { type: 'SharesBought', data: { playerId: 'bob', stock: 'TECH', shares: 500, price: 100, cost: 50_000 } },
    ]);
    await engine.start();
  });

  afterEach(async () => {
    await engine.stop();
    await store.close();
  });

  const live = async () => foldLive(ruledStockTicker, await store.readStream('stock-ticker-g1')) as StockTickerState;

  it('a correction changes the portfolios and the price board', async () => {
    await append(store, [
      {
        type: 'CorrectionApplied',
        data: { ...cite, adjustments: [{ kind: 'cash', playerId: 'ann', delta: 2_000 }, { kind: 'price', stock: 'GOLD', to: 120 }] },
      },
    ]);
    await engine.waitFor(await store.readAll().then((all) => all[all.length - 1]?.position ?? 0));
    const ann = engine.getPortfolios('g1').find((portfolio) => portfolio.playerId === 'ann');
    expect(ann?.cash).toBe(402_000);
    expect(ann?.netWorth).toBe(402_000 + 1000 * 120);
    const gold = engine.getPriceBoard('g1')?.stocks.find((quote) => quote.stock === 'GOLD');
    expect(gold?.price).toBe(120);
    expect(gold?.history.map((point) => point.price)).toEqual([100, 120]);
    expect(engine.getPortfolios('g1')).toEqual(portfoliosOf('g1', await live()));
  });

  it('a rewind rebuilds the game without the voided events, live and from a restart', async () => {
    await append(store, [{ type: 'EventsVoided', data: { ...cite, afterRevision: 4 } }]);
    const last = (await store.readAll()).at(-1)?.position ?? 0;
    await engine.waitFor(last);
    const bob = engine.getPortfolios('g1').find((portfolio) => portfolio.playerId === 'bob');
    expect(bob?.cash).toBe(500_000);
    expect(bob?.holdings.find((holding) => holding.stock === 'TECH')?.shares).toBe(0);
    expect(engine.getTrades('g1', { offset: 0, limit: 10 }).items.map((trade) => trade.playerId)).toEqual(['ann']);
    expect(engine.getGame('g1')?.eventCount).toBe(7);
    expect(engine.getPortfolios('g1')).toEqual(portfoliosOf('g1', await live()));

    // A second engine catching up over the whole log comes to the same read models.
    const again = createProjectionEngine({ eventStore: store, path: ':memory:' });
    await again.start();
    expect(again.getPortfolios('g1')).toEqual(engine.getPortfolios('g1'));
    expect(again.getTrades('g1', { offset: 0, limit: 10 })).toEqual(engine.getTrades('g1', { offset: 0, limit: 10 }));
    await again.stop();
  });
});
