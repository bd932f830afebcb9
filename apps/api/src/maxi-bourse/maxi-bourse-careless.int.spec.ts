import type { MaxiBourseCommand, MaxiBourseEvent } from '@corbeille/maxi-bourse';
import { Scenario, table, type TableSetup } from '@corbeille/maxi-bourse/testing';
import { MAXI_BOURSE_GAME, streamIdFor } from '@corbeille/projections';
import { asTestPlayer, TestAccessPolicy, testAuthenticator, TEST_REFEREE } from '../testing/test-access-policy';
import { startTestApp, type TestApp } from '../testing/test-app';
import { MaxiBourseDriver } from './testing/maxi-bourse-driver';
import { PORTFOLIO_FIELDS, type MaxiBourseMutation, type PortfolioView } from './testing/maxi-bourse-operations';

const players = ['daniel', 'messaline', 'jacques'];
const PORTFOLIOS = `query Portfolios($id: ID!) { maxiBourseGame(id: $id) { portfolios { ${PORTFOLIO_FIELDS} } pendingDecision { kind awaiting } } }`;

/** Each move of the book's Messaline story as a GraphQL mutation and as the engine command it becomes. */
interface Move {
  readonly mutation: MaxiBourseMutation;
  readonly playerId: string;
  readonly input?: Readonly<Record<string, unknown>>;
  readonly command: MaxiBourseCommand;
}

const offer = (playerId: string, company: string, lots: number): Move => ({
  mutation: 'offerMaxiBourseShares',
  playerId,
  input: { company, lots },
  command: { type: 'OfferShares', data: { playerId, company, lots } },
});
const answer = (playerId: string, lots: number): Move => ({
  mutation: 'answerMaxiBourseSaleOffer',
  playerId,
  input: { lots },
  command: { type: 'AnswerSaleOffer', data: { playerId, lots } },
});
const pay = (playerId: string): Move => ({ mutation: 'payMaxiBourseShares', playerId, command: { type: 'PayForShares', data: { playerId } } });

interface Portfolios {
  maxiBourseGame: { portfolios: PortfolioView[]; pendingDecision: { kind: string; awaiting: string[] } };
}

/**
 * III.8, the careless player, refereed over HTTP: the table is set up from events (as the book describes
 * it), then every move is a mutation sent by the player making it. The events the API records must be
 * exactly the ones the rules give for the same moves, and the read models must show the fine, the
 * missed turns, the seizure and, when nothing is left, the ruin.
 */
