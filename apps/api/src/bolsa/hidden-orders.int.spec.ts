import type { Client } from 'graphql-ws';
import { seededRandom } from '@corbeille/kernel';
import { BolsaDriver } from '../testing/bolsa-driver';
import { BOLSA_FULL, BOLSA_GAME_AT, BOLSA_MONTH_FIELDS, type BolsaMonthView, type BolsaOutcomeEvent } from '../testing/bolsa-operations';
import { bearer, dataAs, signUp, wsClientAs, type SignedUp } from '../identity/testing/identity-client';
import { ADD_MEMBER, CREATE_LEAGUE, CREATE_SEASON, SCHEDULE_TABLE, SEAT_PLAYER, type TableView } from '../identity/testing/league-operations';
import { takeUntil } from '../testing/subscription-helpers';
import { TEST_REFEREE } from '../testing/test-access-policy';
import { startTestApp, type TestApp } from '../testing/test-app';

interface LiveEvent {
  gameEvents: BolsaOutcomeEvent;
}

interface LiveMonth {
  bolsaMonth: BolsaMonthView;
}

interface LiveBoard {
  bolsaBoard: { month: number; lastPosition: number; companies: { company: string; price: number; available: number }[] };
}

interface ViewState {
  phase: string;
  table: {
    myPlan: unknown;
    revealedPlans: Record<string, unknown> | null;
    players: { playerId: string; shares: Record<string, number> | null; hasSubmittedPlan: boolean }[];
    newspaper: { myHand: { drawn: string[] } | null };
  };
}

interface FullView {
  bolsaGame: {
    state: ViewState;
    portfolios: { playerId: string; holdings: { company: string; shares: number; paid: { price: number | null; shares: number }[] | null }[] | null }[];
  };
}

const GAME = 'secret-orders';
const ALICE_PLAN = { sell: {}, buy: { CEREAL: 2 }, newspaper: 1 };
const EVENTS_SUBSCRIPTION = `subscription Live($gameId: ID!, $after: SafeInt) {
  gameEvents(gameId: $gameId, afterPosition: $after) { id position revision type data actor }
}`;
const MONTH_SUBSCRIPTION = `subscription Month($gameId: ID!) { bolsaMonth(gameId: $gameId) { ${BOLSA_MONTH_FIELDS} } }`;

const planOf = (event: BolsaOutcomeEvent | undefined) => (event?.data as { plan?: unknown } | undefined)?.plan;
const isAlicesPlan = (event: BolsaOutcomeEvent) => event.type === 'PlanSubmitted' && (event.data as { playerId: string }).playerId === 'alice';

/**
 * With real accounts and the app's own access policy: a table of a public league whose seats alice, bob
 * and carol are linked to the players' accounts, refereed by its organiser (TEST_REFEREE names her below).
 * Public, so that spectators (another account, an anonymous visitor) read it too: a class's games are seen
 * by its members only (reliability/access/game-visibility.int.spec.ts).
 */
