import type { Client } from 'graphql-ws';
import { HIDDEN_CARD } from '@corbeille/maxi-bourse';
import { takeUntil, wsClient } from '../testing/subscription-helpers';
import { asTestPlayer, TestAccessPolicy, testAuthenticator, TEST_REFEREE } from '../testing/test-access-policy';
import { startTestApp, type TestApp } from '../testing/test-app';
import { controlledRandom, type ControlledRandom } from './testing/controlled-random';
import { MaxiBourseDriver } from './testing/maxi-bourse-driver';
import { MAXI_BOURSE_GAME_AT, PORTFOLIO_FIELDS, type OutcomeEvent, type PortfolioView, type SnapshotView } from './testing/maxi-bourse-operations';

const GAME = 'rumours';
const EVENTS_SUBSCRIPTION = `subscription Live($gameId: ID!, $after: SafeInt) {
  gameEvents(gameId: $gameId, afterPosition: $after) { id position revision type data actor }
}`;
const PRICE_BOARD_SUBSCRIPTION = `subscription Prices($gameId: ID!) {
  maxiBoursePriceBoard(gameId: $gameId) { lastPosition companies { company price history { cause } } }
}`;
const DECISION_SUBSCRIPTION = `subscription Decision($gameId: ID!) { maxiBourseDecision(gameId: $gameId) { kind roller awaiting lastPosition } }`;
const TABLE = `query Table($id: ID!) {
  maxiBourseGame(id: $id) { portfolios { ${PORTFOLIO_FIELDS} } pendingDecision { kind roller awaiting } state }
}`;

interface LiveEvent {
  gameEvents: OutcomeEvent;
}

interface LivePrices {
  maxiBoursePriceBoard: { lastPosition: number; companies: { company: string; price: number; history: { cause: string }[] }[] };
}

interface LiveDecision {
  maxiBourseDecision: { kind: string; roller: string | null; awaiting: string[]; lastPosition: number };
}

interface TableView {
  maxiBourseGame: {
    portfolios: PortfolioView[];
    pendingDecision: { kind: string; roller: string | null; awaiting: string[] };
    state: { players: { playerId: string; rumourCount: number; rumours?: string[] }[]; decks: Record<string, { remaining: number; drawPile?: string[]; discardPile: string[] }> };
  };
}

const cardOf = (event: OutcomeEvent | undefined) => (event?.data as { cardId?: string } | undefined)?.cardId;
const headersOf = (viewer: string | undefined) => (viewer === undefined ? {} : asTestPlayer(viewer));

