import { dataAs, gqlAs, signUp, type SignedUp } from '../identity/testing/identity-client';
import { ADD_MEMBER, CREATE_LEAGUE, CREATE_SEASON, SCHEDULE_TABLE, SEAT_PLAYER, type TableView } from '../identity/testing/league-operations';
import { BUY_SHARES, CREATE_GAME, FINISH_TRADING, JOIN_GAME, ROLL_DICE, START_GAME, type Outcome } from '../testing/operations';
import { startTestApp, type TestApp } from '../testing/test-app';

const OPEN_DISPUTE = `mutation Open($input: OpenDisputeInput!) { openDispute(input: $input) { id } }`;
const RULE = `mutation Rule($input: RuleOnDisputeInput!) { ruleOnDispute(input: $input) { id status } }`;
const VERIFY = `query Verify($gameId: ID!) {
  verifyGameFairness(gameId: $gameId) { ok seedRevealed drawsChecked drawsPending commandsReplayed checksumsChecked mismatches { kind revision message } }
}`;
const TURN = `query Turn($id: ID!) { game(id: $id) { phase ann: legalActions(playerId: "p-ann") { type } bob: legalActions(playerId: "p-bob") { type } } }`;

interface Report {
  ok: boolean;
  seedRevealed: boolean;
  drawsChecked: number;
  drawsPending: number;
  commandsReplayed: number;
  checksumsChecked: number;
  mismatches: { kind: string; revision: number; message: string }[];
}

/** A referee's rewind voids a roll with fair dice: the verifier folds the game as the rulings count it. */
describe('fairness after a rewind', () => {
  let api: TestApp;
  let olga: SignedUp;
  let ann: SignedUp;
  let bob: SignedUp;
  const gameId = 'fair-rewind';
  const previousRounds = process.env['AUTH_BCRYPT_ROUNDS'];

  const command = async (token: string, query: string, input: Record<string, unknown>) => {
    const response = await gqlAs<Record<string, Outcome>>(api, token, query, { input });
    if (response.errors?.length) throw new Error(`${JSON.stringify(input)}: ${JSON.stringify(response.errors)}`);
    return Object.values(response.data ?? {})[0] as Outcome;
  };
  const verify = async () => (await dataAs<{ verifyGameFairness: Report }>(api, olga.token, VERIFY, { gameId })).verifyGameFairness;

  beforeAll(async () => {
    process.env['AUTH_BCRYPT_ROUNDS'] = '4';
    api = await startTestApp({ fairDice: true });
    [olga, ann, bob] = (await Promise.all(['Olga', 'Ann', 'Bob'].map((name) => signUp(api, name)))) as [SignedUp, SignedUp, SignedUp];
    const leagueId = (await dataAs<{ createLeague: { id: string } }>(api, olga.token, CREATE_LEAGUE, { input: { name: 'Fair Club', scoring: [10, 6] } })).createLeague.id;
    for (const member of [ann, bob]) await dataAs(api, olga.token, ADD_MEMBER, { input: { leagueId, accountId: member.accountId, role: 'PLAYER' } });
    const seasonId = (await dataAs<{ createSeason: { id: string } }>(api, olga.token, CREATE_SEASON, { input: { leagueId, name: 'S1' } })).createSeason.id;
    const table = (await dataAs<{ scheduleTable: TableView }>(api, olga.token, SCHEDULE_TABLE, { input: { seasonId, gameType: 'STOCK_TICKER', gameId } })).scheduleTable;
    await dataAs(api, olga.token, SEAT_PLAYER, { input: { tableId: table.id, playerId: 'p-ann', accountId: ann.accountId } });
    await dataAs(api, olga.token, SEAT_PLAYER, { input: { tableId: table.id, playerId: 'p-bob', accountId: bob.accountId } });
    await command(olga.token, CREATE_GAME, { gameId, options: { roundLimit: 2 }, league: leagueId });
    await command(ann.token, JOIN_GAME, { gameId, playerId: 'p-ann', name: 'Ann' });
    await command(bob.token, JOIN_GAME, { gameId, playerId: 'p-bob', name: 'Bob' });
    await command(olga.token, START_GAME, { gameId, brokerId: 'p-ann' });
    await command(ann.token, BUY_SHARES, { gameId, playerId: 'p-ann', stock: 'GOLD', shares: 1000 });
    await command(bob.token, BUY_SHARES, { gameId, playerId: 'p-bob', stock: 'TECH', shares: 2000 });
    await command(ann.token, FINISH_TRADING, { gameId, playerId: 'p-ann' });
    await command(bob.token, FINISH_TRADING, { gameId, playerId: 'p-bob' });
  });

  afterAll(async () => {
    await api.close();
    if (previousRounds === undefined) delete process.env['AUTH_BCRYPT_ROUNDS'];
    else process.env['AUTH_BCRYPT_ROUNDS'] = previousRounds;
  });

  it('verifies every draw and outcome, voided or not, and the game played on from the rewind', async () => {
    const disputed = await command(ann.token, ROLL_DICE, { gameId, playerId: 'p-ann' });
    const roll = disputed.events.find((event) => event.type === 'DiceRolled');
    if (!roll) throw new Error('no roll');
    const { openDispute } = await dataAs<{ openDispute: { id: string } }>(api, ann.token, OPEN_DISPUTE, { input: { gameId, revision: roll.revision, claim: 'Roll again' } });
    const remedy = { kind: 'REWIND', afterRevision: roll.revision - 1 };
    await dataAs(api, olga.token, RULE, { input: { disputeId: openDispute.id, decision: 'UPHOLD', reason: 'The die fell off the table', remedy } });

    // Played on to the end: whoever may act finishes trading or rolls.
    for (let step = 0; step < 60; step += 1) {
      const { game } = await dataAs<{ game: { phase: string; ann: { type: string }[]; bob: { type: string }[] } }>(api, olga.token, TURN, { id: gameId });
      if (game.phase === 'FINISHED') break;
      const [player, token, actions] = game.ann.length > 0 ? (['p-ann', ann.token, game.ann] as const) : (['p-bob', bob.token, game.bob] as const);
      const rolls = actions.some((action) => action.type === 'ROLL_DICE');
      await command(token, rolls ? ROLL_DICE : FINISH_TRADING, { gameId, playerId: player });
    }
    const report = await verify();
    // hmac-sha256-v2: every draw is checked with its own sub-seed; the game's secret is never revealed.
    expect(report).toMatchObject({ ok: true, seedRevealed: false, drawsPending: 0, mismatches: [] });
    // The voided roll and at least one roll per player per round after it.
    expect(report.commandsReplayed).toBeGreaterThanOrEqual(5);
    expect(report.checksumsChecked).toBeGreaterThanOrEqual(2);
  });
});