describe('Maxi Bourse careless player over GraphQL (III.8)', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApp({ accessPolicy: new TestAccessPolicy(), authenticator: testAuthenticator });
  });

  afterAll(async () => {
    await api.close();
  });

  async function play(gameId: string, setup: TableSetup, moves: readonly Move[]): Promise<{ recorded: MaxiBourseEvent[][]; expected: MaxiBourseEvent[][] }> {
    const given = table(setup).map((event) => (event.type === 'GameCreated' ? { ...event, data: { ...event.data, gameId } } : event));
    await api.eventStore.appendToStream(
      streamIdFor(MAXI_BOURSE_GAME, gameId),
      given.map((event, index) => {
        const commandId = `${gameId}-setup-${index}`;
        return { type: event.type, data: event.data, metadata: { commandId, actor: TEST_REFEREE, correlationId: commandId, causationId: commandId, occurredAt: api.clock() } };
      }),
      'no-stream',
    );
    const driver = new MaxiBourseDriver(api, gameId);
    const rules = new Scenario(given);
    const recorded: MaxiBourseEvent[][] = [];
    const expected: MaxiBourseEvent[][] = [];
    for (const move of moves) {
      const outcome = await driver.move(move.mutation, move.playerId, move.input);
      recorded.push(outcome.events.map((event) => ({ type: event.type, data: event.data }) as MaxiBourseEvent));
      expected.push(rules.do(move.command));
    }
    return { recorded, expected };
  }

  async function portfolios(gameId: string): Promise<Portfolios['maxiBourseGame']> {
    return (await api.data<Portfolios>(PORTFOLIOS, { id: gameId }, asTestPlayer(TEST_REFEREE))).maxiBourseGame;
  }

  const find = (game: Portfolios['maxiBourseGame'], playerId: string) => game.portfolios.find((portfolio) => portfolio.playerId === playerId);
  const typesOf = (events: readonly MaxiBourseEvent[]) => events.map((event) => event.type);

  it("Messaline's insolvency: fined, sells out, the banker seizes and resells the PEUGEOT, Daniel is paid and the surplus goes back to her", async () => {
    const { recorded, expected } = await play(
      'messaline',
      {
        players,
        holdings: { daniel: { PEUGEOT: 4_000 }, messaline: { BSN: 1_000 } },
        prices: { PEUGEOT: 700, BSN: 100 },
        cash: { daniel: 0, messaline: 1_500_000, jacques: 5_000_000 },
      },
      [
        offer('daniel', 'PEUGEOT', 4),
        answer('messaline', 4),
        answer('jacques', 0),
        pay('messaline'),
        offer('messaline', 'BSN', 1),
        answer('jacques', 0),
        answer('daniel', 0),
        answer('jacques', 4),
        answer('daniel', 0),
        pay('jacques'),
      ],
    );
    expect(recorded).toEqual(expected);
    const all = recorded.flat();
    expect(all.find((event) => event.type === 'CarelessPlayerFined')?.data).toEqual({ playerId: 'messaline', fine: 100_000, turnsToMiss: 1 });
    expect(all.find((event) => event.type === 'SharesSeized')?.data).toEqual({ from: 'daniel', company: 'PEUGEOT', lots: 4 });
    expect(all.find((event) => event.type === 'SeizureSettled')?.data).toEqual({
      debtor: 'messaline',
      creditor: 'daniel',
      creditorPaid: 2_800_000,
      refund: 1_500_000,
      turnsToMiss: 2,
    });
    expect(typesOf(all)).not.toContain('PlayerRuined');

    const game = await portfolios('messaline');
    expect(find(game, 'daniel')).toMatchObject({ cash: 2_800_000, holdings: [] });
    expect(find(game, 'messaline')).toMatchObject({ cash: 1_500_000, missedTurns: 2, ruined: false, holdings: [] });
    expect(find(game, 'jacques')?.holdings).toEqual([expect.objectContaining({ company: 'PEUGEOT', shares: 4_000 })]);
  });

  it('ruin: when the resold shares fetch too little for a surplus, the careless player leaves the game', async () => {
    const { recorded, expected } = await play(
      'ruin',
      { players, holdings: { daniel: { PEUGEOT: 4_000 } }, prices: { PEUGEOT: 700 }, cash: { daniel: 0, messaline: 300_000, jacques: 5_000_000 } },
      [
        offer('daniel', 'PEUGEOT', 4),
        answer('messaline', 4),
        answer('jacques', 0),
        pay('messaline'),
        // Nobody buys the seized shares: their price falls by the usual terms, then the bank buys.
        answer('jacques', 0),
        answer('daniel', 0),
        answer('jacques', 0),
        answer('daniel', 0),
      ],
    );
    expect(recorded).toEqual(expected);
    const all = recorded.flat();
    expect(typesOf(all)).toEqual(expect.arrayContaining(['PaymentDefaulted', 'CarelessPlayerFined', 'PlayerInsolvent', 'SharesSeized', 'SoldToBank', 'SeizureSettled', 'PlayerRuined']));
    expect(all.find((event) => event.type === 'SeizureSettled')?.data).toMatchObject({ debtor: 'messaline', creditor: 'daniel', creditorPaid: 2_800_000, refund: 0 });
    expect(all.find((event) => event.type === 'PlayerRuined')?.data).toEqual({ playerId: 'messaline', cashSurrendered: 0 });

    const game = await portfolios('ruin');
    expect(find(game, 'messaline')).toMatchObject({ cash: 0, ruined: true, holdings: [] });
    // Daniel is paid in full, the bank's cash covering the shortfall of the resale.
    expect(find(game, 'daniel')).toMatchObject({ cash: 2_800_000 });
    // A ruined player has no move left.
    const refused = await api.gql(`mutation { rollMaxiBourseDice(input: { gameId: "ruin", playerId: "messaline", commandId: "late" }) { gameId } }`, {}, asTestPlayer('messaline'));
    expect(refused.errors?.[0]).toMatchObject({ message: 'messaline is ruined and has left the game (III.8)', extensions: { code: 'RULE_VIOLATION', domainCode: 'PLAYER_RUINED' } });
    expect(game.pendingDecision.awaiting).not.toContain('messaline');
  });
});
