import { startTestApp, type TestApp } from '../testing/test-app';
import { dataAs, errorOf, gqlAs, signUp, type SignedUp } from './testing/identity-client';
import {
  ADD_MEMBER,
  CLOSE_SEASON,
  CREATE_LEAGUE,
  CREATE_SEASON,
  LEAGUE,
  LEAGUES,
  SCHEDULE_TABLE,
  SEAT_PLAYER,
  type LeagueView,
  type TableView,
} from './testing/league-operations';

describe('leagues, seasons, tables and members', () => {
  let api: TestApp;
  let olga: SignedUp;
  let pat: SignedUp;
  let sam: SignedUp;
  let eve: SignedUp;
  let leagueId: string;
  let seasonId: string;
  let table: TableView;
  const previousRounds = process.env['AUTH_BCRYPT_ROUNDS'];

  beforeAll(async () => {
    process.env['AUTH_BCRYPT_ROUNDS'] = '4';
    api = await startTestApp();
    [olga, pat, sam, eve] = await Promise.all(['Olga', 'Pat', 'Sam', 'Eve'].map((name) => signUp(api, name))) as [SignedUp, SignedUp, SignedUp, SignedUp];
  });

  afterAll(async () => {
    await api.close();
    if (previousRounds === undefined) delete process.env['AUTH_BCRYPT_ROUNDS'];
    else process.env['AUTH_BCRYPT_ROUNDS'] = previousRounds;
  });

  it('an account creates a league and is its organiser; the default scoring applies', async () => {
    const { createLeague } = await dataAs<{ createLeague: { id: string; scoring: number[]; myRole: string; members: unknown[] } }>(api, olga.token, CREATE_LEAGUE, {
      input: { name: 'Friday Club', commandId: 'friday' },
    });
    leagueId = createLeague.id;
    expect(createLeague).toMatchObject({ scoring: [10, 6, 4, 3, 2, 1], myRole: 'ORGANISER' });
    expect(createLeague.members).toEqual([{ accountId: olga.accountId, displayName: 'Olga', role: 'ORGANISER', title: 'organiser' }]);
    // A retry with the same command id is the same league, created once.
    const again = await dataAs<{ createLeague: { id: string } }>(api, olga.token, CREATE_LEAGUE, { input: { name: 'Friday Club', commandId: 'friday' } });
    expect(again.createLeague.id).toBe(leagueId);
    expect(await api.eventStore.readStream(`league-${leagueId}`)).toHaveLength(2);
  });

  it('only organisers add members; roles can change', async () => {
    const add = (as: string, accountId: string, role: string) => gqlAs<{ addLeagueMember: { role: string } }>(api, as, ADD_MEMBER, { input: { leagueId, accountId, role } });
    expect((await add(olga.token, pat.accountId, 'PLAYER')).data?.addLeagueMember).toMatchObject({ role: 'PLAYER' });
    expect((await add(olga.token, sam.accountId, 'PLAYER')).data?.addLeagueMember).toMatchObject({ role: 'PLAYER' });
    expect((await add(olga.token, sam.accountId, 'SPECTATOR')).data?.addLeagueMember).toMatchObject({ role: 'SPECTATOR' });
    expect(errorOf(await add(pat.token, eve.accountId, 'PLAYER'))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_AN_ORGANISER' });
    expect(errorOf(await add(eve.token, eve.accountId, 'ORGANISER'))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_AN_ORGANISER' });
    expect(errorOf(await add(olga.token, '00000000-0000-4000-8000-000000000000', 'PLAYER'))).toEqual({ code: 'NOT_FOUND', domainCode: 'ACCOUNT_NOT_FOUND' });
    expect(errorOf(await add(olga.token, olga.accountId, 'PLAYER'))).toEqual({ code: 'RULE_VIOLATION', domainCode: 'LAST_ORGANISER' });
    expect(errorOf(await gqlAs(api, undefined, ADD_MEMBER, { input: { leagueId, accountId: eve.accountId, role: 'PLAYER' } }))).toEqual({
      code: 'UNAUTHENTICATED',
      domainCode: 'SIGN_IN_REQUIRED',
    });
  });

  it('an organiser adds a member by email instead of account id', async () => {
    const zoe = await signUp(api, 'Zoe');
    const club = (await dataAs<{ createLeague: { id: string } }>(api, olga.token, CREATE_LEAGUE, { input: { name: 'Email Club' } })).createLeague.id;
    const addByEmail = (email: string, extra: Record<string, unknown> = {}) =>
      gqlAs<{ addLeagueMember: { accountId: string; role: string } }>(api, olga.token, ADD_MEMBER, { input: { leagueId: club, email, role: 'SPECTATOR', ...extra } });
    expect((await addByEmail(' Zoe@Example.com ')).data?.addLeagueMember).toMatchObject({ accountId: zoe.accountId, role: 'SPECTATOR' });
    expect(errorOf(await addByEmail('nobody@example.com'))).toEqual({ code: 'NOT_FOUND', domainCode: 'ACCOUNT_NOT_FOUND' });
    expect(errorOf(await addByEmail('zoe@example.com', { accountId: zoe.accountId }))).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(errorOf(await gqlAs(api, olga.token, ADD_MEMBER, { input: { leagueId: club, role: 'PLAYER' } }))).toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('only organisers create seasons and schedule tables', async () => {
    expect(errorOf(await gqlAs(api, pat.token, CREATE_SEASON, { input: { leagueId, name: 'Spring' } }))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_AN_ORGANISER' });
    const { createSeason } = await dataAs<{ createSeason: { id: string; status: string; leagueId: string } }>(api, olga.token, CREATE_SEASON, {
      input: { leagueId, name: 'Spring' },
    });
    seasonId = createSeason.id;
    expect(createSeason).toMatchObject({ status: 'OPEN', leagueId });

    const schedule = { seasonId, gameType: 'STOCK_TICKER', gameId: 'spring-1', options: { roundLimit: 1 } };
    expect(errorOf(await gqlAs(api, pat.token, SCHEDULE_TABLE, { input: schedule }))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_AN_ORGANISER' });
    table = (await dataAs<{ scheduleTable: TableView }>(api, olga.token, SCHEDULE_TABLE, { input: schedule })).scheduleTable;
    expect(table).toMatchObject({ leagueId, seasonId, gameType: 'STOCK_TICKER', gameId: 'spring-1', options: { roundLimit: 1 }, seats: [], result: null });
    expect(errorOf(await gqlAs(api, olga.token, SCHEDULE_TABLE, { input: schedule }))).toEqual({ code: 'CONFLICT', domainCode: 'GAME_ALREADY_SCHEDULED' });
    const generated = (await dataAs<{ scheduleTable: TableView }>(api, olga.token, SCHEDULE_TABLE, { input: { seasonId, gameType: 'BOLSA' } })).scheduleTable;
    expect(generated.gameId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a game is a table of one league only, and an existing game only joins the league it was created in', async () => {
    const other = (await dataAs<{ createLeague: { id: string } }>(api, eve.token, CREATE_LEAGUE, { input: { name: 'Rivals' } })).createLeague.id;
    const rivalSeason = (await dataAs<{ createSeason: { id: string } }>(api, eve.token, CREATE_SEASON, { input: { leagueId: other, name: 'S' } })).createSeason.id;
    const claimed = await gqlAs(api, eve.token, SCHEDULE_TABLE, { input: { seasonId: rivalSeason, gameType: 'STOCK_TICKER', gameId: 'spring-1' } });
    expect(errorOf(claimed)).toEqual({ code: 'CONFLICT', domainCode: 'GAME_ALREADY_SCHEDULED' });

    await dataAs(api, eve.token, `mutation { createStockTickerGame(input: { gameId: "someone-elses" }) { gameId } }`);
    const foreign = await gqlAs(api, eve.token, SCHEDULE_TABLE, { input: { seasonId: rivalSeason, gameType: 'STOCK_TICKER', gameId: 'someone-elses' } });
    expect(errorOf(foreign)).toEqual({ code: 'FORBIDDEN', domainCode: 'GAME_NOT_IN_LEAGUE' });
    await dataAs(api, eve.token, `mutation($league: String!) { createStockTickerGame(input: { gameId: "rivals-own", league: $league }) { gameId } }`, { league: other });
    const own = await gqlAs(api, eve.token, SCHEDULE_TABLE, { input: { seasonId: rivalSeason, gameType: 'STOCK_TICKER', gameId: 'rivals-own' } });
    expect(own.errors).toBeUndefined();
    // A refused table leaves no claim behind: the league it belongs to can still schedule the game.
    const refusedByPlayer = await gqlAs(api, pat.token, SCHEDULE_TABLE, { input: { seasonId, gameType: 'STOCK_TICKER', gameId: 'not-claimed' } });
    expect(errorOf(refusedByPlayer)?.code).toBe('FORBIDDEN');
    expect(await api.eventStore.streamRevision('game-claim-stock-ticker-not-claimed')).toBeUndefined();
  });

  it('organisers seat players and bots; spectators and strangers cannot be seated', async () => {
    const seat = (as: string, input: Record<string, unknown>) => gqlAs<{ seatPlayer: TableView }>(api, as, SEAT_PLAYER, { input: { tableId: table.id, ...input } });
    expect(errorOf(await seat(pat.token, { playerId: 'p-pat', accountId: pat.accountId }))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_AN_ORGANISER' });
    expect((await seat(olga.token, { playerId: 'p-pat', accountId: pat.accountId })).data?.seatPlayer.seats).toHaveLength(1);
    const seated = (await seat(olga.token, { playerId: 'robo', bot: { strategy: 'greedy' } })).data?.seatPlayer;
    expect(seated?.seats).toEqual([
      expect.objectContaining({ playerId: 'p-pat', kind: 'ACCOUNT', accountId: pat.accountId, displayName: 'Pat', botStrategy: null }),
      expect.objectContaining({ playerId: 'robo', kind: 'BOT', accountId: null, displayName: 'robo', botStrategy: 'greedy' }),
    ]);
    expect(errorOf(await seat(olga.token, { playerId: 'p-sam', accountId: sam.accountId }))).toEqual({ code: 'RULE_VIOLATION', domainCode: 'SPECTATOR_CANNOT_PLAY' });
    expect(errorOf(await seat(olga.token, { playerId: 'p-eve', accountId: eve.accountId }))).toEqual({ code: 'RULE_VIOLATION', domainCode: 'NOT_A_MEMBER' });
    const both = await seat(olga.token, { playerId: 'x', accountId: pat.accountId, bot: {} });
    expect(both.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'bot' }] });
    expect(errorOf(await gqlAs(api, olga.token, SEAT_PLAYER, { input: { tableId: 'nope', playerId: 'x', bot: {} } }))).toEqual({ code: 'NOT_FOUND', domainCode: 'TABLE_NOT_FOUND' });
  });

  it('members see the league; others are refused', async () => {
    const { league } = await dataAs<LeagueView>(api, pat.token, LEAGUE, { id: leagueId });
    expect(league).toMatchObject({ name: 'Friday Club', kind: 'LEAGUE', myRole: 'PLAYER' });
    expect(league?.members.map((member) => [member.displayName, member.role])).toEqual([['Olga', 'ORGANISER'], ['Pat', 'PLAYER'], ['Sam', 'SPECTATOR']]);
    expect(league?.seasons[0]?.tables.map((candidate) => candidate.gameId)).toEqual(['spring-1', expect.any(String)]);
    expect((await dataAs<LeagueView>(api, sam.token, LEAGUE, { id: leagueId })).league?.myRole).toBe('SPECTATOR');
    expect(errorOf(await gqlAs(api, eve.token, LEAGUE, { id: leagueId }))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_A_MEMBER' });
    expect(errorOf(await gqlAs(api, undefined, LEAGUE, { id: leagueId }))).toEqual({ code: 'UNAUTHENTICATED', domainCode: 'SIGN_IN_REQUIRED' });
    expect(await dataAs(api, pat.token, LEAGUE, { id: 'no-such-league' })).toEqual({ league: null });
  });

  it('lists the leagues of the signed-in account, a page at a time', async () => {
    type Page = { leagues: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string }; edges: { node: { name: string; myRole: string } }[] } };
    const first = await dataAs<Page>(api, eve.token, LEAGUES, { first: 1 });
    expect(first.leagues.totalCount).toBe(1);
    expect(first.leagues.edges.map((edge) => edge.node)).toEqual([expect.objectContaining({ name: 'Rivals', myRole: 'ORGANISER' })]);
    const pats = await dataAs<Page>(api, pat.token, LEAGUES, { first: 10 });
    expect(pats.leagues.edges.map((edge) => edge.node.name)).toEqual(['Friday Club']);
  });

  it('a class has a teacher and students', async () => {
    const { createLeague } = await dataAs<{ createLeague: { id: string; kind: string; members: { title: string }[] } }>(api, olga.token, CREATE_LEAGUE, {
      input: { name: 'Class 4B', kind: 'CLASS', scoring: [3, 2, 1] },
    });
    expect(createLeague).toMatchObject({ kind: 'CLASS', members: [{ title: 'teacher' }] });
    const student = await dataAs<{ addLeagueMember: { title: string } }>(api, olga.token, ADD_MEMBER, {
      input: { leagueId: createLeague.id, accountId: pat.accountId, role: 'PLAYER' },
    });
    expect(student.addLeagueMember.title).toBe('student');
    const refused = await gqlAs(api, pat.token, CREATE_SEASON, { input: { leagueId: createLeague.id, name: 'Term 1' } });
    expect(refused.errors?.[0]?.message).toBe('Only the teachers of this class may manage it');
    const badScoring = await gqlAs(api, olga.token, CREATE_LEAGUE, { input: { name: 'X', scoring: [1, 5] } });
    expect(errorOf(badScoring)).toEqual({ code: 'BAD_USER_INPUT', domainCode: 'INVALID_SCORING' });
  });

  it('a closed season takes no more tables or seats', async () => {
    expect(errorOf(await gqlAs(api, pat.token, CLOSE_SEASON, { input: { seasonId } }))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_AN_ORGANISER' });
    const { closeSeason } = await dataAs<{ closeSeason: { status: string; closedAt: string } }>(api, olga.token, CLOSE_SEASON, { input: { seasonId } });
    expect(closeSeason).toEqual({ id: seasonId, status: 'CLOSED', closedAt: '2025-01-01T09:00:00.000Z' });
    expect(errorOf(await gqlAs(api, olga.token, SCHEDULE_TABLE, { input: { seasonId, gameType: 'BOLSA' } }))).toEqual({ code: 'RULE_VIOLATION', domainCode: 'SEASON_CLOSED' });
    expect(errorOf(await gqlAs(api, olga.token, SEAT_PLAYER, { input: { tableId: table.id, playerId: 'late', bot: {} } }))).toEqual({
      code: 'RULE_VIOLATION',
      domainCode: 'SEASON_CLOSED',
    });
  });

  it('league management needs the admin scope on an API token', async () => {
    const created = await dataAs<{ createApiToken: { token: string } }>(api, olga.token, `mutation { createApiToken(input: { name: "Scores", scopes: [READ, REFEREE] }) { token } }`);
    const token = created.createApiToken.token;
    expect(errorOf(await gqlAs(api, token, CREATE_SEASON, { input: { leagueId, name: 'Summer' } }))).toEqual({ code: 'FORBIDDEN', domainCode: 'SCOPE_REQUIRED' });
    expect((await dataAs<LeagueView>(api, token, LEAGUE, { id: leagueId })).league?.myRole).toBe('ORGANISER');
  });
});
