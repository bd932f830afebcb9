import { STOCK_TICKER_GAME, streamIdFor } from '@corbeille/projections';
import type { Client } from 'graphql-ws';
import { dataAs, errorOf, gqlAs, signUp, wsClientAs, type SignedUp } from '../identity/testing/identity-client';
import { ADD_MEMBER, CREATE_LEAGUE, CREATE_SEASON, LEAGUE, SCHEDULE_TABLE, SEAT_PLAYER, type LeagueView, type TableView } from '../identity/testing/league-operations';
import { BUY_SHARES, CREATE_GAME, END_GAME, FINISH_TRADING, JOIN_GAME, START_GAME, type Outcome } from '../testing/operations';
import { startTestApp, type TestApp } from '../testing/test-app';

const GAME_ID = 'big-money';
/** The figure: 3,000,000,000 cents ($30 million) is past GraphQL's 32-bit Int (2,147,483,647). */
const HUGE = 3_000_000_000;
const START_CASH = 500_000;

const OPEN_DISPUTE = `mutation Open($input: OpenDisputeInput!) { openDispute(input: $input) { id } }`;
const RULE = `mutation Rule($input: RuleOnDisputeInput!) {
  ruleOnDispute(input: $input) { id status ruling { remedy { adjustments { kind playerId delta } } } }
}`;
const PREVIEW = `query Preview($input: PreviewRemedyInput!) { previewRemedy(input: $input) { currentStandings { playerId finalWealth } } }`;
const PORTFOLIOS = `query Portfolios($id: ID!) { game(id: $id) { portfolios { playerId cash netWorth holdings { stock shares value } } } }`;
const GAME_AT = `query At($id: ID!, $position: SafeInt) { gameAt(id: $id, position: $position) { revision players { playerId cash netWorth } } }`;
const GAMES = `{ games(first: 50) { totalCount edges { node { id eventCount portfolios { playerId cash netWorth } } } } }`;
const ALL_GAMES = `{ allGames(first: 50) { totalCount edges { node { id eventCount } } } }`;
const EVENTS = `query Events($id: ID!) { game(id: $id) { events(last: 1) { edges { node { type position data } } } } }`;

interface PortfolioView {
  playerId: string;
  cash: number;
  netWorth: number;
}

/**
 * Money is integer cents and can pass 2^31 (a referee's correction, a long game): every money, price and
 * count field is a SafeInt, so one large value never turns a game's reads into INTERNAL_SERVER_ERROR.
 * Corrections are bounded by what a game could ever hold (CORRECTION_LIMITS), refused with AMOUNT_TOO_LARGE.
 */
