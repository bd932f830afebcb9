import { bolsa, type BolsaEvent } from '@corbeille/bolsa';
import { InMemoryEventStore, type RecordedEvent } from '@corbeille/event-store';
import {
  accountStreamId,
  evolveLeague,
  initialLeagueState,
  leagueStreamId,
  verifyPassword,
  type AccountEvent,
  type LeagueEvent,
} from '@corbeille/identity';
import { maxiBourse, type MaxiBourseEvent } from '@corbeille/maxi-bourse';
import { stockTicker, type StockTickerEvent } from '@corbeille/stock-ticker';
import { DEMO_ACCOUNTS, DEMO_CLASS_ID, DEMO_LEAGUE_ID, DEMO_LEAGUE_PLAYERS, DEMO_ORGANISER, DEMO_PASSWORD, DEMO_STUDENTS, DEMO_TEACHER } from './demo-people';
import { DEMO_CLASS_GAMES, DEMO_GAMES, DEMO_LEAGUE, DEMO_MAXI_BOURSE_GAMES, seedDemoLeague } from './demo-league';

/** The lowest bcrypt cost keeps the tests quick; the seed's default is the API's. */
const FAST = { bcryptRounds: 4 };

const leagueOf = (events: readonly RecordedEvent[]) =>
  events.reduce((state, event) => evolveLeague(state, { type: event.type, data: event.data } as LeagueEvent), initialLeagueState());

