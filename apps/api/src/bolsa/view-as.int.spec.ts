import { seededRandom } from '@corbeille/kernel';
import { bearer, dataAs, errorOf, signUp, type SignedUp } from '../identity/testing/identity-client';
import { ADD_MEMBER, CREATE_LEAGUE, CREATE_SEASON, SCHEDULE_TABLE, SEAT_PLAYER, type TableView } from '../identity/testing/league-operations';
import { BolsaDriver } from '../testing/bolsa-driver';
import { TEST_REFEREE } from '../testing/test-access-policy';
import { startTestApp, type TestApp } from '../testing/test-app';

const GAME = 'view-as-table';
const AT = `query At($id: ID!, $position: SafeInt, $viewAs: ID) {
  bolsaGameAt(id: $id, position: $position, viewAs: $viewAs) { position players { playerId shares { company shares } } }
}`;

interface At {
  bolsaGameAt: { position: number; players: { playerId: string; shares: { company: string; shares: number }[] | null }[] } | null;
}

/** A referee replays a BOLSA game as one of its players: that player's screen, never anyone else's. */
describe('bolsaGameAt with viewAs', () => {
  let api: TestApp;
  const accounts = new Map<string, SignedUp>();
  const headers = (name: string | undefined): Record<string, string> => {
    if (name === undefined) return {};
    const account = accounts.get(name === TEST_REFEREE ? 'tess' : name);
    if (!account) throw new Error(`No account for ${name}`);
    return bearer(account.token);
  };
  let startPosition = 0;

  beforeAll(async () => {
    api = await startTestApp({ random: seededRandom(5) });
    for (const name of ['tess', 'alice', 'bob']) accounts.set(name, await signUp(api, name));
    const tess = accounts.get('tess') as SignedUp;
    const leagueId = (await dataAs<{ createLeague: { id: string } }>(api, tess.token, CREATE_LEAGUE, { input: { name: 'Class 5C', kind: 'CLASS' } })).createLeague.id;
    const seasonId = (await dataAs<{ createSeason: { id: string } }>(api, tess.token, CREATE_SEASON, { input: { leagueId, name: 'Term 1' } })).createSeason.id;
    const table = (await dataAs<{ scheduleTable: TableView }>(api, tess.token, SCHEDULE_TABLE, { input: { seasonId, gameType: 'BOLSA', gameId: GAME } }))
      .scheduleTable;
    for (const name of ['alice', 'bob']) {
      const accountId = accounts.get(name)?.accountId;
      await dataAs(api, tess.token, ADD_MEMBER, { input: { leagueId, accountId, role: 'PLAYER' } });
      await dataAs(api, tess.token, SEAT_PLAYER, { input: { tableId: table.id, playerId: name, accountId } });
    }
    const driver = new BolsaDriver(api, GAME, headers);
    await driver.create({ planningSeconds: 60 }, { league: leagueId });
    for (const playerId of ['alice', 'bob']) await driver.join(playerId);
    const started = await driver.start();
    startPosition = started.events[started.events.length - 1]?.position ?? 0;
  });

  afterAll(async () => {
    await api.close();
  });

  const sharesOf = (at: At, playerId: string) => at.bolsaGameAt?.players.find((player) => player.playerId === playerId)?.shares;

  it('the referee sees every screen, and as Alice only hers', async () => {
    const asReferee = await api.data<At>(AT, { id: GAME, position: startPosition }, headers('tess'));
    expect(sharesOf(asReferee, 'alice')).not.toBeNull();
    expect(sharesOf(asReferee, 'bob')).not.toBeNull();
    const asAlice = await api.data<At>(AT, { id: GAME, position: startPosition, viewAs: 'alice' }, headers('tess'));
    expect(sharesOf(asAlice, 'alice')).toEqual(sharesOf(asReferee, 'alice'));
    expect(sharesOf(asAlice, 'bob')).toBeNull();
    // The same as Alice's own request.
    expect(await api.data<At>(AT, { id: GAME, position: startPosition }, headers('alice'))).toEqual(asAlice);
  });

  it('players and spectators may not look through someone else\'s eyes; an unknown player is not found', async () => {
    expect(errorOf(await api.gql(AT, { id: GAME, position: startPosition, viewAs: 'bob' }, headers('alice')))).toEqual({ code: 'FORBIDDEN', domainCode: 'REFEREES_ONLY' });
    // An anonymous visitor does not see a class's game at all.
    expect(errorOf(await api.gql(AT, { id: GAME, position: startPosition, viewAs: 'bob' }, {}))).toEqual({ code: 'FORBIDDEN', domainCode: 'SIGN_IN_REQUIRED' });
    expect(errorOf(await api.gql(AT, { id: GAME, position: startPosition, viewAs: 'zed' }, headers('tess')))).toEqual({ code: 'NOT_FOUND', domainCode: 'PLAYER_NOT_FOUND' });
  });
});
