import { seededRandom } from '@corbeille/kernel';
import { takeUntil, wsClient } from '../testing/subscription-helpers';
import { asTestPlayer, TestAccessPolicy, testAuthenticator, TEST_REFEREE } from '../testing/test-access-policy';
import { startTestApp, type TestApp } from '../testing/test-app';
import { chooseBotMove } from './testing/maxi-bourse-bot';
import { MaxiBourseDriver } from './testing/maxi-bourse-driver';
import { MAXI_BOURSE_GAME_AT, type DecisionView, type OutcomeEvent, type SnapshotView } from './testing/maxi-bourse-operations';

const players = ['ana', 'ben', 'cleo', 'dan'];
const GAME = 'sealed-auction';
const MAX_COMMANDS = 1_500;
const TABLE = `query Table($id: ID!) { maxiBourseGame(id: $id) { pendingDecision { kind awaiting answered } state } }`;
const EVENTS_SUBSCRIPTION = `subscription Live($gameId: ID!, $after: SafeInt) {
  gameEvents(gameId: $gameId, afterPosition: $after) { id position revision type data actor }
}`;

interface AnswerData {
  readonly playerId: string;
  readonly price: number;
  readonly stay: boolean | null;
}

interface AuctionInState {
  readonly kind: string;
  readonly answers?: readonly { readonly playerId: string; readonly stay?: boolean }[];
}

interface TableView {
  maxiBourseGame: { pendingDecision: DecisionView & { answered: string[] }; state: { turn?: { stack: AuctionInState[] } } };
}

const auctionIn = (table: TableView) => table.maxiBourseGame.state.turn?.stack.find((activity) => activity.kind === 'auction');
const headersOf = (viewer: string | undefined) => (viewer === undefined ? {} : asTestPlayer(viewer));

/**
 * III.1-6: the bidders of an auction step answer "at the same time". Over HTTP they answer one by one, so
 * until the step is resolved nobody but the bidder (and the banker) may learn what an answer was: not
 * from the event log, the state, time travel or a subscription. The step's outcome then shows who stayed.
 */
describe('Maxi Bourse auction answers stay sealed until the step resolves', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApp({ random: seededRandom(2027), accessPolicy: new TestAccessPolicy(), authenticator: testAuthenticator });
  });

  afterAll(async () => {
    await api.close();
  });

  it('hides a pending answer from the other bidders and spectators over queries, time travel and subscriptions', async () => {
    const driver = new MaxiBourseDriver(api, GAME);
    const random = seededRandom(8);
    await driver.create({ variant: 'MASTERS' });
    for (const playerId of players) await driver.join(playerId);
    let decision = (await driver.start()).game.pendingDecision;

    // Bots play until one answer of an auction step is in while others are still awaited.
    let pending: { event: OutcomeEvent; answerer: string } | undefined;
    for (let commands = 0; commands < MAX_COMMANDS && !pending && decision?.phase !== 'FINISHED'; commands += 1) {
      const playerId = decision?.awaiting[0];
      if (!playerId) throw new Error(`nobody is awaited: ${JSON.stringify(decision)}`);
      const move = chooseBotMove(await driver.legalActions(playerId), random);
      if (!move) throw new Error(`${playerId} is awaited but has nothing to do`);
      const outcome = await driver.move(move.mutation, playerId, move.input);
      decision = outcome.game.pendingDecision;
      const answered = outcome.events.find((event) => event.type === 'AuctionAnswered');
      const resolved = outcome.events.some((event) => event.type === 'AuctionStepResolved' || event.type === 'AuctionClosed');
      if (answered && !resolved) pending = { event: answered, answerer: playerId };
    }
    if (!pending) throw new Error('the bots never left an auction step half answered');
    const { event, answerer } = pending;
    // The answerer's own outcome says what they answered.
    expect(typeof (event.data as AnswerData).stay).toBe('boolean');
    const stay = (event.data as AnswerData).stay;
    const others = players.filter((player) => player !== answerer);
    const refereeTable = await api.data<TableView>(TABLE, { id: GAME }, asTestPlayer(TEST_REFEREE));
    const stillAwaited = refereeTable.maxiBourseGame.pendingDecision.awaiting;
    expect(stillAwaited.length).toBeGreaterThan(0);
    expect(refereeTable.maxiBourseGame.pendingDecision.answered).toContain(answerer);
    expect(auctionIn(refereeTable)?.answers).toContainEqual({ playerId: answerer, stay });

    const url = await api.listen();
    for (const viewer of [...others, undefined]) {
      const seen = (await driver.allEvents(viewer)).find((candidate) => candidate.position === event.position);
      expect(seen?.data).toEqual({ playerId: answerer, price: (event.data as AnswerData).price, stay: null });
      const table = await api.data<TableView>(TABLE, { id: GAME }, headersOf(viewer));
      expect(auctionIn(table)?.answers).toContainEqual({ playerId: answerer });
      // Who has answered is public; what they answered is not.
      expect(table.maxiBourseGame.pendingDecision.answered).toContain(answerer);
      const { maxiBourseGameAt: at } = await api.data<{ maxiBourseGameAt: SnapshotView }>(MAXI_BOURSE_GAME_AT, { id: GAME, position: event.position }, headersOf(viewer));
      const atAuction = (at.state as { turn?: { stack: AuctionInState[] } }).turn?.stack.find((activity) => activity.kind === 'auction');
      expect(atAuction?.answers).toContainEqual({ playerId: answerer });

      const client = wsClient(url, viewer);
      try {
        const live = client.iterate<{ gameEvents: OutcomeEvent }>({ query: EVENTS_SUBSCRIPTION, variables: { gameId: GAME, after: event.position - 1 } });
        const [first] = await takeUntil(live, (taken) => taken.length >= 1);
        expect(first?.gameEvents).toMatchObject({ position: event.position, type: 'AuctionAnswered', data: { playerId: answerer, stay: null } });
        await live.return?.();
      } finally {
        await client.dispose();
      }
    }
    // The answerer and the referee still read the answer.
    for (const viewer of [answerer, TEST_REFEREE]) {
      const seen = (await driver.allEvents(viewer)).find((candidate) => candidate.position === event.position);
      expect((seen?.data as AnswerData).stay).toBe(stay);
    }

    // Once everyone awaited has answered, the step's outcome is public: who stayed, who withdrew.
    let resolution: OutcomeEvent | undefined;
    for (let guard = 0; !resolution && guard < 10; guard += 1) {
      const next = decision?.awaiting[0];
      if (!next || decision?.kind !== 'AUCTION') break;
      const outcome = await driver.move('answerMaxiBourseAuction', next, { stay: false });
      decision = outcome.game.pendingDecision;
      resolution = outcome.events.find((candidate) => candidate.type === 'AuctionStepResolved' || candidate.type === 'AuctionClosed');
    }
    if (!resolution) throw new Error('the step was never resolved');
    const spectatorsView = (await driver.allEvents(undefined)).find((candidate) => candidate.position === resolution?.position);
    expect(spectatorsView?.data).toEqual(resolution.data);
    if (resolution.type === 'AuctionStepResolved') {
      const { stayed, withdrew } = resolution.data as { stayed: string[]; withdrew: string[] };
      expect(stay ? stayed : withdrew).toContain(answerer);
    }
  });
});
