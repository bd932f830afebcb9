import type { Client } from 'graphql-ws';
import { scriptedRandom } from '@corbeille/kernel';
import { BUY_SHARES, CREATE_GAME, END_GAME, FINISH_TRADING, JOIN_GAME, ROLL_DICE, START_GAME } from '../testing/operations';
import { takeUntil } from '../testing/subscription-helpers';
import { startTestApp, type TestApp } from '../testing/test-app';
import { dataAs, errorOf, gqlAs, signUp, wsClientAs, type SignedUp } from './testing/identity-client';
import { ADD_MEMBER, CREATE_LEAGUE, CREATE_SEASON, SCHEDULE_TABLE, SEAT_PLAYER, type TableView } from './testing/league-operations';

/** The dashboard's reads (apps/dashboard/src/lib/queries.ts), which it sends without any credential. */
const GAME_FIELDS = `id phase players { playerId name seat } brokerId round roundLimit createdAt updatedAt eventCount lastPosition winners league`;
const DASHBOARD_QUERIES = {
  games: `query DashboardGames($first: Int!, $after: String) {
    games(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { ${GAME_FIELDS} portfolios { playerId name netWorth } } } }
  }`,
  game: `query DashboardGame($id: ID!) {
    game(id: $id) { ${GAME_FIELDS} priceBoard { round lastPosition stocks { stock price splits timesOffMarket history { position revision round price } } }
      portfolios { playerId name cash loan netWorth holdings { stock shares value } } }
  }`,
  legalActions: `query DashboardLegalActions($id: ID!, $p0: ID!) { game(id: $id) { id a0: legalActions(playerId: $p0) { type stock maxShares lot maxAmount } } }`,
  events: `query DashboardEvents($id: ID!, $first: Int!, $after: String) {
    game(id: $id) { id events(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id position revision type data occurredAt actor commandId } } } }
  }`,
  snapshot: `query DashboardGameAt($id: ID!, $position: SafeInt!) {
    gameAt(id: $id, position: $position) { position revision phase round prices { stock price } players { playerId name cash loan holdings { stock shares value } }
      standings { playerId rank finalCash } winners endReason }
  }`,
};

interface CreatedToken {
  createApiToken: { token: string };
}

