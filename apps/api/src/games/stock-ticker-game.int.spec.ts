import { fold, scriptedRandom } from '@corbeille/kernel';
import { stockTicker, type StockTickerEvent, type StockTickerState } from '@corbeille/stock-ticker';
import { GameDriver } from '../testing/game-driver';
import { startTestApp, type TestApp } from '../testing/test-app';
import { OpenAccessPolicy } from '../access/open-access.policy';

/**
 * Dice faces, three per roll (stock, action, amount). Stocks in board order: GOLD, TECH, OIL, ...;
 * actions: UP, UP, DOWN, DOWN, DIVIDEND, DIVIDEND; amounts: 5, 5, 10, 10, 20, 20.
 */
const DICE = [
  // Round 1: alice GOLD UP 20; bob TECH DOWN 10; carol GOLD DIVIDEND 10.
  [0, 0, 4],
  [1, 2, 2],
  [0, 4, 2],
  // Round 2: alice OIL UP 5; bob GOLD DOWN 5; carol TECH DIVIDEND 20 (TECH below par: not paid).
  [2, 1, 0],
  [0, 3, 1],
  [1, 5, 5],
].flat();

const GAME_QUERY = `query Game($id: ID!) {
  game(id: $id) {
    id phase round roundLimit brokerId winners league eventCount lastPosition createdAt updatedAt
    players { playerId name seat }
    priceBoard { round lastPosition stocks { stock price splits timesOffMarket history { position revision round price } } }
    portfolios { playerId name cash loan netWorth holdings { stock shares value } }
    trades(first: 50) { totalCount edges { node { playerId side stock shares price amount round } } }
    aliceActions: legalActions(playerId: "alice") { type }
  }
}`;

const GAME_AT = `query At($id: ID!, $position: SafeInt) {
  gameAt(id: $id, position: $position) {
    gameId position revision phase round endReason winners state
    prices { stock price }
    players { playerId name cash loan holdings { stock shares value } }
    standings { playerId rank finalCash }
  }
}`;

interface GameView {
  game: {
    id: string;
    phase: string;
    round: number;
    roundLimit: number | null;
    brokerId: string | null;
    winners: string[];
    league: string | null;
    eventCount: number;
    lastPosition: number;
    players: { playerId: string; name: string; seat: number }[];
    priceBoard: {
      round: number;
      lastPosition: number;
      stocks: { stock: string; price: number; splits: number; timesOffMarket: number; history: { position: number; price: number }[] }[];
    };
    portfolios: { playerId: string; name: string; cash: number; loan: number; netWorth: number; holdings: { stock: string; shares: number; value: number }[] }[];
    trades: { totalCount: number; edges: { node: { playerId: string; side: string; stock: string; shares: number; price: number; amount: number; round: number } }[] };
    aliceActions: { type: string }[];
  };
}

interface GameAtView {
  gameAt: {
    gameId: string;
    position: number;
    revision: number;
    phase: string;
    round: number | null;
    endReason: string | null;
    winners: string[];
    state: unknown;
    prices: { stock: string; price: number }[];
    players: { playerId: string; cash: number | null; loan: number | null; holdings: { stock: string; shares: number }[] }[];
    standings: { playerId: string; rank: number; finalCash: number }[];
  } | null;
}

