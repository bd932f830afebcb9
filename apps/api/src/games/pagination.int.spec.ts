import { END_GAME, EVENTS_PAGE, type EventsPage, type Outcome } from '../testing/operations';
import { GameDriver } from '../testing/game-driver';
import { startTestApp, type TestApp } from '../testing/test-app';
import { OpenAccessPolicy } from '../access/open-access.policy';

const GAMES = `query Games($first: Int!, $after: String, $phase: GamePhase) {
  games(first: $first, after: $after, phase: $phase) {
    totalCount
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges { cursor node { id phase league createdAt } }
  }
}`;

interface GamesPage {
  games: {
    totalCount: number;
    pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
    edges: { cursor: string; node: { id: string; phase: string; league: string | null; createdAt: string } }[];
  };
}

const GAME_AT = `query At($id: ID!, $position: SafeInt, $revision: Int) {
  gameAt(id: $id, position: $position, revision: $revision) {
    position revision phase round
    prices { stock price }
    players { playerId name cash loan holdings { stock shares value } }
    standings { playerId rank finalCash }
    winners
  }
}`;

interface Snapshot {
  gameAt: {
    position: number;
    revision: number;
    phase: string;
    round: number | null;
    prices: { stock: string; price: number }[];
    players: { playerId: string; name: string; cash: number | null; loan: number | null; holdings: { stock: string; shares: number; value: number }[] }[];
    standings: { playerId: string; rank: number; finalCash: number }[];
    winners: string[];
  } | null;
}

