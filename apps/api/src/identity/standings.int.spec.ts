import request from 'supertest';
import { scriptedRandom } from '@corbeille/kernel';
import { OpenAccessPolicy } from '../access/open-access.policy';
import { GameDriver } from '../testing/game-driver';
import { startTestApp, type TestApp } from '../testing/test-app';
import { dataAs, errorOf, gqlAs, signUp, type SignedUp } from './testing/identity-client';
import {
  ADD_MEMBER,
  CLOSE_SEASON,
  CREATE_LEAGUE,
  CREATE_SEASON,
  LEAGUE,
  SCHEDULE_TABLE,
  SEASON_EXPORT,
  SEAT_PLAYER,
  type LeagueView,
  type TableView,
} from './testing/league-operations';

/** Three dice per roll (stock, action, amount): GOLD UP 20, TECH DOWN 10, GOLD DIVIDEND 10; then OIL UP 5, GOLD DOWN 5, TECH DIVIDEND 20. */
const DICE = [0, 0, 4, 1, 2, 2, 0, 4, 2, 2, 1, 0, 0, 3, 1, 1, 5, 5];

interface Export {
  seasonExport: { seasonId: string; filename: string; contentType: string; content: string };
}

describe('season standings from finished Stock Ticker games', () => {
  let api: TestApp;
  let olga: SignedUp;
  let ann: SignedUp;
  let cyd: SignedUp;
  let eve: SignedUp;
  let leagueId: string;
  let seasonId: string;
  let first: TableView;
  let second: TableView;
  const previousRounds = process.env['AUTH_BCRYPT_ROUNDS'];

  const league = async () => {
    const { league: view } = await dataAs<LeagueView>(api, ann.token, LEAGUE, { id: leagueId });
    const season = view?.seasons[0];
    if (!season) throw new Error('no season');
    return season;
  };

  /** Ann (seated as p-ann) is the Broker; then p-cyd, whom nobody seated yet; then the bot. */
  async function play(gameId: string): Promise<{ playerId: string; rank: number; finalCash: number }[]> {
    const game = new GameDriver(api, gameId);
    await game.create({ roundLimit: 1 }, { league: leagueId });
    await game.join('p-ann', 'Ann');
    await game.join('p-cyd', 'Cyd');
    await game.join('robo', 'Robo');
    await game.start();
    await game.buy('p-ann', 'GOLD', 1000);
    await game.buy('p-cyd', 'TECH', 2000);
    await game.buy('robo', 'OIL', 500);
    await game.buy('robo', 'GOLD', 500);
    for (const playerId of ['p-ann', 'p-cyd', 'robo']) await game.finish(playerId);
    await game.roll('p-ann');
    await game.roll('p-cyd');
    const last = await game.roll('robo');
    const ended = last.events.find((event) => event.type === 'GameEnded');
    if (!ended) throw new Error(`the game did not end: ${JSON.stringify(last.events.map((event) => event.type))}`);
    return (ended.data as { standings: { playerId: string; rank: number; finalCash: number }[] }).standings;
  }

  beforeAll(async () => {
    process.env['AUTH_BCRYPT_ROUNDS'] = '4';
    // Open tables: the games are played without sign-in, so that a seat nobody linked yet (p-cyd) can play.
    api = await startTestApp({ random: scriptedRandom(DICE), accessPolicy: new OpenAccessPolicy() });
    [olga, ann, cyd, eve] = (await Promise.all(['Olga', 'Ann', 'Cyd', 'Eve'].map((name) => signUp(api, name)))) as [SignedUp, SignedUp, SignedUp, SignedUp];
    leagueId = (await dataAs<{ createLeague: { id: string } }>(api, olga.token, CREATE_LEAGUE, { input: { name: 'Friday Club', scoring: [10, 6, 4] } })).createLeague.id;
    for (const member of [ann, cyd]) {
      await dataAs(api, olga.token, ADD_MEMBER, { input: { leagueId, accountId: member.accountId, role: 'PLAYER' } });
    }
    seasonId = (await dataAs<{ createSeason: { id: string } }>(api, olga.token, CREATE_SEASON, { input: { leagueId, name: 'Spring 2025' } })).createSeason.id;
    const schedule = async (gameId: string) =>
      (await dataAs<{ scheduleTable: TableView }>(api, olga.token, SCHEDULE_TABLE, { input: { seasonId, gameType: 'STOCK_TICKER', gameId, options: { roundLimit: 1 } } }))
        .scheduleTable;
    first = await schedule('spring-1');
    second = await schedule('spring-2');
    for (const table of [first, second]) {
      await dataAs(api, olga.token, SEAT_PLAYER, { input: { tableId: table.id, playerId: 'p-ann', accountId: ann.accountId } });
      await dataAs(api, olga.token, SEAT_PLAYER, { input: { tableId: table.id, playerId: 'robo', bot: { strategy: 'greedy' } } });
    }
  });

  afterAll(async () => {
    await api.close();
    if (previousRounds === undefined) delete process.env['AUTH_BCRYPT_ROUNDS'];
    else process.env['AUTH_BCRYPT_ROUNDS'] = previousRounds;
  });

  it('are empty before any table has finished', async () => {
    const season = await league();
    expect(season.standings).toEqual([]);
    expect(season.results).toEqual([]);
  });

  it('score the placements of a table when its game ends: points, wealth, rating and why', async () => {
    const standings = await play('spring-1');
    // Ann's GOLD rose 20 and paid a dividend; Cyd's TECH fell 10; the bot held both.
    expect(standings).toEqual([
      { playerId: 'p-ann', rank: 1, finalCash: 530_000 },
      { playerId: 'robo', rank: 2, finalCash: 515_000 },
      { playerId: 'p-cyd', rank: 3, finalCash: 480_000 },
    ]);
    const season = await league();
    expect(season.tables[0]?.result).toMatchObject({
      standings: [
        { playerId: 'p-ann', rank: 1, finalWealth: 530_000 },
        { playerId: 'robo', rank: 2, finalWealth: 515_000 },
        { playerId: 'p-cyd', rank: 3, finalWealth: 480_000 },
      ],
    });
    expect(season.standings.map(({ history: _history, ...row }) => row)).toEqual([
      { rank: 1, participantId: ann.accountId, kind: 'ACCOUNT', accountId: ann.accountId, displayName: 'Ann', points: 10, gamesPlayed: 1, wins: 1, totalFinalWealth: 530_000, averageFinalWealth: 530_000, rating: 1516 },
      { rank: 2, participantId: 'bot:robo', kind: 'BOT', accountId: null, displayName: 'robo', points: 6, gamesPlayed: 1, wins: 0, totalFinalWealth: 515_000, averageFinalWealth: 515_000, rating: 1500 },
      { rank: 3, participantId: 'guest:p-cyd', kind: 'GUEST', accountId: null, displayName: 'p-cyd', points: 4, gamesPlayed: 1, wins: 0, totalFinalWealth: 480_000, averageFinalWealth: 480_000, rating: 1484 },
    ]);
    const annHistory = season.standings[0]?.history ?? [];
    expect(annHistory).toEqual([
      expect.objectContaining({ reason: 'GAME_RESULT', gameId: 'spring-1', rankBefore: null, rank: 1, pointsBefore: 0, points: 10, ratingBefore: null, rating: 1516 }),
    ]);
    const endedAt = (await api.eventStore.readStream('stock-ticker-spring-1')).at(-1)?.position;
    expect(annHistory[0]?.position).toBe(endedAt);
    expect(season.results).toEqual([
      {
        tableId: first.id,
        gameType: 'STOCK_TICKER',
        gameId: 'spring-1',
        finishedAt: expect.any(String),
        entries: [
          expect.objectContaining({ playerId: 'p-ann', participantId: ann.accountId, rank: 1, finalWealth: 530_000, points: 10, ratingAfter: 1516 }),
          expect.objectContaining({ playerId: 'robo', participantId: 'bot:robo', rank: 2, points: 6, ratingAfter: 1500 }),
          expect.objectContaining({ playerId: 'p-cyd', participantId: 'guest:p-cyd', rank: 3, points: 4, ratingAfter: 1484 }),
        ],
      },
    ]);
  });

  it('move a result to the account seated afterwards, and say so in the history', async () => {
    await dataAs(api, olga.token, SEAT_PLAYER, { input: { tableId: first.id, playerId: 'p-cyd', accountId: cyd.accountId } });
    const season = await league();
    const third = season.standings[2];
    expect(third).toMatchObject({ rank: 3, participantId: cyd.accountId, displayName: 'Cyd', points: 4, rating: 1484 });
    expect(third?.history).toEqual([expect.objectContaining({ reason: 'SEATING_CHANGED', rankBefore: null, rank: 3, points: 4 })]);
    expect(season.standings.map((row) => row.participantId)).not.toContain('guest:p-cyd');
  });

  it('export the season as CSV rows matching the standings and results', async () => {
    const { seasonExport } = await dataAs<Export>(api, ann.token, SEASON_EXPORT, { seasonId, format: 'CSV' });
    expect(seasonExport).toMatchObject({ seasonId, filename: 'friday-club-spring-2025.csv', contentType: 'text/csv; charset=utf-8' });
    const [standings, results] = seasonExport.content.split('\r\n\r\n');
    expect(standings?.split('\r\n')).toEqual([
      'rank,participant_id,kind,name,points,games_played,wins,total_final_wealth_cents,average_final_wealth_cents,rating',
      `1,${ann.accountId},account,Ann,10,1,1,530000,530000,1516`,
      '2,bot:robo,bot,robo,6,1,0,515000,515000,1500',
      `3,${cyd.accountId},account,Cyd,4,1,0,480000,480000,1484`,
    ]);
    const finishedAt = (await league()).results[0]?.finishedAt;
    expect(results?.split('\r\n')).toEqual([
      'finished_at,table_id,game_type,game_id,player_id,participant_id,kind,name,game_rank,final_wealth_cents,points,rating_before,rating_after',
      `${finishedAt},${first.id},stock-ticker,spring-1,p-ann,${ann.accountId},account,Ann,1,530000,10,1500,1516`,
      `${finishedAt},${first.id},stock-ticker,spring-1,robo,bot:robo,bot,robo,2,515000,6,1500,1500`,
      `${finishedAt},${first.id},stock-ticker,spring-1,p-cyd,${cyd.accountId},account,Cyd,3,480000,4,1500,1484`,
      '',
    ]);

    const json = JSON.parse((await dataAs<Export>(api, ann.token, SEASON_EXPORT, { seasonId, format: 'JSON' })).seasonExport.content);
    expect(json.league).toEqual({ leagueId, name: 'Friday Club', kind: 'league' });
    expect(json.standings.map((row: { name: string; points: number }) => [row.name, row.points])).toEqual([['Ann', 10], ['robo', 6], ['Cyd', 4]]);
    expect(json.results[0].entries).toHaveLength(3);

    expect(errorOf(await gqlAs(api, eve.token, SEASON_EXPORT, { seasonId }))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_A_MEMBER' });
  });

  it('serve the same CSV at GET /leagues/:id/seasons/:sid/export.csv for members', async () => {
    const server = api.app.getHttpServer();
    const path = `/leagues/${leagueId}/seasons/${seasonId}/export.csv`;
    const { seasonExport } = await dataAs<Export>(api, ann.token, SEASON_EXPORT, { seasonId, format: 'CSV' });
    const ok = await request(server).get(path).set('authorization', `Bearer ${ann.token}`).expect(200);
    expect(ok.headers['content-type']).toMatch(/^text\/csv/);
    expect(ok.headers['content-disposition']).toBe('attachment; filename="friday-club-spring-2025.csv"');
    expect(ok.text).toBe(seasonExport.content);
    const standingsOnly = await request(server).get(`${path}?part=standings`).set('authorization', `Bearer ${ann.token}`).expect(200);
    expect(standingsOnly.text.split('\r\n')).toHaveLength(5);
    const json = await request(server).get(`/leagues/${leagueId}/seasons/${seasonId}/export.json`).set('authorization', `Bearer ${ann.token}`).expect(200);
    expect(JSON.parse(json.text).season).toMatchObject({ seasonId, name: 'Spring 2025' });

    await request(server).get(path).expect(401);
    await request(server).get(path).set('authorization', 'Bearer nonsense').expect(401);
    await request(server).get(path).set('authorization', `Bearer ${eve.token}`).expect(403);
    await request(server).get(`/leagues/${leagueId}/seasons/nope/export.csv`).set('authorization', `Bearer ${ann.token}`).expect(404);
    await request(server).get(`${path}?part=everything`).set('authorization', `Bearer ${ann.token}`).expect(400);
  });

  it('stay as they were once the season is closed, even when another of its tables finishes', async () => {
    const before = await league();
    await dataAs(api, olga.token, CLOSE_SEASON, { input: { seasonId } });
    const standings = await play('spring-2');
    expect(standings.map((standing) => standing.playerId)).toHaveLength(3);
    const after = await league();
    expect(after.status).toBe('CLOSED');
    expect(after.tables[1]?.result).not.toBeNull();
    expect(after.standings).toEqual(before.standings);
    expect(after.results).toHaveLength(1);
  });
});