/** These tests are about the game's rules, not access: every request plays any seat under the open policy (access: src/identity). */
describe('a whole Stock Ticker game over HTTP', () => {
  let api: TestApp;
  const dice = scriptedRandom(DICE);

  beforeAll(async () => {
    api = await startTestApp({ random: dice, accessPolicy: new OpenAccessPolicy() });
  });

  afterAll(async () => {
    await api.close();
  });

  it('is played from creation to the final ranking, and its events rebuild the same state', async () => {
    const game = new GameDriver(api, 'full-game');

    const created = await game.create({ roundLimit: 2, tradingWindowEvery: 1 }, { league: 'friday-club' });
    expect(created.events.map((e) => e.type)).toEqual(['GameCreated']);
    expect(created.events[0]?.actor).toBe('referee');
    expect(created.game.phase).toBe('LOBBY');

    for (const [playerId, name] of [['alice', 'Alice'], ['bob', 'Bob'], ['carol', 'Carol']] as const) {
      const joined = await game.join(playerId, name);
      expect(joined.events[0]).toMatchObject({ type: 'PlayerJoined', actor: playerId });
    }
    const started = await game.start();
    expect(started.events.map((e) => e.type)).toEqual(['GameStarted']);
    expect(started.game.phase).toBe('OPENING');

    // Opening purchases at par ($1.00 = 100 cents a share).
    await game.buy('alice', 'GOLD', 1000);
    await game.buy('bob', 'TECH', 2000);
    await game.buy('carol', 'OIL', 500);
    await game.buy('carol', 'GOLD', 500);
    await game.finish('alice');
    await game.finish('bob');
    const opened = await game.finish('carol');
    expect(opened.events.map((e) => e.type)).toEqual(['TradingFinished', 'OpeningClosed']);
    expect(opened.game.phase).toBe('ROLLING');

    // Round 1.
    api.clock.advance(1);
    const first = await game.roll('alice');
    expect(first.events.map((e) => e.type)).toEqual(['DiceRolled', 'PriceChanged', 'TurnPassed']);
    expect(first.events[0]?.data).toMatchObject({ playerId: 'alice', stock: 'GOLD', action: 'UP', amount: 20 });
    api.clock.advance(1);
    await game.roll('bob');
    api.clock.advance(1);
    const endOfRound = await game.roll('carol');
    expect(endOfRound.events.map((e) => e.type)).toEqual(['DiceRolled', 'DividendPaid', 'RoundCompleted', 'TradingWindowOpened']);
    expect(endOfRound.game.phase).toBe('TRADING');

    // Trading window before round 2, at market prices (TECH 90, OIL 100).
    const sold = await game.sell('bob', 'TECH', 1000);
    expect(sold.events[0]?.data).toMatchObject({ price: 90, proceeds: 90_000 });
    await game.buy('alice', 'OIL', 500);
    await game.finish('alice');
    await game.finish('bob');
    const closed = await game.finish('carol');
    expect(closed.events.map((e) => e.type)).toEqual(['TradingFinished', 'TradingWindowClosed']);

    // Round 2, the last one.
    api.clock.advance(1);
    await game.roll('alice');
    api.clock.advance(1);
    await game.roll('bob');
    api.clock.advance(1);
    const last = await game.roll('carol');
    expect(last.events.map((e) => e.type)).toEqual(['DiceRolled', 'DividendNotPaid', 'RoundCompleted', 'GameEnded']);
    expect(last.game.phase).toBe('FINISHED');
    expect(dice.remaining()).toBe(0);

    const ended = last.events[last.events.length - 1];
    expect(ended?.data).toMatchObject({
      reason: 'ROUND_LIMIT',
      winners: ['alice'],
      standings: [
        { playerId: 'alice', rank: 1, finalCash: 527_500 },
        { playerId: 'carol', rank: 2, finalCash: 515_000 },
        { playerId: 'bob', rank: 3, finalCash: 480_000 },
      ],
    });

    // Read models.
    const { game: view } = await api.data<GameView>(GAME_QUERY, { id: 'full-game' });
    expect(view).toMatchObject({
      id: 'full-game',
      phase: 'FINISHED',
      roundLimit: 2,
      brokerId: 'alice',
      winners: ['alice'],
      league: 'friday-club',
      eventCount: last.revision === null ? -1 : last.revision + 1,
      lastPosition: ended?.position,
      aliceActions: [],
    });
    expect(view.players.map((p) => p.playerId)).toEqual(['alice', 'bob', 'carol']);
    const prices = Object.fromEntries(view.priceBoard.stocks.map((quote) => [quote.stock, quote.price]));
    expect(prices).toMatchObject({ GOLD: 115, TECH: 90, OIL: 105 });
    expect(view.priceBoard.stocks.find((quote) => quote.stock === 'GOLD')?.history.map((point) => point.price)).toEqual([100, 120, 115]);
    expect(view.trades.totalCount).toBe(6);
    expect(view.trades.edges.map((edge) => edge.node)).toContainEqual(
      expect.objectContaining({ playerId: 'bob', side: 'SELL', stock: 'TECH', shares: 1000, price: 90, amount: 90_000, round: 2 }),
    );
    const cash = Object.fromEntries(view.portfolios.map((portfolio) => [portfolio.playerId, portfolio.cash]));
    expect(cash).toEqual({ alice: 527_500, bob: 480_000, carol: 515_000 });

    // Rebuild from the events connection and compare with the live state.
    const { events, pages } = await game.allEvents(5);
    expect(pages).toBeGreaterThan(1);
    expect(events.map((e) => e.revision)).toEqual(events.map((_, index) => index));
    expect(events.length).toBe(view.eventCount);
    const rebuilt: StockTickerState = fold(
      stockTicker,
      events.map((event) => ({ type: event.type, data: event.data }) as StockTickerEvent),
    );
    const lastEvent = events[events.length - 1];
    const { gameAt } = await api.data<GameAtView>(GAME_AT, { id: 'full-game', position: lastEvent?.position });
    expect(gameAt).not.toBeNull();
    expect(gameAt?.state).toEqual(JSON.parse(JSON.stringify(stockTicker.view(rebuilt, { kind: 'spectator' }))));
    expect(gameAt).toMatchObject({
      gameId: 'full-game',
      position: lastEvent?.position,
      revision: lastEvent?.revision,
      phase: 'FINISHED',
      endReason: 'ROUND_LIMIT',
      winners: ['alice'],
    });
    expect(gameAt?.standings).toEqual([
      { playerId: 'alice', rank: 1, finalCash: 527_500 },
      { playerId: 'carol', rank: 2, finalCash: 515_000 },
      { playerId: 'bob', rank: 3, finalCash: 480_000 },
    ]);
    if (rebuilt.phase !== 'finished') throw new Error(`rebuilt phase is ${rebuilt.phase}`);
    for (const portfolio of view.portfolios) {
      const folded = rebuilt.portfolios[portfolio.playerId];
      expect({ cash: portfolio.cash, loan: portfolio.loan }).toEqual({ cash: folded?.cash, loan: folded?.loan });
      for (const holding of portfolio.holdings) expect(holding.shares).toBe(folded?.holdings[holding.stock as keyof typeof folded.holdings]);
    }
    for (const quote of view.priceBoard.stocks) {
      expect(quote.price).toBe(rebuilt.prices[quote.stock as keyof typeof rebuilt.prices]);
    }
    expect(gameAt?.prices).toEqual(rebuilt.options.stocks.map((stock) => ({ stock, price: rebuilt.prices[stock] })));
  });
});