describe('hidden information: a Rumours card is its holder’s secret until revealed', () => {
  let api: TestApp;
  let random: ControlledRandom;
  let aliceClient: Client;
  let bobClient: Client;

  beforeAll(async () => {
    random = controlledRandom(31);
    api = await startTestApp({ random, accessPolicy: new TestAccessPolicy(), authenticator: testAuthenticator });
    const url = await api.listen();
    aliceClient = wsClient(url, 'alice');
    bobClient = wsClient(url, 'bob');
  });

  afterAll(async () => {
    await aliceClient.dispose();
    await bobClient.dispose();
    await api.close();
  });

  it('shows the card to Alice and the referee only, over queries, time travel, events and subscriptions; the piles’ order to nobody at the table', async () => {
    const driver = new MaxiBourseDriver(api, GAME);
    await driver.create({ variant: 'JUNIOR' });
    await driver.join('alice');
    await driver.join('bob');
    const started = await driver.start();
    // The referee (the banker) shuffled the piles and sees their order; the players never do.
    const refereeShuffles = started.events.filter((event) => event.type === 'DeckShuffled');
    expect(refereeShuffles).toHaveLength(5);
    expect(refereeShuffles.every((event) => (event.data as { order: string[] }).order.every((card) => card !== HIDDEN_CARD))).toBe(true);
    const rumourOrder = (refereeShuffles.find((event) => (event.data as { series: string }).series === 'RUMOURS')?.data as { order: string[] }).order;

    let decision = started.game.pendingDecision;
    while (decision?.kind === 'PICK_STARTING_COMPANY') {
      const picker = decision.awaiting[0] ?? '';
      const [pick] = await driver.legalActions(picker);
      decision = (await driver.move('pickMaxiBourseCompany', picker, { company: pick?.companies[0] })).game.pendingDecision;
    }
    expect(decision).toMatchObject({ phase: 'PLAYING', kind: 'ROLL', roller: 'alice', awaiting: ['alice'] });
    const before = (await driver.status()).lastPosition;

    const aliceEvents = aliceClient.iterate<LiveEvent>({ query: EVENTS_SUBSCRIPTION, variables: { gameId: GAME, after: before } });
    const bobEvents = bobClient.iterate<LiveEvent>({ query: EVENTS_SUBSCRIPTION, variables: { gameId: GAME, after: before } });
    const bobPrices = bobClient.iterate<LivePrices>({ query: PRICE_BOARD_SUBSCRIPTION, variables: { gameId: GAME } });
    const bobDecisions = bobClient.iterate<LiveDecision>({ query: DECISION_SUBSCRIPTION, variables: { gameId: GAME } });
    const [firstPrices] = await takeUntil(bobPrices, (taken) => taken.length >= 1);
    const [firstDecision] = await takeUntil(bobDecisions, (taken) => taken.length >= 1);
    expect(firstDecision?.maxiBourseDecision).toMatchObject({ kind: 'ROLL', roller: 'alice', awaiting: ['alice'] });
    expect(firstPrices?.maxiBoursePriceBoard.companies).toHaveLength(40);

    // 4 + 6 from the start: Alice's pawn stops on the Rumours space of the Junior track.
    random.force(4, 6);
    const rolled = await driver.move('rollMaxiBourseDice', 'alice');
    const drawn = rolled.events.find((event) => event.type === 'RumourDrawn');
    const cardId = cardOf(drawn);
    if (!cardId || !drawn) throw new Error('Alice drew no rumour');
    expect(cardId).toMatch(/^RU-/);
    expect(cardId).toBe(rumourOrder[0]);
    expect(rolled.game.pendingDecision).toMatchObject({ kind: 'ROLL', roller: 'bob' });

    // Bob, and an anonymous spectator: Alice holds one rumour, which one nobody can tell.
    for (const viewer of ['bob', undefined]) {
      const headers = headersOf(viewer);
      const { maxiBourseGame: table } = await api.data<TableView>(TABLE, { id: GAME }, headers);
      expect(table.portfolios.find((portfolio) => portfolio.playerId === 'alice')).toMatchObject({ rumourCount: 1, rumours: null });
      expect(table.state.players.find((player) => player.playerId === 'alice')?.rumours).toBeUndefined();
      const events = await driver.allEvents(viewer);
      expect(cardOf(events.find((event) => event.type === 'RumourDrawn'))).toBe(HIDDEN_CARD);
      const { maxiBourseGameAt: at } = await api.data<{ maxiBourseGameAt: SnapshotView }>(MAXI_BOURSE_GAME_AT, { id: GAME, position: drawn.position }, headers);
      expect(at.players.find((player) => player.playerId === 'alice')).toMatchObject({ rumourCount: 1, rumours: null });
      expect(JSON.stringify([table, events, at])).not.toContain(`"${cardId}"`);
      // Nor may anyone but Alice (and the referee) read what she could do: it names her cards.
      const peek = await api.gql(`query { maxiBourseGame(id: "${GAME}") { legalActions(playerId: "alice") { type } } }`, {}, headers);
      expect(peek.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', domainCode: 'NOT_YOUR_SEAT' });
    }

    // Alice sees her card everywhere.
    const { maxiBourseGame: alicesTable } = await api.data<TableView>(TABLE, { id: GAME }, asTestPlayer('alice'));
    expect(alicesTable.portfolios.find((portfolio) => portfolio.playerId === 'alice')?.rumours).toEqual([expect.objectContaining({ id: cardId, series: 'RUMOURS' })]);
    expect(alicesTable.portfolios.find((portfolio) => portfolio.playerId === 'bob')?.rumours).toBeNull();
    expect(cardOf((await driver.allEvents('alice')).find((event) => event.type === 'RumourDrawn'))).toBe(cardId);
    const { maxiBourseGameAt: alicesAt } = await api.data<{ maxiBourseGameAt: SnapshotView }>(MAXI_BOURSE_GAME_AT, { id: GAME, position: drawn.position }, asTestPlayer('alice'));
    expect(alicesAt.players.find((player) => player.playerId === 'alice')?.rumours).toEqual([cardId]);
    const reveal = (await driver.legalActions('alice')).find((action) => action.type === 'REVEAL_RUMOUR');
    expect(reveal).toMatchObject({ cardId, card: { id: cardId, series: 'RUMOURS' } });

    // The order of the piles: never in a player's or a spectator's view or events, even the holder's.
    for (const viewer of ['alice', 'bob', undefined]) {
      const { maxiBourseGame: table } = await api.data<TableView>(TABLE, { id: GAME }, headersOf(viewer));
      for (const deck of Object.values(table.state.decks)) expect(deck.drawPile).toBeUndefined();
      expect(table.state.decks['RUMOURS']?.remaining).toBe(31);
      const shuffles = (await driver.allEvents(viewer)).filter((event) => event.type === 'DeckShuffled');
      expect(shuffles.every((event) => (event.data as { order: string[] }).order.every((card) => card === HIDDEN_CARD))).toBe(true);
      expect(JSON.stringify(table)).not.toContain(`"${rumourOrder[1]}"`);
    }
    const { maxiBourseGame: refereesTable } = await api.data<TableView>(TABLE, { id: GAME }, asTestPlayer(TEST_REFEREE));
    expect(refereesTable.portfolios.find((portfolio) => portfolio.playerId === 'alice')?.rumours?.map((card) => card.id)).toEqual([cardId]);
    expect(refereesTable.state.decks['RUMOURS']?.drawPile).toEqual(rumourOrder.slice(1));

    // Subscriptions: Alice's feed names the card, Bob's does not.
    const aliceLive = await takeUntil(aliceEvents, (taken) => taken.some((item) => item.gameEvents.type === 'RumourDrawn'));
    expect(cardOf(aliceLive.map((item) => item.gameEvents).find((event) => event.type === 'RumourDrawn'))).toBe(cardId);
    const bobLive: LiveEvent[] = [];
    await takeUntil(bobEvents, (taken) => taken.some((item) => item.gameEvents.type === 'TurnStarted'), 5_000, bobLive);
    expect(cardOf(bobLive.map((item) => item.gameEvents).find((event) => event.type === 'RumourDrawn'))).toBe(HIDDEN_CARD);
    expect(JSON.stringify(bobLive)).not.toContain(`"${cardId}"`);
    const decisions = await takeUntil(bobDecisions, (taken) => taken.some((item) => item.maxiBourseDecision.roller === 'bob'));
    expect(decisions.at(-1)?.maxiBourseDecision).toMatchObject({ kind: 'ROLL', awaiting: ['bob'] });

    // During Bob's turn Alice reveals it: now the card, and its price move, are everyone's.
    const revealed = await driver.move('revealMaxiBourseRumour', 'alice', { cardId });
    const move = revealed.events.find((event) => event.type === 'RumourRevealed')?.data as { cardId: string; company: string; delta: number };
    expect(move).toMatchObject({ playerId: 'alice', cardId, company: reveal?.company, delta: reveal?.delta });
    await takeUntil(bobEvents, (taken) => taken.some((item) => item.gameEvents.type === 'RumourRevealed'), 5_000, bobLive);
    expect(cardOf(bobLive.map((item) => item.gameEvents).find((event) => event.type === 'RumourRevealed'))).toBe(cardId);
    const prices = await takeUntil(bobPrices, (taken) => taken.some((item) => item.maxiBoursePriceBoard.lastPosition >= (revealed.events[0]?.position ?? 0)));
    const quote = prices.at(-1)?.maxiBoursePriceBoard.companies.find((candidate) => candidate.company === move.company);
    expect(quote?.history.at(-1)?.cause).toBe('RUMOUR');
    const { maxiBourseGame: bobsTable } = await api.data<TableView>(TABLE, { id: GAME }, asTestPlayer('bob'));
    expect(bobsTable.portfolios.find((portfolio) => portfolio.playerId === 'alice')).toMatchObject({ rumourCount: 0, rumours: null });
    expect(bobsTable.state.decks['RUMOURS']?.discardPile).toEqual([cardId]);

    await aliceEvents.return?.();
    await bobEvents.return?.();
    await bobPrices.return?.();
    await bobDecisions.return?.();
  });
});