describe('demo seed', () => {
  let store: InMemoryEventStore;

  beforeAll(async () => {
    store = new InMemoryEventStore();
  });

  afterAll(async () => {
    await store.close();
  });

  it('plays every demo game through the command handler', async () => {
    const report = await seedDemoLeague({ store, ...FAST });
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

    // The league's Maxi Bourse table is played to its end (the turn limit), every bid and auction step recorded.
    expect(report.maxiBourseGames.map((game) => game.gameId)).toEqual(DEMO_MAXI_BOURSE_GAMES.map((game) => game.gameId));
    for (const game of report.maxiBourseGames) {
      const events = await store.readStream(game.streamId);
      expect(events).toHaveLength(game.events);
      expect(events.every((event) => event.metadata['league'] === DEMO_LEAGUE)).toBe(true);
      const replayed = events.reduce((state, event) => maxiBourse.evolve(state, { type: event.type, data: event.data } as MaxiBourseEvent), maxiBourse.initialState());
      expect(replayed).toEqual(game.state);
      expect(game.state).toMatchObject({ phase: 'finished', reason: 'TURN_LIMIT' });
      expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['BidDeclared', 'SharesPaid', 'CircuitCompleted', 'GameEnded']));
    }
  });

  it('registers the demo accounts as events, with the documented password', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const [registered] = (await store.readStream(accountStreamId(account.accountId))).map((event) => ({ type: event.type, data: event.data }) as AccountEvent);
      expect(registered).toMatchObject({ type: 'AccountRegistered', data: { accountId: account.accountId, email: account.email, displayName: account.displayName } });
      if (registered?.type !== 'AccountRegistered') throw new Error('not registered');
      expect(registered.data.passwordHash).toMatch(/^\$2b\$04\$/);
      if (account === DEMO_ORGANISER || account === DEMO_TEACHER) expect(await verifyPassword(DEMO_PASSWORD, registered.data.passwordHash)).toBe(true);
    }
    expect(DEMO_ORGANISER.email).toBe('organiser@demo.corbeille');
    const claims = (await store.readAll()).filter((event) => event.streamId.startsWith('email-claim-'));
    expect(claims).toHaveLength(DEMO_ACCOUNTS.length);
  });

  it("makes the demo games the tables of the demo league's season, seats linked to the players' accounts", async () => {
    const league = leagueOf(await store.readStream(leagueStreamId(DEMO_LEAGUE_ID)));
    if (league.status !== 'active') throw new Error('no demo league');
    expect(league).toMatchObject({ name: 'Demo League', kind: 'league', createdBy: DEMO_ORGANISER.accountId });
    expect(league.members.filter((member) => member.role === 'player')).toHaveLength(DEMO_LEAGUE_PLAYERS.size);
    const [season] = league.seasons;
    const demoTables = [...DEMO_GAMES.map((game) => ({ ...game, gameType: 'stock-ticker' })), ...DEMO_MAXI_BOURSE_GAMES.map((game) => ({ ...game, gameType: 'maxi-bourse' }))];
    expect(season?.tables.map((table) => [table.gameType, table.gameId])).toEqual(demoTables.map((game) => [game.gameType, game.gameId]));
    for (const [index, table] of (season?.tables ?? []).entries()) {
      const players = demoTables[index]?.players.map((name) => name.toLowerCase()) ?? [];
      expect(table.seats.map((seat) => seat.playerId)).toEqual(players);
      expect(table.seats.map(({ seat }) => (seat.kind === 'account' ? seat.accountId : null))).toEqual(players.map((playerId) => `demo-${playerId}`));
    }
    const claims = (await store.readAll()).filter((event) => event.streamId.startsWith('game-claim-stock-ticker-demo-'));
    expect(claims.map((event) => (event.data as { ownerId: string }).ownerId)).toEqual(DEMO_GAMES.map(() => DEMO_LEAGUE_ID));
  });

  it('seeds a class with a teacher, students and finished BOLSA games at its tables', async () => {
    const league = leagueOf(await store.readStream(leagueStreamId(DEMO_CLASS_ID)));
    if (league.status !== 'active') throw new Error('no demo class');
    expect(league).toMatchObject({ name: 'Demo Class', kind: 'class', createdBy: DEMO_TEACHER.accountId });
    expect(league.members.map((member) => [member.accountId, member.role])).toEqual([
      [DEMO_TEACHER.accountId, 'organiser'],
      ...[...DEMO_STUDENTS.values()].map((student) => [student.accountId, 'player']),
    ]);
    const tables = league.seasons[0]?.tables ?? [];
    expect(tables.map((table) => [table.gameType, table.gameId])).toEqual(DEMO_CLASS_GAMES.map((game) => ['bolsa', game.gameId]));
    for (const game of DEMO_CLASS_GAMES) {
      const events = await store.readStream(`bolsa-${game.gameId}`);
      expect(events.every((event) => event.metadata['league'] === DEMO_CLASS_ID)).toBe(true);
      const state = events.reduce((folded, event) => bolsa.evolve(folded, { type: event.type, data: event.data } as BolsaEvent), bolsa.initialState());
      expect(state.phase).toBe('finished');
      // The students traded: the class audit has something to show.
      expect(events.filter((event) => event.type === 'SharesBought' || event.type === 'SharesSold').length).toBeGreaterThan(0);
      expect(events.filter((event) => event.type === 'PlansRevealed')).toHaveLength(3);
    }
  });

  it('does nothing the second time', async () => {
    const total = (await store.readAll()).length;
    const again = await seedDemoLeague({ store, ...FAST });
    expect(again).toMatchObject({ skipped: true, games: [], classGames: [], accounts: [], league: false, class: false });
    expect(await store.readAll()).toHaveLength(total);
  });

  it('adds what is missing to a store seeded before the demo had accounts', async () => {
    const older = new InMemoryEventStore();
    const previous = new InMemoryEventStore();
    await seedDemoLeague({ store: previous, ...FAST });
    // A store holding only the demo Stock Ticker games, as the seed used to write them.
    for (const game of DEMO_GAMES) {
      const events = await previous.readStream(`stock-ticker-${game.gameId}`);
      await older.appendToStream(`stock-ticker-${game.gameId}`, events.map(({ type, data, metadata }) => ({ type, data, metadata })), 'no-stream');
    }
    const report = await seedDemoLeague({ store: older, ...FAST });
    expect(report).toMatchObject({ skipped: false, games: [], league: true, class: true });
    expect(report.accounts).toHaveLength(DEMO_ACCOUNTS.length);
    expect((await older.readAll()).length).toBe((await previous.readAll()).length);
    await older.close();
    await previous.close();
  });

  it('is the same demo on every machine for the same seed', async () => {
    const a = new InMemoryEventStore();
    const b = new InMemoryEventStore();
    await seedDemoLeague({ store: a, seed: 9, ...FAST });
    await seedDemoLeague({ store: b, seed: 9, ...FAST });
    const strip = (events: Awaited<ReturnType<InMemoryEventStore['readAll']>>) => events.map(({ streamId, type, data, metadata }) => ({ streamId, type, data, metadata }));
    expect(strip(await a.readAll())).toEqual(strip(await b.readAll()));
    await a.close();
    await b.close();
  });
});
