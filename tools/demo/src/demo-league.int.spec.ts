import { InMemoryEventStore } from '@corbeille/event-store';
import { stockTicker, type StockTickerEvent } from '@corbeille/stock-ticker';
import { DEMO_GAMES, DEMO_LEAGUE, seedDemoLeague } from './demo-league';

describe('demo league seed', () => {
  it('plays every demo game through the command handler, once', async () => {
    const store = new InMemoryEventStore();
    const report = await seedDemoLeague({ store });
    expect(report.skipped).toBe(false);
    expect(report.games.map((game) => game.gameId)).toEqual(DEMO_GAMES.map((game) => game.gameId));

    for (const game of report.games) {
      const events = await store.readStream(game.streamId);
      expect(events).toHaveLength(game.events);
      expect(events.every((event) => event.metadata['league'] === DEMO_LEAGUE)).toBe(true);
      // The stream alone rebuilds the state the bots played to.
      const replayed = events.reduce(
        (state, event) => stockTicker.evolve(state, { type: event.type, data: event.data } as StockTickerEvent),
        stockTicker.initialState(),
      );
      expect(replayed).toEqual(game.state);
    }
    const phases = report.games.map((game) => game.state.phase);
    expect(phases.filter((phase) => phase === 'finished')).toHaveLength(DEMO_GAMES.length - 1);
    expect(phases.at(-1)).not.toBe('finished');

    const total = (await store.readAll()).length;
    const again = await seedDemoLeague({ store });
    expect(again.skipped).toBe(true);
    expect(await store.readAll()).toHaveLength(total);
    await store.close();
  });

  it('is the same league on every machine for the same seed', async () => {
    const a = new InMemoryEventStore();
    const b = new InMemoryEventStore();
    await seedDemoLeague({ store: a, seed: 9 });
    await seedDemoLeague({ store: b, seed: 9 });
    const strip = (events: Awaited<ReturnType<InMemoryEventStore['readAll']>>) => events.map(({ type, data, metadata }) => ({ type, data, metadata }));
    expect(strip(await a.readAll())).toEqual(strip(await b.readAll()));
  });
});
