import { bolsa, type BolsaEvent, type BolsaState } from '@corbeille/bolsa';
import type { CommandHandler } from '@corbeille/application';
import { asPlayerId, fold, seededRandom } from '@corbeille/kernel';
import { COMMAND_HANDLER } from '../infrastructure/infrastructure.tokens';
import { chooseBotMove } from '../testing/bolsa-bot';
import { BolsaDriver } from '../testing/bolsa-driver';
import { BOLSA_FULL } from '../testing/bolsa-operations';
import { asTestPlayer, TestAccessPolicy, testAuthenticator, TEST_REFEREE } from '../testing/test-access-policy';
import { startTestApp, type TestApp } from '../testing/test-app';
import { BolsaDeadlineService } from './services/bolsa-deadline.service';

const players = ['ana', 'ben', 'cleo', 'dan', 'eve', 'fay'];
/** Fay misses June's deadline: the server closes the planning and she sits the month out. */
const SKIPPER = 'fay';
const SKIPPED_MONTH = 6;

interface FullGame {
  bolsaGame: {
    phase: string;
    month: number;
    winners: string[];
    eventCount: number;
    viewer: { kind: string; playerId: string | null };
    options: { planningSeconds: number; timedFromMonth: number; lastMonth: number; lotteryRotation: string };
    standings: { playerId: string; rank: number; cash: number }[];
    board: { month: number; companies: { company: string; price: number; dividend: number; monthly: { month: number; price: number }[]; moves: { cause: string }[] }[] };
    portfolios: { playerId: string; cash: number; worth: number | null; rank: number | null; excludedMonths: number[]; holdings: { shares: number }[] | null }[];
    state: unknown;
  };
}

describe('a BOLSA year played by six bots over GraphQL', () => {
  let api: TestApp;
  const game = () => new BolsaDriver(api, 'year');

  beforeAll(async () => {
    // The year's rules, not access: the test policy names each requester by a header, so every bot reads
    // its own screen as its seat's player (real accounts are tested in src/identity/game-access.int.spec.ts).
    api = await startTestApp({ random: seededRandom(2026), accessPolicy: new TestAccessPolicy(), authenticator: testAuthenticator });
  });

  afterAll(async () => {
    await api.close();
  });

  it('ends with dividends and the final sale; its events, read back without the newspaper\'s secrets, are the log that rebuilds the live state', async () => {
    const driver = game();
    const random = seededRandom(7);
    await driver.create({ planningSeconds: 30 }, { league: 'Bolsa Club' });
    for (const playerId of players) await driver.join(playerId);
    const started = await driver.start();
    expect(started.game).toMatchObject({ phase: 'PLANNING', month: 1 });
    // The referee sees the deal; the deck order is hidden from everyone.
    expect(started.events.filter((event) => event.type === 'SharesDealt').every((event) => (event.data as { shares: unknown }).shares !== null)).toBe(true);
    expect(started.events.find((event) => event.type === 'NewspaperDeckShuffled')?.data).toEqual({ order: null, cards: 60 });

    const deadlines = api.app.get(BolsaDeadlineService);
    let commands = 0;
    for (let guard = 0; guard < 400; guard += 1) {
      const status = await driver.status(TEST_REFEREE);
      if (status.phase === 'FINISHED') break;
      const month = status.currentMonth;
      if (!month) throw new Error('a game in play has a month');
      const waitingFor = month.awaiting.filter((playerId) => !(month.phase === 'PLANNING' && month.month === SKIPPED_MONTH && playerId === SKIPPER));
      if (waitingFor.length === 0) {
        // Only the skipper is left: the deadline passes and the server closes the planning.
        expect(month.awaiting).toEqual([SKIPPER]);
        api.clock.advance(1);
        expect(await deadlines.tick()).toEqual(['year']);
        continue;
      }
      for (const playerId of waitingFor) {
        const [action] = await driver.legalActions(playerId);
        if (!action) throw new Error(`${playerId} is awaited but has nothing to do`);
        const move = chooseBotMove(action, random);
        if (!move) throw new Error(`no move for ${action.type}`);
        if (move.kind === 'plan') await driver.plan(playerId, move.markers);
        else await driver.choose(playerId, move.cardId);
        commands += 1;
      }
    }
    expect(commands).toBeGreaterThan(72);

    const { bolsaGame: final } = await api.data<FullGame>(BOLSA_FULL, { id: 'year' }, asTestPlayer('ana'));
    expect(final).toMatchObject({ phase: 'FINISHED', month: 12, viewer: { kind: 'PLAYER', playerId: 'ana' } });
    expect(final.options).toEqual({ planningSeconds: 30, timedFromMonth: 1, lastMonth: 12, lotteryRotation: 'NEXT_SEAT' });
    expect(final.standings).toHaveLength(6);
    expect(final.winners).toEqual(final.standings.filter((standing) => standing.rank === 1).map((standing) => standing.playerId));
    for (const portfolio of final.portfolios) {
      // After the final sale every share is money; once the game is over the screens are lifted.
      expect(portfolio.holdings?.every((holding) => holding.shares === 0)).toBe(true);
      expect(portfolio.worth).toBe(portfolio.cash);
      expect(portfolio.cash).toBe(final.standings.find((standing) => standing.playerId === portfolio.playerId)?.cash);
    }
    expect(final.portfolios.find((portfolio) => portfolio.playerId === SKIPPER)?.excludedMonths).toEqual([SKIPPED_MONTH]);
    for (const quote of final.board.companies) {
      expect(quote.monthly.map((point) => point.month)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      expect(quote.moves[0]?.cause).toBe('OPENING');
    }

    // Every move went over HTTP; the events read back over GraphQL rebuild the live state.
    const events = await driver.allEvents();
    expect(events).toHaveLength(final.eventCount);
    const types = new Set(events.map((event) => event.type));
    for (const type of ['SharesSold', 'SharesBought', 'LotteryShareDrawn', 'PlayerExcluded', 'DividendsPaid', 'SharesLiquidated', 'GameEnded']) {
      expect(types).toContain(type);
    }
    const closed = events.find((event) => event.type === 'PlayerExcluded');
    expect(closed).toMatchObject({ actor: 'system', data: { playerId: SKIPPER, month: SKIPPED_MONTH } });
    // What is read back is the log with the newspaper's secrets left out, at the end too (Step 9: the deck
    // order and the cards a reader put back are never revealed), so the log itself rebuilds the live state.
    const logged = await api.eventStore.readStream('bolsa-year');
    expect(events.map((event) => event.type)).toEqual(logged.map((event) => event.type));
    const secretsOf: Record<string, readonly string[]> = { NewspaperDeckShuffled: ['order'], NewspaperCardsDrawn: ['cards'], NewspaperCardChosen: ['returned'] };
    events.forEach((event, index) => {
      const stored = logged[index]?.data as Record<string, unknown>;
      const hidden = secretsOf[event.type] ?? [];
      for (const [field, value] of Object.entries(event.data as Record<string, unknown>)) {
        if (hidden.includes(field)) expect(value).toBeNull();
        else if (field in stored) expect(value).toEqual(stored[field]);
      }
    });
    const rebuilt = fold(bolsa, logged.map((event) => ({ type: event.type, data: event.data }) as BolsaEvent));
    const live = await api.app.get<CommandHandler>(COMMAND_HANDLER).load<BolsaState, BolsaEvent>(bolsa, 'bolsa-year');
    expect(rebuilt).toEqual(live.state);
    expect(final.state).toEqual(JSON.parse(JSON.stringify(bolsa.view(rebuilt, { kind: 'player', playerId: asPlayerId('ana') }))));
  });
});
