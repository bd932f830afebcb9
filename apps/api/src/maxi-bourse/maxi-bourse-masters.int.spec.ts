import type { CommandHandler } from '@corbeille/application';
import { asPlayerId, fold, seededRandom } from '@corbeille/kernel';
import { maxiBourse, type MaxiBourseEvent, type MaxiBourseState } from '@corbeille/maxi-bourse';
import { COMMAND_HANDLER } from '../infrastructure/infrastructure.tokens';
import { asTestPlayer, TestAccessPolicy, testAuthenticator, TEST_REFEREE } from '../testing/test-access-policy';
import { startTestApp, type TestApp } from '../testing/test-app';
import { chooseBotMove } from './testing/maxi-bourse-bot';
import { MaxiBourseDriver } from './testing/maxi-bourse-driver';
import { MAXI_BOURSE_FULL, MAXI_BOURSE_GAME_AT, type DecisionView, type PortfolioView, type SnapshotView } from './testing/maxi-bourse-operations';

const players = ['ana', 'ben', 'cleo', 'dan'];
const GAME = 'masters';
/** Eight turns around the table keep the game short; pawns still complete rounds and every kind of business comes up. */
const TURN_LIMIT = 8;
/** Far more than two turns need: past it the banker closes the session. */
const MAX_COMMANDS = 1_500;

interface FullGame {
  maxiBourseGame: {
    phase: string;
    tableTurn: number;
    turnLimit: number | null;
    league: string | null;
    winners: string[];
    eventCount: number;
    endReason: string | null;
    viewer: { kind: string; playerId: string | null };
    options: { variant: string; turnLimit: number | null; maxPlayers: number };
    board: { variant: string; trackLength: number; spaces: { index: number }[]; pawns: { playerId: string; position: number; space: { index: number } | null }[] };
    priceBoard: { companies: { company: string; price: number; bankShares: number; history: { price: number; cause: string }[] }[] };
    portfolios: PortfolioView[];
    pendingDecision: DecisionView;
    standings: { playerId: string; rank: number; total: number; winner: boolean }[];
    payouts: { total: number; dividend: number; directorsFees: { amount: number }[]; horizontalBonuses: { amount: number }[]; verticalBonuses: { amount: number }[] }[];
    state: unknown;
  };
}

