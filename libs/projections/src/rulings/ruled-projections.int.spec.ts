import { heuristicBot as bolsaBot, playWholeGame as playBolsa } from '@corbeille/bolsa';
import { InMemoryEventStore, type EventMetadata, type EventStore } from '@corbeille/event-store';
import { seededRandom } from '@corbeille/kernel';
import { heuristicBot as maxiBot, playWholeGame as playMaxiBourse } from '@corbeille/maxi-bourse';
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

describe('BOLSA and Maxi Bourse read models after a correction', () => {
  const twoPlayers = [
    { playerId: 'p1', name: 'One' },
    { playerId: 'p2', name: 'Two' },
  ];

  async function recorded(streamId: string, events: readonly { type: string; data: unknown }[]): Promise<{ store: InMemoryEventStore; engine: ProjectionEngine }> {
    const store = new InMemoryEventStore();
    await store.appendToStream(streamId, events.map((event, index) => ({ ...event, metadata: metadata(`c${index}`) })), 'no-stream');
    const engine = createProjectionEngine({ eventStore: store, path: ':memory:' });
    await engine.start();
    return { store, engine };
  }

  it('BOLSA: a finished game\'s corrected cash and ranks reach the public portfolios', async () => {
    const { events, state } = playBolsa({ gameId: 'b1', players: twoPlayers, options: { lastMonth: 3 }, random: seededRandom(5), botFor: () => bolsaBot, startTime: '2026-03-01T18:00:00.000Z' });
    if (state.phase !== 'finished') throw new Error('the game should be over');
    const last = state.standings[state.standings.length - 1];
    const first = state.standings[0];
    if (!last || !first) throw new Error('standings expected');
    const { store, engine } = await recorded('bolsa-b1', [
      ...events,
      { type: 'CorrectionApplied', data: { ...cite, adjustments: [{ kind: 'cash', playerId: last.playerId, delta: first.cash - last.cash + 1 }] } },
    ]);
    const corrected = engine.getBolsaPortfolios('b1').find((portfolio) => portfolio.playerId === last.playerId);
    expect(corrected).toMatchObject({ cash: first.cash + 1, rank: 1 });
    await engine.stop();
    await store.close();
  });

  it('Maxi Bourse: a correction of holdings and prices reaches the table', async () => {
    const { events, state } = playMaxiBourse({ gameId: 'm1', players: twoPlayers, options: { turnLimit: 3 }, random: seededRandom(7), botFor: () => maxiBot });
    if (state.phase === 'uncreated' || state.phase === 'lobby') throw new Error('the game should have started');
    const { store, engine } = await recorded('maxi-bourse-m1', [
      ...events,
      { type: 'CorrectionApplied', data: { ...cite, adjustments: [{ kind: 'cash', playerId: 'p1', delta: 1_000 }, { kind: 'price', stock: 'ESSO', to: 990 }] } },
    ]);
    const table = engine.getMaxiBourseTable('m1');
    expect(table?.portfolios.find((portfolio) => portfolio.playerId === 'p1')?.cash).toBe((state.players['p1']?.cash ?? 0) + 1_000);
    expect(table?.priceBoard.companies.find((quote) => quote.company === 'ESSO')?.price).toBe(990);
    await engine.stop();
    await store.close();
  });
});
