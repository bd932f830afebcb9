import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryEventStore, type EventStore } from '@corbeille/event-store';
import { seededRandom } from '@corbeille/kernel';
import { greedyBot, playWholeGame, randomBot, type StockTickerState } from '@corbeille/stock-ticker';
import { createProjectionEngine, type ProjectionEngine } from './projection-engine';
import { portfoliosOf } from './stock-ticker-projection';

const players = [
  { playerId: 'ann', name: 'Ann' },
  { playerId: 'bob', name: 'Bob' },
  { playerId: 'cyd', name: 'Cyd' },
];

/** Plays a bot game and appends each command's events to the store, as the command handler would. */
async function recordBotGame(store: EventStore, gameId: string, seed: number): Promise<StockTickerState> {
  const random = seededRandom(seed);
  const steps: { events: { type: string; data: unknown }[]; now: string }[] = [];
  const { state } = playWholeGame({
    gameId,
    players,
    options: { roundLimit: 8, tradingWindowEvery: 2 },
    random,
    botFor: (playerId) => (playerId === 'bob' ? randomBot(random) : greedyBot()),
    startTime: '2026-03-01T18:00:00.000Z',
    onStep: (step) => steps.push({ events: [...step.events], now: step.now }),
  });
  let revision: number | undefined;
  for (const [index, step] of steps.entries()) {
    if (step.events.length === 0) continue;
    const metadata = { commandId: `${gameId}-${index}`, actor: 'bot', correlationId: 'c', causationId: 'c', occurredAt: step.now, league: 'Test League' };
    const result = await store.appendToStream(
      `stock-ticker-${gameId}`,
      step.events.map((event) => ({ ...event, metadata })),
      revision ?? 'no-stream',
    );
    revision = result.nextExpectedRevision;
  }
  return state;
}

