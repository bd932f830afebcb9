import type { CommandRef, GameAccessPolicy, GameRef, Principal } from '../access/access.port';
import { BUY_SHARES, CREATE_GAME, JOIN_GAME, START_GAME } from '../testing/operations';
import { startTestApp, type TestApp } from '../testing/test-app';
import { AccountAccessPolicy } from './account-access.policy';
import { dataAs, errorOf, gqlAs, signUp, type SignedUp } from './testing/identity-client';
import { ADD_MEMBER, CREATE_LEAGUE, CREATE_SEASON, SCHEDULE_TABLE, SEAT_PLAYER, type TableView } from './testing/league-operations';

/** GAME_ACCESS_POLICY for this app: the app's own AccountAccessPolicy, known once the app exists. */
class LateBoundPolicy implements GameAccessPolicy {
  target: GameAccessPolicy | undefined;

  viewerFor(principal: Principal, game: GameRef) {
    return this.bound().viewerFor(principal, game);
  }

  assertMayIssue(principal: Principal, game: GameRef, command: CommandRef) {
    return this.bound().assertMayIssue(principal, game, command);
  }

  private bound(): GameAccessPolicy {
    if (!this.target) throw new Error('The access policy is not bound yet');
    return this.target;
  }
}

describe('AccountAccessPolicy as the game access policy', () => {
  let api: TestApp;
  let olga: SignedUp;
  let ann: SignedUp;
  let bob: SignedUp;
  let eve: SignedUp;
  let leagueId: string;
  const gameId = 'policy-1';
  const previousRounds = process.env['AUTH_BCRYPT_ROUNDS'];

  const create = (as: string | undefined) => gqlAs(api, as, CREATE_GAME, { input: { gameId, options: { roundLimit: 1 }, league: leagueId } });
  const join = (as: string | undefined, playerId: string) => gqlAs(api, as, JOIN_GAME, { input: { gameId, playerId, name: playerId } });
  const start = (as: string | undefined) => gqlAs(api, as, START_GAME, { input: { gameId } });
  const buy = (as: string | undefined, playerId: string) => gqlAs(api, as, BUY_SHARES, { input: { gameId, playerId, stock: 'GOLD', shares: 500 } });

  beforeAll(async () => {
    process.env['AUTH_BCRYPT_ROUNDS'] = '4';
    const policy = new LateBoundPolicy();
    api = await startTestApp({ accessPolicy: policy });
    policy.target = api.app.get(AccountAccessPolicy);
    [olga, ann, bob, eve] = (await Promise.all(['Olga', 'Ann', 'Bob', 'Eve'].map((name) => signUp(api, name)))) as [SignedUp, SignedUp, SignedUp, SignedUp];
    leagueId = (await dataAs<{ createLeague: { id: string } }>(api, olga.token, CREATE_LEAGUE, { input: { name: 'Club' } })).createLeague.id;
    for (const member of [ann, bob]) await dataAs(api, olga.token, ADD_MEMBER, { input: { leagueId, accountId: member.accountId, role: 'PLAYER' } });
    const seasonId = (await dataAs<{ createSeason: { id: string } }>(api, olga.token, CREATE_SEASON, { input: { leagueId, name: 'S1' } })).createSeason.id;
    const table = (await dataAs<{ scheduleTable: TableView }>(api, olga.token, SCHEDULE_TABLE, { input: { seasonId, gameType: 'STOCK_TICKER', gameId } })).scheduleTable;
    await dataAs(api, olga.token, SEAT_PLAYER, { input: { tableId: table.id, playerId: 'p-ann', accountId: ann.accountId } });
    await dataAs(api, olga.token, SEAT_PLAYER, { input: { tableId: table.id, playerId: 'robo', bot: { strategy: 'greedy' } } });
  });

  afterAll(async () => {
    await api.close();
    if (previousRounds === undefined) delete process.env['AUTH_BCRYPT_ROUNDS'];
    else process.env['AUTH_BCRYPT_ROUNDS'] = previousRounds;
  });

  it("lets only the league's organisers create and start its table's game", async () => {
    expect(errorOf(await create(undefined))).toEqual({ code: 'FORBIDDEN', domainCode: 'SIGN_IN_REQUIRED' });
    expect(errorOf(await create(ann.token))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_A_REFEREE' });
    expect((await create(olga.token)).errors).toBeUndefined();
  });

  it('seats players in their own seats only, and bots by the referee', async () => {
    expect(errorOf(await join(eve.token, 'p-ann'))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_YOUR_SEAT' });
    expect(errorOf(await join(eve.token, eve.accountId))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_A_PLAYER' });
    expect(errorOf(await join(ann.token, ann.accountId))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_YOUR_SEAT' });
    expect((await join(ann.token, 'p-ann')).errors).toBeUndefined();
    // Bob was not seated by the organisers: he joins under his own account id.
    expect((await join(bob.token, bob.accountId)).errors).toBeUndefined();
    expect(errorOf(await join(ann.token, 'robo'))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_A_REFEREE' });
    expect((await join(olga.token, 'robo')).errors).toBeUndefined();
  });

  it('keeps referee commands and moves for their issuers, and checks API token scopes', async () => {
    expect(errorOf(await start(bob.token))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_A_REFEREE' });
    expect((await start(olga.token)).errors).toBeUndefined();

    expect(errorOf(await buy(bob.token, 'p-ann'))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_YOUR_SEAT' });
    expect(errorOf(await buy(olga.token, 'p-ann'))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_YOUR_SEAT' });
    const reader = (await dataAs<{ createApiToken: { token: string } }>(api, ann.token, `mutation { createApiToken(input: { name: "r", scopes: [READ] }) { token } }`))
      .createApiToken.token;
    const player = (await dataAs<{ createApiToken: { token: string } }>(api, ann.token, `mutation { createApiToken(input: { name: "p", scopes: [PLAY] }) { token } }`))
      .createApiToken.token;
    expect(errorOf(await buy(reader, 'p-ann'))).toEqual({ code: 'FORBIDDEN', domainCode: 'SCOPE_REQUIRED' });
    expect((await buy(player, 'p-ann')).errors).toBeUndefined();
    expect((await buy(olga.token, 'robo')).errors).toBeUndefined();
    expect((await buy(bob.token, bob.accountId)).errors).toBeUndefined();
  });
});