describe('hidden orders: a plan is secret until the reveal', () => {
  let api: TestApp;
  let aliceClient: Client;
  let bobClient: Client;
  let leagueId: string;
  const accounts = new Map<string, SignedUp>();
  const headers = (name: string | undefined): Record<string, string> => {
    if (name === undefined) return {};
    const account = accounts.get(name === TEST_REFEREE ? 'tess' : name);
    if (!account) throw new Error(`No account for ${name}`);
    return bearer(account.token);
  };
  const game = () => new BolsaDriver(api, GAME, headers);

  beforeAll(async () => {
    api = await startTestApp({ random: seededRandom(11) });
    for (const name of ['tess', 'alice', 'bob', 'carol', 'eve']) accounts.set(name, await signUp(api, name));
    const tess = accounts.get('tess') as SignedUp;
    leagueId = (await dataAs<{ createLeague: { id: string } }>(api, tess.token, CREATE_LEAGUE, { input: { name: 'Club', kind: 'LEAGUE', visibility: 'PUBLIC' } })).createLeague.id;
    const seasonId = (await dataAs<{ createSeason: { id: string } }>(api, tess.token, CREATE_SEASON, { input: { leagueId, name: 'Term 1' } })).createSeason.id;
    const table = (await dataAs<{ scheduleTable: TableView }>(api, tess.token, SCHEDULE_TABLE, { input: { seasonId, gameType: 'BOLSA', gameId: GAME } }))
      .scheduleTable;
    for (const name of ['alice', 'bob', 'carol']) {
      const accountId = accounts.get(name)?.accountId;
      await dataAs(api, tess.token, ADD_MEMBER, { input: { leagueId, accountId, role: 'PLAYER' } });
      await dataAs(api, tess.token, SEAT_PLAYER, { input: { tableId: table.id, playerId: name, accountId } });
    }
    const url = await api.listen();
    aliceClient = wsClientAs(url, accounts.get('alice')?.token);
    bobClient = wsClientAs(url, accounts.get('bob')?.token);
  });

  afterAll(async () => {
    await aliceClient.dispose();
    await bobClient.dispose();
    await api.close();
  });

  it("shows Alice's plan to Alice only, over queries and subscriptions, then to everyone after the reveal", async () => {
    const driver = game();
    await driver.create({ planningSeconds: 60 }, { league: leagueId });
    for (const playerId of ['alice', 'bob', 'carol']) await driver.join(playerId);
    const started = await driver.start();
    const after = started.events[started.events.length - 1]?.position;

    const aliceEvents = aliceClient.iterate<LiveEvent>({ query: EVENTS_SUBSCRIPTION, variables: { gameId: GAME, after } });
    const bobEvents = bobClient.iterate<LiveEvent>({ query: EVENTS_SUBSCRIPTION, variables: { gameId: GAME, after } });
    const bobMonths = bobClient.iterate<LiveMonth>({ query: MONTH_SUBSCRIPTION, variables: { gameId: GAME } });
    const bobBoards = bobClient.iterate<LiveBoard>({
      query: `subscription Board($gameId: ID!) { bolsaBoard(gameId: $gameId) { month lastPosition companies { company price available } } }`,
      variables: { gameId: GAME },
    });
    const [firstBoard] = await takeUntil(bobBoards, (taken) => taken.length >= 1);
    expect(firstBoard?.bolsaBoard).toMatchObject({ month: 1 });
    expect(firstBoard?.bolsaBoard.companies.map((quote) => quote.company)).toEqual(['CEREAL', 'BIOTECH', 'INDUSTRIAL', 'ENERGY']);
    const [firstMonth] = await takeUntil(bobMonths, (taken) => taken.length >= 1);
    expect(firstMonth?.bolsaMonth).toMatchObject({ month: 1, phase: 'PLANNING', planned: [], plans: [] });

    const submitted = await driver.plan('alice', [{ action: 'BUY', company: 'CEREAL' }, { action: 'BUY', company: 'CEREAL' }, { action: 'NEWSPAPER' }]);
    // Alice's own outcome carries her plan.
    expect(planOf(submitted.events.find(isAlicesPlan))).toEqual(ALICE_PLAN);
    const planPosition = submitted.events[0]?.position;

    // Subscriptions: Alice receives her plan, Bob only that a plan was handed in.
    const aliceLive = await takeUntil(aliceEvents, (taken) => taken.some((item) => isAlicesPlan(item.gameEvents)));
    expect(planOf(aliceLive.map((item) => item.gameEvents).find(isAlicesPlan))).toEqual(ALICE_PLAN);
    const bobLive: LiveEvent[] = [];
    await takeUntil(bobEvents, (taken) => taken.some((item) => isAlicesPlan(item.gameEvents)), 5_000, bobLive);
    expect(bobLive.map((item) => item.gameEvents).find(isAlicesPlan)?.data).toMatchObject({ playerId: 'alice', month: 1, plan: null });
    const bobMonthsSeen = await takeUntil(bobMonths, (taken) => taken.some((item) => item.bolsaMonth.planned.includes('alice')));
    expect(bobMonthsSeen.at(-1)?.bolsaMonth).toMatchObject({ planned: ['alice'], plans: [] });

    // Queries, as Bob, the organiser refereeing, another account and an anonymous spectator: who planned, never what.
    for (const viewer of ['bob', TEST_REFEREE, 'eve', undefined]) {
      const status = await driver.status(viewer);
      expect(status.currentMonth).toMatchObject({ planned: ['alice'], awaiting: ['bob', 'carol'], plans: [] });
      const events = await driver.allEvents(viewer);
      expect(planOf(events.find(isAlicesPlan))).toBeNull();
      const { bolsaGame } = await api.data<FullView>(BOLSA_FULL, { id: GAME }, headers(viewer));
      expect(bolsaGame.state.table.myPlan).toBeNull();
      expect(bolsaGame.state.table.revealedPlans).toBeNull();
      expect(bolsaGame.state.table.players.find((player) => player.playerId === 'alice')).toMatchObject({ hasSubmittedPlan: true });
      const { bolsaGameAt } = await api.data<{ bolsaGameAt: { state: ViewState } }>(BOLSA_GAME_AT, { id: GAME, position: planPosition }, headers(viewer));
      expect(bolsaGameAt.state.table.myPlan).toBeNull();
      expect(JSON.stringify([status, events, bolsaGame, bolsaGameAt])).not.toContain('"buy":{"CEREAL":2}');
    }

    // Alice sees her own plan everywhere.
    const aliceStatus = await driver.status('alice');
    expect(aliceStatus.currentMonth?.plans).toEqual([{ playerId: 'alice', plan: { sell: [], buy: [{ company: 'CEREAL', shares: 2 }], newspaper: 1, markers: 3 } }]);
    expect(planOf((await driver.allEvents('alice')).find(isAlicesPlan))).toEqual(ALICE_PLAN);
    const aliceAt = await api.data<{ bolsaGameAt: { state: ViewState } }>(BOLSA_GAME_AT, { id: GAME, position: planPosition }, headers('alice'));
    expect(aliceAt.bolsaGameAt.state.table.myPlan).toEqual(ALICE_PLAN);
    // Alice's API token without the read scope sees what a spectator sees, even her own plan hidden.
    const { createApiToken } = await dataAs<{ createApiToken: { token: string } }>(
      api,
      accounts.get('alice')?.token,
      `mutation { createApiToken(input: { name: "bot", scopes: [PLAY] }) { token } }`,
    );
    const tokenView = await api.data<FullView>(BOLSA_FULL, { id: GAME }, bearer(createApiToken.token));
    expect(tokenView.bolsaGame.state.table.myPlan).toBeNull();
    expect(planOf((await driver.allEvents('alice')).find(isAlicesPlan))).toEqual(ALICE_PLAN);

    // Screens: Bob sees his own shares and what he paid, not Alice's.
    const { bolsaGame: bobsView } = await api.data<FullView>(BOLSA_FULL, { id: GAME }, headers('bob'));
    expect(bobsView.portfolios.find((portfolio) => portfolio.playerId === 'alice')?.holdings).toBeNull();
    const bobsHoldings = bobsView.portfolios.find((portfolio) => portfolio.playerId === 'bob')?.holdings ?? [];
    expect(bobsHoldings.reduce((sum, holding) => sum + holding.shares, 0)).toBe(6);
    for (const holding of bobsHoldings) expect(holding.paid).toEqual(holding.shares > 0 ? [{ price: null, shares: holding.shares }] : []);

    // The policy: Bob may not act for Alice, read her options, or close the planning.
    const before = await driver.eventCount();
    const forged = await api.gql(
      `mutation($input: SubmitBolsaPlanInput!) { submitBolsaPlan(input: $input) { gameId } }`,
      { input: { gameId: GAME, playerId: 'alice', markers: [] } },
      headers('bob'),
    );
    expect(forged.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', domainCode: 'NOT_YOUR_SEAT' });
    const peek = await api.gql(`query { bolsaGame(id: "${GAME}") { legalActions(playerId: "alice") { type } } }`, {}, headers('bob'));
    expect(peek.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', domainCode: 'NOT_YOUR_SEAT' });
    const close = await api.gql(`mutation { closeBolsaPlanning(input: { gameId: "${GAME}" }) { gameId } }`, {}, headers('bob'));
    expect(close.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', domainCode: 'NOT_A_REFEREE' });
    const anonymous = await api.gql(`mutation { closeBolsaPlanning(input: { gameId: "${GAME}" }) { gameId } }`);
    expect(anonymous.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', domainCode: 'SIGN_IN_REQUIRED' });
    expect(await driver.eventCount()).toBe(before);

    // The last two plans reveal the month: now everyone sees Alice's plan.
    await driver.plan('bob', [{ action: 'BUY', company: 'BIOTECH' }]);
    const revealed = await driver.plan('carol', [{ action: 'BUY', company: 'INDUSTRIAL' }]);
    expect(revealed.events.map((event) => event.type)).toContain('PlansRevealed');
    expect(revealed.game.phase).toBe('NEWSPAPER');

    await takeUntil(bobEvents, (taken) => taken.some((item) => item.gameEvents.type === 'NewspaperCardsDrawn'), 5_000, bobLive);
    const bobStream = bobLive.map((item) => item.gameEvents);
    const revealIndex = bobStream.findIndex((event) => event.type === 'PlansRevealed');
    expect(revealIndex).toBeGreaterThan(0);
    // Before the reveal Bob's feed never carried Alice's plan; the reveal carries everyone's.
    expect(bobStream.slice(0, revealIndex).filter(isAlicesPlan).every((event) => planOf(event) === null)).toBe(true);
    expect(JSON.stringify(bobStream.slice(0, revealIndex))).not.toContain('"buy":{"CEREAL":2}');
    expect((bobStream[revealIndex]?.data as { plans: Record<string, unknown> }).plans['alice']).toEqual(ALICE_PLAN);
    // Alice alone reads the newspaper: only she sees the cards she drew.
    expect(bobStream.find((event) => event.type === 'NewspaperCardsDrawn')?.data).toEqual({ playerId: 'alice', cards: null, count: 3 });

    for (const viewer of ['bob', TEST_REFEREE, 'eve', undefined]) {
      const status = await driver.status(viewer);
      expect(status.currentMonth?.plans.find((entry) => entry.playerId === 'alice')?.plan).toMatchObject({ buy: [{ company: 'CEREAL', shares: 2 }] });
      expect(status.currentMonth?.myHand).toBeNull();
      expect(planOf((await driver.allEvents(viewer)).find(isAlicesPlan))).toEqual(ALICE_PLAN);
    }
    const aliceMonth = (await driver.status('alice')).currentMonth;
    expect(aliceMonth).toMatchObject({ phase: 'NEWSPAPER', readers: ['alice'], awaiting: ['alice'] });
    expect(aliceMonth?.myHand?.drawn).toHaveLength(3);
    const aliceLater = await takeUntil(aliceEvents, (taken) => taken.some((item) => item.gameEvents.type === 'NewspaperCardsDrawn'), 5_000, aliceLive);
    const drawn = aliceLater.map((item) => item.gameEvents).find((event) => event.type === 'NewspaperCardsDrawn');
    expect((drawn?.data as { cards: string[] }).cards).toEqual(aliceMonth?.myHand?.drawn.map((card) => card.id));

    // Alice keeps a card: the month ends and February opens.
    const chosen = await driver.choose('alice', aliceMonth?.myHand?.drawn[0]?.id ?? '');
    expect(chosen.game).toMatchObject({ phase: 'PLANNING', month: 2 });
    const february = (await driver.status('bob')).currentMonth;
    expect(february?.previousMonth?.plans.map((entry) => entry.playerId)).toEqual(['alice', 'bob', 'carol']);
    expect(february?.previousMonth?.cardsPlayed).toEqual([{ playerId: 'alice', card: { id: aliceMonth?.myHand?.drawn[0]?.id } }]);

    // The board follows the month's trades and February's dice, in order.
    const boards = await takeUntil(bobBoards, (taken) => taken.some((item) => item.bolsaBoard.month === 2));
    const positions = boards.map((item) => item.bolsaBoard.lastPosition);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(new Set(positions).size).toBe(positions.length);

    await aliceEvents.return?.();
    await bobEvents.return?.();
    await bobMonths.return?.();
    await bobBoards.return?.();
  });
});