describe('projection engine', () => {
  let dir: string;
  let store: InMemoryEventStore;
  let engine: ProjectionEngine | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'corbeille-projections-'));
    store = new InMemoryEventStore();
  });

  afterEach(async () => {
    await engine?.stop();
    engine = undefined;
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('catches up from the log and serves what the rules engine computes', async () => {
    const live = await recordBotGame(store, 'g1', 11);
    await store.appendToStream('other-stream', [{ type: 'Unrelated', data: {}, metadata: { commandId: 'x', actor: 'x', correlationId: 'x', causationId: 'x', occurredAt: '2026-03-01T18:00:00.000Z' } }], 'no-stream');
    engine = createProjectionEngine({ eventStore: store, path: join(dir, 'read-models.sqlite') });
    await engine.start();

    const events = await store.readStream('stock-ticker-g1');
    const last = events.at(-1);
    expect(engine.checkpoint()).toBe((await store.readAll()).at(-1)?.position);

    const summary = engine.getGame('g1');
    expect(summary).toMatchObject({
      gameId: 'g1',
      gameType: 'stock-ticker',
      phase: 'finished',
      league: 'Test League',
      eventCount: events.length,
      lastPosition: last?.position,
      roundLimit: 8,
    });
    expect(summary?.players.map((player) => player.playerId)).toEqual(['ann', 'bob', 'cyd']);
    expect(live.phase).toBe('finished');
    if (live.phase !== 'finished') return;
    expect(summary?.winners).toEqual(live.winners);
    expect(engine.getPortfolios('g1')).toEqual(portfoliosOf('g1', live));

    const board = engine.getPriceBoard('g1');
    for (const quote of board?.stocks ?? []) {
      expect(quote.price).toBe(live.prices[quote.stock]);
      const changes = events.filter((event) => event.type === 'PriceChanged' && (event.data as { stock: string }).stock === quote.stock);
      expect(quote.history).toHaveLength(changes.length + 1);
      expect(quote.history[0]?.price).toBe(100);
    }

    const trades = events.filter((event) => event.type === 'SharesBought' || event.type === 'SharesSold');
    const ledger = engine.getTrades('g1', { offset: 0, limit: 1000 });
    expect(ledger.total).toBe(trades.length);
    expect(ledger.items.map((entry) => entry.position)).toEqual(trades.map((event) => event.position));
    const annTrades = engine.getTrades('g1', { offset: 0, limit: 1000, playerId: 'ann' });
    expect(annTrades.items.every((entry) => entry.playerId === 'ann')).toBe(true);
  });

  it('resumes from its checkpoint after a restart and follows live appends', async () => {
    await recordBotGame(store, 'g1', 5);
    const path = join(dir, 'read-models.sqlite');
    const first = createProjectionEngine({ eventStore: store, path });
    await first.start();
    const before = first.checkpoint();
    await first.stop();

    engine = createProjectionEngine({ eventStore: store, path });
    expect(engine.checkpoint()).toBe(before);
    const changes: string[] = [];
    engine.onChange((change) => changes.push(change.gameId));
    await engine.start();
    expect(changes).toEqual([]);

    await recordBotGame(store, 'g2', 6);
    const lastPosition = (await store.readAll()).at(-1)?.position ?? 0;
    await engine.waitFor(lastPosition);
    expect(engine.getGame('g2')?.phase).toBe('finished');
    expect(changes.length).toBeGreaterThan(0);
    expect(new Set(changes)).toEqual(new Set(['g2']));

    const page = engine.listGames({ offset: 0, limit: 1 });
    expect(page.total).toBe(2);
    expect(page.items).toHaveLength(1);
    expect(engine.listGames({ offset: 0, limit: 10, phase: 'finished' }).total).toBe(2);
    expect(engine.listGames({ offset: 0, limit: 10, phase: 'lobby' }).total).toBe(0);
  });

  it('times out when asked to wait for a position the log never reaches', async () => {
    engine = createProjectionEngine({ eventStore: store, path: ':memory:' });
    await engine.start();
    await expect(engine.waitFor(999, 50)).rejects.toThrow('did not reach position 999');
  });

  it('writes live rows later, with the checkpoint; a crash before that folds the events again to the same read models', async () => {
    const path = join(dir, 'read-models.sqlite');
    const live = createProjectionEngine({ eventStore: store, path, rowWriteDelayMs: 60_000 });
    engine = live;
    await live.start();
    await recordBotGame(store, 'late', 11);
    const last = (await store.readAll()).at(-1)?.position ?? 0;
    await live.waitFor(last);
    const summary = live.getGame('late');
    const board = live.getPriceBoard('late');
    expect(summary?.phase).toBe('finished');

    // Nothing of the game's row is written yet: the file alone knows nothing of it.
    const fileOnly = createProjectionEngine({ eventStore: new InMemoryEventStore(), path });
    await fileOnly.start();
    expect(fileOnly.checkpoint()).toBe(0);
    expect(fileOnly.getGame('late')).toBeUndefined();
    expect(fileOnly.getTrades('late', { offset: 0, limit: 1_000 }).total).toBe(0);
    await fileOnly.stop();

    // Another engine on the file now is the API restarting after a crash: the rows and checkpoint it
    // finds are older, and it folds the rest of the log again.
    const restarted = createProjectionEngine({ eventStore: store, path });
    await restarted.start();
    expect(restarted.checkpoint()).toBe(last);
    expect(restarted.getGame('late')).toEqual(summary);
    expect(restarted.getPriceBoard('late')).toEqual(board);
    const trades = restarted.getTrades('late', { offset: 0, limit: 1_000 });
    expect(trades.total).toBeGreaterThan(0);
    await restarted.stop();
    // Trades are read from the rows too: the live engine writes its own first, the same rows.
    expect(live.getTrades('late', { offset: 0, limit: 1_000 })).toEqual(trades);

    // A list is read from the rows: the pending ones are written first.
    expect(live.listGames({ offset: 0, limit: 10 }).items.map((game) => game.gameId)).toEqual(['late']);
    await live.stop();
    engine = undefined;
    const afterStop = createProjectionEngine({ eventStore: new InMemoryEventStore(), path });
    await afterStop.start();
    // Everything was written at stop: nothing of the log is needed to serve the game.
    expect(afterStop.checkpoint()).toBe(last);
    expect(afterStop.getGame('late')).toEqual(summary);
    await afterStop.stop();
  });
});