describe('AccountAccessPolicy as the game access policy (the default binding)', () => {
  let api: TestApp;
  let olga: SignedUp;
  let ann: SignedUp;
  let bob: SignedUp;
  let eve: SignedUp;
  let leagueId: string;
  const gameId = 'policy-1';

  const create = (as: string | undefined) => gqlAs(api, as, CREATE_GAME, { input: { gameId, options: { roundLimit: 1 }, league: leagueId } });
  const join = (as: string | undefined, playerId: string) => gqlAs(api, as, JOIN_GAME, { input: { gameId, playerId, name: playerId } });
  const start = (as: string | undefined) => gqlAs(api, as, START_GAME, { input: { gameId } });
  const buy = (as: string | undefined, playerId: string) => gqlAs(api, as, BUY_SHARES, { input: { gameId, playerId, stock: 'GOLD', shares: 500 } });
  const tokenOf = async (owner: SignedUp, scopes: string) =>
    (await dataAs<CreatedToken>(api, owner.token, `mutation { createApiToken(input: { name: "t", scopes: [${scopes}] }) { token } }`)).createApiToken.token;

  beforeAll(async () => {
    // GOLD UP 20 on the first roll.
    api = await startTestApp({ random: scriptedRandom([0, 0, 4]) });
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
    // A token without the play scope cannot take a seat, even its owner's.
    expect(errorOf(await join(await tokenOf(ann, 'READ'), 'p-ann'))).toEqual({ code: 'FORBIDDEN', domainCode: 'SCOPE_REQUIRED' });
    expect((await join(ann.token, 'p-ann')).errors).toBeUndefined();
    // Bob was not seated by the organisers: he joins under his own account id.
    expect((await join(bob.token, bob.accountId)).errors).toBeUndefined();
    expect(errorOf(await join(ann.token, 'robo'))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_A_REFEREE' });
    expect((await join(olga.token, 'robo')).errors).toBeUndefined();
  });

  it('keeps referee commands and moves for their issuers, and checks API token scopes', async () => {
    expect(errorOf(await start(bob.token))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_A_REFEREE' });
    // The organiser's token without the referee scope cannot referee.
    expect(errorOf(await start(await tokenOf(olga, 'READ, PLAY')))).toEqual({ code: 'FORBIDDEN', domainCode: 'SCOPE_REQUIRED' });
    expect((await start(olga.token)).errors).toBeUndefined();

    expect(errorOf(await buy(bob.token, 'p-ann'))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_YOUR_SEAT' });
    expect(errorOf(await buy(olga.token, 'p-ann'))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_YOUR_SEAT' });
    const reader = await tokenOf(ann, 'READ');
    const player = await tokenOf(ann, 'PLAY');
    const before = (await api.eventStore.readStream(`stock-ticker-${gameId}`)).length;
    expect(errorOf(await buy(reader, 'p-ann'))).toEqual({ code: 'FORBIDDEN', domainCode: 'SCOPE_REQUIRED' });
    expect(errorOf(await gqlAs(api, reader, FINISH_TRADING, { input: { gameId, playerId: 'p-ann' } }))).toEqual({ code: 'FORBIDDEN', domainCode: 'SCOPE_REQUIRED' });
    expect(await api.eventStore.readStream(`stock-ticker-${gameId}`)).toHaveLength(before);
    expect((await buy(player, 'p-ann')).errors).toBeUndefined();
    expect((await buy(olga.token, 'robo')).errors).toBeUndefined();
    expect((await buy(bob.token, bob.accountId)).errors).toBeUndefined();
  });

  it('lets anyone signed in referee a game outside any league, with the referee scope', async () => {
    const open = { input: { gameId: 'open-1', options: { roundLimit: 1 } } };
    expect(errorOf(await gqlAs(api, await tokenOf(eve, 'PLAY'), CREATE_GAME, open))).toEqual({ code: 'FORBIDDEN', domainCode: 'SCOPE_REQUIRED' });
    expect((await gqlAs(api, await tokenOf(eve, 'REFEREE'), CREATE_GAME, open)).errors).toBeUndefined();
    // There, a player's seat is the one named after their account.
    expect(errorOf(await gqlAs(api, bob.token, JOIN_GAME, { input: { gameId: 'open-1', playerId: eve.accountId, name: 'Eve' } }))).toEqual({
      code: 'FORBIDDEN',
      domainCode: 'NOT_YOUR_SEAT',
    });
    expect((await gqlAs(api, bob.token, JOIN_GAME, { input: { gameId: 'open-1', playerId: bob.accountId, name: 'Bob' } })).errors).toBeUndefined();
  });

  describe('anonymous visitors', () => {
    let client: Client;

    afterAll(async () => {
      await client?.dispose();
    });

    it("read public games as the dashboard does: lists, boards, portfolios, legal actions, events, time travel", async () => {
      const { games } = await dataAs<{ games: { totalCount: number; edges: { node: { id: string; league: string | null } }[] } }>(
        api,
        undefined,
        DASHBOARD_QUERIES.games,
        { first: 100 },
      );
      expect(games.edges.map((edge) => edge.node.id).sort()).toEqual(['open-1', gameId]);
      const { game } = await dataAs<{ game: { phase: string; priceBoard: { stocks: unknown[] }; portfolios: { playerId: string }[] } }>(
        api,
        undefined,
        DASHBOARD_QUERIES.game,
        { id: gameId },
      );
      expect(game.phase).toBe('OPENING');
      expect(game.priceBoard.stocks).toHaveLength(6);
      expect(game.portfolios.map((portfolio) => portfolio.playerId)).toEqual(['p-ann', bob.accountId, 'robo']);
      const actions = await dataAs<{ game: { a0: { type: string }[] } }>(api, undefined, DASHBOARD_QUERIES.legalActions, { id: gameId, p0: 'p-ann' });
      expect(actions.game.a0.map((action) => action.type)).toContain('FINISH_TRADING');
      const { game: withEvents } = await dataAs<{ game: { events: { totalCount: number; edges: { node: { position: number } }[] } } }>(
        api,
        undefined,
        DASHBOARD_QUERIES.events,
        { id: gameId, first: 100 },
      );
      expect(withEvents.events.totalCount).toBeGreaterThan(5);
      const position = withEvents.events.edges[3]?.node.position;
      const { gameAt } = await dataAs<{ gameAt: { revision: number } }>(api, undefined, DASHBOARD_QUERIES.snapshot, { id: gameId, position });
      expect(gameAt.revision).toBe(3);
      const { allGames } = await dataAs<{ allGames: { totalCount: number } }>(api, undefined, `{ allGames(first: 10) { totalCount } }`);
      expect(allGames.totalCount).toBe(2);
      expect(await dataAs(api, undefined, `{ me { id } }`)).toEqual({ me: null });
    });

    it('follow a game live over a subscription', async () => {
      client = wsClientAs(await api.listen());
      const live = client.iterate<{ gameEvents: { type: string } }>({ query: `subscription { gameEvents(gameId: "${gameId}", afterPosition: 0) { type } }` });
      const replayed = await takeUntil(live, (taken) => taken.some((item) => item.gameEvents.type === 'SharesBought'));
      expect(replayed[0]?.gameEvents.type).toBe('GameCreated');
      await live.return?.();
    });

    it('may not send any command, nor read leagues', async () => {
      const before = (await api.eventStore.readAll()).length;
      const refused = [
        await gqlAs(api, undefined, CREATE_GAME, { input: { gameId: 'anon-1' } }),
        await gqlAs(api, undefined, JOIN_GAME, { input: { gameId: 'open-1', playerId: 'anon', name: 'Anon' } }),
        await gqlAs(api, undefined, START_GAME, { input: { gameId: 'open-1' } }),
        await gqlAs(api, undefined, BUY_SHARES, { input: { gameId, playerId: 'p-ann', stock: 'GOLD', shares: 500 } }),
        await gqlAs(api, undefined, FINISH_TRADING, { input: { gameId, playerId: 'p-ann' } }),
        await gqlAs(api, undefined, ROLL_DICE, { input: { gameId, playerId: 'p-ann' } }),
        await gqlAs(api, undefined, END_GAME, { input: { gameId, reason: 'AGREED' } }),
        await gqlAs(api, undefined, `mutation { createBolsaGame(input: { gameId: "anon-b" }) { gameId } }`),
      ];
      for (const response of refused) expect(errorOf(response)).toEqual({ code: 'FORBIDDEN', domainCode: 'SIGN_IN_REQUIRED' });
      expect(errorOf(await gqlAs(api, undefined, CREATE_LEAGUE, { input: { name: 'Anon club' } }))).toEqual({ code: 'UNAUTHENTICATED', domainCode: 'SIGN_IN_REQUIRED' });
      expect(errorOf(await gqlAs(api, undefined, `{ leagues { totalCount } }`))).toEqual({ code: 'UNAUTHENTICATED', domainCode: 'SIGN_IN_REQUIRED' });
      expect(await api.eventStore.readAll()).toHaveLength(before);
    });
  });
});