describe('money beyond 32 bits, and bounded corrections', () => {
  let api: TestApp;
  let url: string;
  let olga: SignedUp;
  let ann: SignedUp;
  let bob: SignedUp;
  let leagueId: string;
  let seasonId: string;
  let disputeId: string;
  let ws: Client | undefined;

  const command = async (token: string, query: string, input: Record<string, unknown>): Promise<Outcome> => {
    const response = await gqlAs<Record<string, Outcome>>(api, token, query, { input });
    if (response.errors?.length) throw new Error(`${JSON.stringify(input)}: ${JSON.stringify(response.errors)}`);
    return Object.values(response.data ?? {})[0] as Outcome;
  };
  const streamLength = async () => (await api.eventStore.readStream(streamIdFor(STOCK_TICKER_GAME, GAME_ID))).length;
  const uphold = (adjustments: readonly Record<string, unknown>[]) =>
    gqlAs(api, olga.token, RULE, { input: { disputeId, decision: 'UPHOLD', reason: 'Recount', remedy: { kind: 'CORRECTION', adjustments } } });

  beforeAll(async () => {
    api = await startTestApp();
    url = await api.listen();
    [olga, ann, bob] = (await Promise.all(['Olga', 'Ann', 'Bob'].map((name) => signUp(api, name)))) as [SignedUp, SignedUp, SignedUp];
    leagueId = (await dataAs<{ createLeague: { id: string } }>(api, olga.token, CREATE_LEAGUE, { input: { name: 'Big Money', scoring: [10, 6] } })).createLeague.id;
    for (const member of [ann, bob]) await dataAs(api, olga.token, ADD_MEMBER, { input: { leagueId, accountId: member.accountId, role: 'PLAYER' } });
    seasonId = (await dataAs<{ createSeason: { id: string } }>(api, olga.token, CREATE_SEASON, { input: { leagueId, name: 'S1' } })).createSeason.id;
    const table = (await dataAs<{ scheduleTable: TableView }>(api, olga.token, SCHEDULE_TABLE, { input: { seasonId, gameType: 'STOCK_TICKER', gameId: GAME_ID } }))
      .scheduleTable;
    await dataAs(api, olga.token, SEAT_PLAYER, { input: { tableId: table.id, playerId: 'p-ann', accountId: ann.accountId } });
    await dataAs(api, olga.token, SEAT_PLAYER, { input: { tableId: table.id, playerId: 'p-bob', accountId: bob.accountId } });
    await command(olga.token, CREATE_GAME, { gameId: GAME_ID, options: { roundLimit: 10 }, league: leagueId });
    await command(ann.token, JOIN_GAME, { gameId: GAME_ID, playerId: 'p-ann', name: 'Ann' });
    await command(bob.token, JOIN_GAME, { gameId: GAME_ID, playerId: 'p-bob', name: 'Bob' });
    await command(olga.token, START_GAME, { gameId: GAME_ID });
    const bought = await command(ann.token, BUY_SHARES, { gameId: GAME_ID, playerId: 'p-ann', stock: 'GOLD', shares: 1000 });
    await command(ann.token, FINISH_TRADING, { gameId: GAME_ID, playerId: 'p-ann' });
    const revision = bought.events[0]?.revision;
    disputeId = (await dataAs<{ openDispute: { id: string } }>(api, ann.token, OPEN_DISPUTE, { input: { gameId: GAME_ID, revision, claim: 'Paid twice' } })).openDispute
      .id;
  });

  afterAll(async () => {
    await ws?.dispose();
    await api.close();
  });

  it('serves no integer as a 32-bit Int: every integer field of every output type is a SafeInt', async () => {
    type TypeRef = { kind: string; name: string | null; ofType: TypeRef | null };
    const { __schema } = await api.data<{ __schema: { types: { name: string; kind: string; fields: { name: string; type: TypeRef }[] | null }[] } }>(
      `{ __schema { types { name kind fields { name type { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } } } }`,
    );
    const named = (type: TypeRef): string | null => (type.ofType ? named(type.ofType) : type.name);
    const objects = __schema.types.filter((type) => type.kind === 'OBJECT' && !type.name.startsWith('__'));
    const int = objects.flatMap((type) => (type.fields ?? []).filter((field) => named(field.type) === 'Int').map((field) => `${type.name}.${field.name}`));
    const safeInt = objects.flatMap((type) => (type.fields ?? []).filter((field) => named(field.type) === 'SafeInt'));
    expect(int).toEqual([]);
    expect(safeInt.length).toBeGreaterThan(200);
  });

  describe('a correction beyond what a game could hold is refused and writes nothing', () => {
    it.each([
      ['one adjustment of 10^13 cents', [{ kind: 'CASH', playerId: 'p-ann', delta: 10_000_000_000_000 }]],
      ['cash that would pass 10^12 cents', [{ kind: 'CASH', playerId: 'p-ann', delta: 1_000_000_000_000 }]],
      ['cash passing 10^12 over several adjustments', Array.from({ length: 3 }, () => ({ kind: 'CASH', playerId: 'p-bob', delta: 400_000_000_000 }))],
      ['a holding of more than 10^9 shares', [{ kind: 'HOLDING', playerId: 'p-bob', stock: 'GOLD', delta: 1_000_000_500 }]],
      ['a negative adjustment beyond the limit', [{ kind: 'CASH', playerId: 'p-ann', delta: -Number.MAX_SAFE_INTEGER }]],
    ])('%s', async (_label, adjustments) => {
      const before = await streamLength();
      const refused = await uphold(adjustments);
      expect(errorOf(refused)).toEqual({ code: 'RULE_VIOLATION', domainCode: 'AMOUNT_TOO_LARGE' });
      expect(refused.errors?.[0]?.extensions?.['details']).toMatchObject({ limit: expect.any(Number) });
      expect(refused.errors?.[0]?.message).toMatch(/no game could ever hold/);
      expect(refused.data).toEqual({ ruleOnDispute: null });
      expect(await streamLength()).toBe(before);
    });

    it('the preview of such a correction is refused alike', async () => {
      const preview = await gqlAs(api, olga.token, PREVIEW, {
        input: { disputeId, remedy: { kind: 'CORRECTION', adjustments: [{ kind: 'CASH', playerId: 'p-ann', delta: 10_000_000_000_000 }] } },
      });
      expect(errorOf(preview)).toEqual({ code: 'RULE_VIOLATION', domainCode: 'AMOUNT_TOO_LARGE' });
    });
  });

  describe('a game holding 3,000,000,000 cents still answers every read', () => {
    let annCash: number;

    beforeAll(async () => {
      const { game } = await dataAs<{ game: { portfolios: PortfolioView[] } }>(api, olga.token, PORTFOLIOS, { id: GAME_ID });
      annCash = game.portfolios.find((portfolio) => portfolio.playerId === 'p-ann')?.cash ?? Number.NaN;
      const ruled = await uphold([{ kind: 'CASH', playerId: 'p-ann', delta: HUGE }]);
      expect(ruled.errors).toBeUndefined();
      expect(ruled.data).toEqual({ ruleOnDispute: { id: disputeId, status: 'UPHELD', ruling: { remedy: { adjustments: [{ kind: 'CASH', playerId: 'p-ann', delta: HUGE }] } } } });
    });

    it('portfolios, over HTTP', async () => {
      const { game } = await dataAs<{ game: { portfolios: PortfolioView[] } }>(api, bob.token, PORTFOLIOS, { id: GAME_ID });
      const annNow = game.portfolios.find((portfolio) => portfolio.playerId === 'p-ann');
      expect(annNow?.cash).toBe(annCash + HUGE);
      expect(annNow?.netWorth).toBeGreaterThan(HUGE);
      expect(game.portfolios.find((portfolio) => portfolio.playerId === 'p-bob')?.cash).toBe(START_CASH);
    });

    it('portfolios, over WebSocket', async () => {
      ws = wsClientAs(url, bob.token);
      const results = ws.iterate<{ game: { portfolios: PortfolioView[] } }>({ query: PORTFOLIOS, variables: { id: GAME_ID } });
      const next = await results.next();
      await results.return?.();
      const answer = next.value as { data?: { game: { portfolios: PortfolioView[] } }; errors?: unknown };
      expect(answer.errors).toBeUndefined();
      expect(answer.data?.game.portfolios.find((portfolio) => portfolio.playerId === 'p-ann')?.cash).toBe(annCash + HUGE);
    });

    it('time travel to the correction', async () => {
      const { game } = await dataAs<{ game: { events: { edges: { node: { type: string; position: number } }[] } } }>(api, bob.token, EVENTS, { id: GAME_ID });
      const correction = game.events.edges[0]?.node;
      expect(correction?.type).toBe('CorrectionApplied');
      const { gameAt } = await dataAs<{ gameAt: { players: PortfolioView[] } }>(api, bob.token, GAME_AT, { id: GAME_ID, position: correction?.position });
      expect(gameAt.players.find((player) => player.playerId === 'p-ann')).toMatchObject({ cash: annCash + HUGE, netWorth: expect.any(Number) });
    });

    it('the games lists', async () => {
      const { games } = await dataAs<{ games: { edges: { node: { id: string; portfolios: PortfolioView[] } }[] } }>(api, undefined, GAMES);
      const listed = games.edges.find((edge) => edge.node.id === GAME_ID)?.node;
      expect(listed?.portfolios.find((portfolio) => portfolio.playerId === 'p-ann')?.cash).toBe(annCash + HUGE);
      const { allGames } = await dataAs<{ allGames: { edges: { node: { id: string } }[] } }>(api, undefined, ALL_GAMES);
      expect(allGames.edges.map((edge) => edge.node.id)).toContain(GAME_ID);
    });

    it("the league's results and standings once the game ends", async () => {
      await command(olga.token, END_GAME, { gameId: GAME_ID, reason: 'TIME_LIMIT' });
      let league: LeagueView['league'] = null;
      for (let attempt = 0; attempt < 50 && !league?.seasons[0]?.results.length; attempt += 1) {
        const answer = await gqlAs<LeagueView>(api, olga.token, LEAGUE, { id: leagueId });
        expect(answer.errors).toBeUndefined();
        league = answer.data?.league ?? null;
        if (!league?.seasons[0]?.results.length) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const season = league?.seasons.find((candidate) => candidate.id === seasonId);
      const annResult = season?.results[0]?.entries.find((entry) => entry.playerId === 'p-ann');
      expect(annResult?.finalWealth).toBeGreaterThan(HUGE);
      expect(season?.standings.find((row) => row.accountId === ann.accountId)?.totalFinalWealth).toBe(annResult?.finalWealth);
      expect(season?.tables[0]?.result?.standings.find((standing) => standing.playerId === 'p-ann')?.finalWealth).toBe(annResult?.finalWealth);
    });
  });
});