/** These tests are about the game's rules, not access: every request plays any seat under the open policy (access: src/identity). */
describe('pagination and time travel', () => {
  let api: TestApp;
  const ids = ['game-1', 'game-2', 'game-3', 'game-4', 'game-5'];

  beforeAll(async () => {
    api = await startTestApp({ accessPolicy: new OpenAccessPolicy() });
    for (const id of ids) {
      api.clock.advance(1);
      await new GameDriver(api, id).create({}, { league: id === 'game-3' ? 'spring' : null });
    }
    const played = new GameDriver(api, 'game-1');
    await played.join('alice', 'Alice');
    await played.join('bob', 'Bob');
    await played.start('bob');
    await played.buy('alice', 'GOLD', 500);
    await played.buy('bob', 'OIL', 1000);
    await played.finish('alice');
    await played.finish('bob');
    await played.roll('bob');
    await played.roll('alice');
  });

  afterAll(async () => {
    await api.close();
  });

  it('pages through games, newest first, with opaque cursors', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    const pageInfos: GamesPage['games']['pageInfo'][] = [];
    do {
      const { games }: GamesPage = await api.data<GamesPage>(GAMES, { first: 2, after });
      expect(games.totalCount).toBe(5);
      seen.push(...games.edges.map((edge) => edge.node.id));
      pageInfos.push(games.pageInfo);
      after = games.pageInfo.hasNextPage ? games.pageInfo.endCursor : null;
    } while (after);
    expect(seen).toEqual([...ids].reverse());
    expect(pageInfos.map((info) => [info.hasPreviousPage, info.hasNextPage])).toEqual([
      [false, true],
      [true, true],
      [true, false],
    ]);
    expect(pageInfos[0]?.endCursor).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('filters games by phase', async () => {
    const trading = await api.data<GamesPage>(GAMES, { first: 10, phase: 'TRADING' });
    expect(trading.games.edges.map((edge) => edge.node.id)).toEqual(['game-1']);
    const lobby = await api.data<GamesPage>(GAMES, { first: 10, phase: 'LOBBY' });
    expect(lobby.games.totalCount).toBe(4);
    expect(lobby.games.edges.find((edge) => edge.node.id === 'game-3')?.node.league).toBe('spring');

    const ended = await api.data<{ endGame: Outcome }>(END_GAME, { input: { gameId: 'game-1', reason: 'AGREED' } });
    expect(ended.endGame.game.phase).toBe('FINISHED');
    const finished = await api.data<GamesPage>(GAMES, { first: 10, phase: 'FINISHED' });
    expect(finished.games.edges.map((edge) => edge.node.id)).toEqual(['game-1']);
  });

  it('refuses a cursor from another list or a made-up one', async () => {
    const events = await api.data<EventsPage>(EVENTS_PAGE, { id: 'game-1', first: 1 });
    const eventCursor = events.game?.events.pageInfo.endCursor;
    for (const after of [eventCursor, 'not-a-cursor', '!!']) {
      const response = await api.gql(GAMES, { first: 2, after });
      expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'after', messages: [expect.any(String)] }] });
    }
  });

  it('pages through a game stream in order of position', async () => {
    const driver = new GameDriver(api, 'game-1');
    const all = (await api.eventStore.readStream('stock-ticker-game-1')).map((event) => event.id);
    const { events, pages } = await driver.allEvents(3);
    expect(events.map((event) => event.id)).toEqual(all);
    expect(pages).toBe(Math.ceil(all.length / 3));
    const positions = events.map((event) => event.position);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    const first = await api.data<EventsPage>(EVENTS_PAGE, { id: 'game-1', first: 3 });
    expect(first.game?.events).toMatchObject({
      totalCount: all.length,
      pageInfo: { hasNextPage: true, hasPreviousPage: false },
    });
    const second = await api.data<EventsPage>(EVENTS_PAGE, { id: 'game-1', first: 3, after: first.game?.events.pageInfo.endCursor });
    expect(second.game?.events.pageInfo.hasPreviousPage).toBe(true);
    expect(second.game?.events.edges[0]?.node.revision).toBe(3);
  });

  it('travels back to several positions of a game', async () => {
    const events = await api.eventStore.readStream('stock-ticker-game-1');
    const at = (type: string) => {
      const event = events.find((candidate) => candidate.type === type);
      if (!event) throw new Error(`no ${type}`);
      return event;
    };

    const created = await api.data<Snapshot>(GAME_AT, { id: 'game-1', position: at('GameCreated').position });
    expect(created.gameAt).toMatchObject({ phase: 'LOBBY', revision: 0, players: [], prices: [], round: null });

    const joined = await api.data<Snapshot>(GAME_AT, { id: 'game-1', revision: 1 });
    expect(joined.gameAt).toMatchObject({
      phase: 'LOBBY',
      players: [{ playerId: 'alice', name: 'Alice', cash: null, loan: null, holdings: [] }],
    });

    const started = await api.data<Snapshot>(GAME_AT, { id: 'game-1', position: at('GameStarted').position });
    expect(started.gameAt?.phase).toBe('OPENING');
    expect(started.gameAt?.prices).toHaveLength(6);
    expect(started.gameAt?.prices.every((quote) => quote.price === 100)).toBe(true);
    expect(started.gameAt?.players.map((player) => player.cash)).toEqual([500_000, 500_000]);

    const afterBuy = await api.data<Snapshot>(GAME_AT, { id: 'game-1', position: at('SharesBought').position });
    const alice = afterBuy.gameAt?.players.find((player) => player.playerId === 'alice');
    expect(alice?.cash).toBe(450_000);
    expect(alice?.holdings.find((holding) => holding.stock === 'GOLD')).toEqual({ stock: 'GOLD', shares: 500, value: 50_000 });

    const rolled = await api.data<Snapshot>(GAME_AT, { id: 'game-1', position: at('DiceRolled').position });
    expect(rolled.gameAt).toMatchObject({ phase: 'ROLLING', round: 1, position: at('DiceRolled').position });

    const end = await api.data<Snapshot>(GAME_AT, { id: 'game-1', position: Number.MAX_SAFE_INTEGER });
    expect(end.gameAt?.phase).toBe('FINISHED');
    expect(end.gameAt?.standings).toHaveLength(2);
    expect(end.gameAt?.revision).toBe(events.length - 1);

    // A position between two events of this game folds up to the earlier one.
    const between = await api.data<Snapshot>(GAME_AT, { id: 'game-1', position: at('PlayerJoined').position + 1 });
    expect(between.gameAt?.revision).toBeLessThanOrEqual(2);
  });

  it('has nothing to show before a game existed or for an unknown game', async () => {
    expect((await api.data<Snapshot>(GAME_AT, { id: 'game-5', position: 1 })).gameAt).toBeNull();
    expect((await api.data<Snapshot>(GAME_AT, { id: 'nobody', position: 100 })).gameAt).toBeNull();
    const both = await api.gql<Snapshot>(GAME_AT, { id: 'game-1', position: 3, revision: 1 });
    expect(both.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const neither = await api.gql<Snapshot>(GAME_AT, { id: 'game-1' });
    expect(neither.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