describe('a Maxi Bourse Masters game played by four bots over GraphQL', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApp({ random: seededRandom(2027), accessPolicy: new TestAccessPolicy(), authenticator: testAuthenticator });
  });

  afterAll(async () => {
    await api.close();
  });

  it('reaches the turn limit, and its events, read back over GraphQL, rebuild the live state', async () => {
    const driver = new MaxiBourseDriver(api, GAME);
    const random = seededRandom(8);
    await driver.create({ variant: 'MASTERS', turnLimit: TURN_LIMIT }, { league: 'Masters Club' });
    for (const playerId of players) await driver.join(playerId);
    let decision = (await driver.start()).game.pendingDecision;
    expect(decision).toMatchObject({ phase: 'DRAFTING', kind: 'PICK_STARTING_COMPANY', awaiting: ['ana'] });

    let commands = 0;
    let sideMoves = 0;
    for (; commands < MAX_COMMANDS && decision?.phase !== 'FINISHED'; commands += 1) {
      // Now and then a player nobody waits for reveals a rumour or asks the roller for shares.
      if (commands % 6 === 5) {
        const bystander = players[random.int(0, players.length - 1)] ?? 'ana';
        const side = decision?.awaiting.includes(bystander) ? undefined : chooseBotMove(await driver.legalActions(bystander), random, true);
        if (side) {
          decision = (await driver.move(side.mutation, bystander, side.input)).game.pendingDecision;
          sideMoves += 1;
          continue;
        }
      }
      const playerId = decision?.awaiting[0];
      if (!playerId) throw new Error(`nobody is awaited: ${JSON.stringify(decision)}`);
      const move = chooseBotMove(await driver.legalActions(playerId), random);
      if (!move) throw new Error(`${playerId} is awaited but has nothing to do`);
      decision = (await driver.move(move.mutation, playerId, move.input)).game.pendingDecision;
    }
    if (decision?.phase !== 'FINISHED') await driver.send('closeMaxiBourseSession', {}, TEST_REFEREE);
    expect(commands).toBeGreaterThan(100);
    expect(sideMoves).toBeGreaterThan(0);

    const { maxiBourseGame: final } = await api.data<FullGame>(MAXI_BOURSE_FULL, { id: GAME }, asTestPlayer(TEST_REFEREE));
    expect(final).toMatchObject({
      phase: 'FINISHED',
      tableTurn: TURN_LIMIT,
      turnLimit: TURN_LIMIT,
      league: 'Masters Club',
      endReason: 'TURN_LIMIT',
      viewer: { kind: 'REFEREE', playerId: null },
      options: { variant: 'MASTERS', turnLimit: TURN_LIMIT, maxPlayers: 6 },
      board: { variant: 'MASTERS', trackLength: 50 },
      pendingDecision: { phase: 'FINISHED', kind: 'NONE', awaiting: [] },
    });
    expect(final.board.spaces).toHaveLength(50);
    for (const pawn of final.board.pawns) expect(pawn.space?.index).toBe(pawn.position);
    expect(final.priceBoard.companies).toHaveLength(40);
    expect(final.standings).toHaveLength(4);
    expect(final.winners).toEqual(final.standings.filter((standing) => standing.winner).map((standing) => standing.playerId));
    for (const portfolio of final.portfolios) {
      const standing = final.standings.find((candidate) => candidate.playerId === portfolio.playerId);
      expect(portfolio.worth).toBe(standing?.total);
      expect(portfolio.rank).toBe(standing?.rank);
      expect(portfolio.worth).toBe(portfolio.cash + portfolio.holdings.reduce((sum, holding) => sum + holding.value, 0));
    }
    expect(final.payouts.length).toBeGreaterThan(0);
    for (const payout of final.payouts) {
      expect(payout.total).toBe(payout.dividend + [...payout.directorsFees, ...payout.horizontalBonuses, ...payout.verticalBonuses].reduce((sum, item) => sum + item.amount, 0));
    }

    // Every move went over HTTP; the log read back over GraphQL (as the referee: all of it) shows each auction step.
    const events = await driver.allEvents(TEST_REFEREE);
    expect(events).toHaveLength(final.eventCount);
    const types = events.map((event) => event.type);
    for (const type of ['AuctionOpened', 'AuctionPriceProposed', 'AuctionAnswered', 'AuctionStepResolved', 'AuctionClosed', 'SharesPaid', 'GameEnded']) {
      expect(types).toContain(type);
    }
    const count = (type: string) => types.filter((candidate) => candidate === type).length;
    // Each answer is an event of its own, and each step of an auction is resolved by its own event.
    expect(count('AuctionAnswered')).toBeGreaterThan(count('AuctionStepResolved'));
    expect(count('AuctionPriceProposed')).toBeGreaterThanOrEqual(count('AuctionOpened'));
    const answers = events.filter((event) => event.type === 'AuctionAnswered');
    expect(new Set(answers.map((event) => event.commandId)).size).toBe(answers.length);
    expect(answers.every((event) => event.actor === (event.data as { playerId: string }).playerId)).toBe(true);
    expect(events.find((event) => event.type === 'GameStarted')?.actor).toBe('referee');
    expect(final.payouts).toHaveLength(count('CircuitCompleted'));

    // The trade ledger has a line per deal.
    const { maxiBourseGame: lines } = await api.data<{ maxiBourseGame: Record<string, { totalCount: number }> }>(`query Ledger($id: ID!) {
      maxiBourseGame(id: $id) {
        auctions: ledger(kinds: [AUCTION]) { totalCount }
        premium: ledger(kinds: [PREMIUM_SALE]) { totalCount }
        payments: ledger(kinds: [PAYMENT]) { totalCount }
        bank: ledger(kinds: [BANK_PURCHASE]) { totalCount }
        bought: ledger(kinds: [MARKET_PURCHASE, BEST_PURCHASE]) { totalCount }
        anas: ledger(playerId: "ana") { totalCount }
      }
    }`, { id: GAME });
    const allocated = events
      .filter((event) => event.type === 'AuctionClosed')
      .flatMap((event) => (event.data as { allocations: { lots: number }[] }).allocations.filter((allocation) => allocation.lots > 0));
    expect(lines['auctions']?.totalCount).toBe(allocated.length);
    expect(lines['premium']?.totalCount).toBe(count('PremiumSaleAgreed'));
    expect(lines['payments']?.totalCount).toBe(count('SharesPaid'));
    expect(lines['bought']?.totalCount).toBeGreaterThan(0);
    expect(lines['anas']?.totalCount).toBeGreaterThan(0);

    const rebuilt = fold(maxiBourse, events.map((event) => ({ type: event.type, data: event.data }) as MaxiBourseEvent));
    const live = await api.app.get<CommandHandler>(COMMAND_HANDLER).load<MaxiBourseState, MaxiBourseEvent>(maxiBourse, `maxi-bourse-${GAME}`);
    expect(rebuilt).toEqual(live.state);
    expect(final.state).toEqual(JSON.parse(JSON.stringify(maxiBourse.view(rebuilt, { kind: 'referee' }))));

    // Time travel: half-way through, as a player sees it.
    const middle = events[Math.floor(events.length / 2)];
    if (!middle) throw new Error('no events');
    const { maxiBourseGameAt: at } = await api.data<{ maxiBourseGameAt: SnapshotView }>(MAXI_BOURSE_GAME_AT, { id: GAME, revision: middle.revision }, asTestPlayer('ben'));
    const then = fold(maxiBourse, events.slice(0, middle.revision + 1).map((event) => ({ type: event.type, data: event.data }) as MaxiBourseEvent));
    expect(at).toMatchObject({ position: middle.position, revision: middle.revision, phase: 'PLAYING' });
    expect(at.state).toEqual(JSON.parse(JSON.stringify(maxiBourse.view(then, { kind: 'player', playerId: asPlayerId('ben') }))));
  });
});
