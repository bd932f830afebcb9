import { CREATE_GAME } from '../testing/operations';
import { asTestPlayer, TestAccessPolicy, testAuthenticator, TEST_REFEREE } from '../testing/test-access-policy';
import { startTestApp, type GraphQLErrorBody, type TestApp } from '../testing/test-app';
import { controlledRandom, type ControlledRandom } from './testing/controlled-random';
import { MaxiBourseDriver } from './testing/maxi-bourse-driver';
import { mutationDocument, type MaxiBourseMutation, type MaxiBourseOutcome } from './testing/maxi-bourse-operations';

const GAME = 'bad-moves';

describe('bad Maxi Bourse input is refused with a clear error and writes nothing', () => {
  let api: TestApp;
  let random: ControlledRandom;
  const game = () => new MaxiBourseDriver(api, GAME);

  beforeAll(async () => {
    random = controlledRandom(9);
    api = await startTestApp({ random, accessPolicy: new TestAccessPolicy(), authenticator: testAuthenticator });
    const driver = game();
    await driver.create({ variant: 'JUNIOR' });
    await driver.join('alice');
    await driver.join('bob');
    let decision = (await driver.start()).game.pendingDecision;
    while (decision?.kind === 'PICK_STARTING_COMPANY') {
      const picker = decision.awaiting[0] ?? '';
      const [pick] = await driver.legalActions(picker);
      decision = (await driver.move('pickMaxiBourseCompany', picker, { company: pick?.companies[0] })).game.pendingDecision;
    }
  });

  afterAll(async () => {
    await api.close();
  });

  async function totalEvents(): Promise<number> {
    return (await api.eventStore.readAll()).length;
  }

  /** Sends the mutation as `as`, expects exactly one error, and checks nothing was written anywhere. */
  async function refused(mutation: MaxiBourseMutation, input: Record<string, unknown>, as: string | undefined): Promise<GraphQLErrorBody> {
    const before = await totalEvents();
    const response = await api.gql<Record<string, MaxiBourseOutcome | null>>(mutationDocument(mutation), { input }, as === undefined ? {} : asTestPlayer(as));
    expect(response.errors).toHaveLength(1);
    // The refused mutation's outcome is null (outcomes are nullable); an invalid variable leaves no data at all.
    expect(Object.values(response.data ?? {})).toEqual(response.data ? [null] : []);
    expect(await totalEvents()).toBe(before);
    return response.errors?.[0] as GraphQLErrorBody;
  }

  const move = (playerId: string, extra: Record<string, unknown> = {}) => ({ gameId: GAME, playerId, ...extra });

  it('a move out of turn names whose turn it is', async () => {
    const roll = await refused('rollMaxiBourseDice', move('bob'), 'bob');
    expect(roll.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'NOT_YOUR_TURN', details: { roller: 'alice' } });
    expect(roll.message).toBe("It is ALICE's turn: only they may roll the dice");
  });

  it('a move in the wrong phase, or with nothing open to answer, is a RULE_VIOLATION citing the rule', async () => {
    const pick = await refused('pickMaxiBourseCompany', move('alice', { company: 'AEG' }), 'alice');
    expect(pick.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'WRONG_PHASE', details: { phase: 'playing' } });
    expect(pick.message).toContain('(I)');
    const join = await refused('joinMaxiBourseGame', move('carol', { name: 'Carol' }), 'carol');
    expect(join.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'WRONG_PHASE' });
    const bid = await refused('declareMaxiBourseBid', move('alice', { lots: 1 }), 'alice');
    expect(bid.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'NOT_NOW', details: { pending: null } });
    expect(bid.message).toBe('No round of bidding is open');
    const pay = await refused('payMaxiBourseShares', move('alice'), 'alice');
    expect(pay.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'NOT_NOW' });
    const rumour = await refused('revealMaxiBourseRumour', move('alice', { cardId: 'RU-01' }), 'alice');
    expect(rumour.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'UNKNOWN_RUMOUR' });
    expect(rumour.message).toContain('(III.5)');

    const lobby = new MaxiBourseDriver(api, 'still-seating');
    await lobby.create();
    await lobby.join('alice');
    const early = await refused('rollMaxiBourseDice', { gameId: 'still-seating', playerId: 'alice' }, 'alice');
    expect(early.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'WRONG_PHASE', details: { phase: 'lobby' } });
    const alone = await refused('startMaxiBourseGame', { gameId: 'still-seating' }, TEST_REFEREE);
    expect(alone.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'NOT_ENOUGH_PLAYERS' });
  });

  it('a premium price off the 10 $ step is BAD_USER_INPUT on `price`; one not above the market is the rule’s refusal', async () => {
    // Before Alice rolls, Bob asks her for shares of a company she holds.
    const [pick] = (await game().legalActions('bob')).filter((action) => action.type === 'REQUEST_SHARES' && action.sellerId === 'alice');
    if (!pick?.company) throw new Error('Bob may not ask Alice for shares');
    const asked = await game().move('requestMaxiBourseShares', 'bob', { sellerId: 'alice', company: pick.company, lots: 1 });
    expect(asked.game.pendingDecision).toMatchObject({ kind: 'PREMIUM_REQUEST', buyer: 'bob', seller: 'alice', awaiting: ['alice'] });
    const [quote] = (await game().legalActions('alice')).filter((action) => action.type === 'QUOTE_PREMIUM_PRICE');
    expect(quote).toMatchObject({ step: 10 });

    const offStep = await refused('quoteMaxiBoursePremium', move('alice', { price: (quote?.minPrice ?? 0) + 5 }), 'alice');
    expect(offStep.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'price', messages: ['a price is named in steps of 10 $ (prices move by 10 $)'] }] });
    const low = await refused('quoteMaxiBoursePremium', move('alice', { price: (quote?.minPrice ?? 20) - 10 }), 'alice');
    expect(low.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'PRICE_TOO_LOW' });
    expect(low.message).toContain('(III.2)');
    const notTheBuyer = await refused('answerMaxiBoursePremium', move('alice', { accept: true }), 'alice');
    expect(notTheBuyer.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'NOT_AWAITED' });
    const declined = await game().move('declineMaxiBourseShareRequest', 'alice');
    expect(declined.game.pendingDecision).toMatchObject({ kind: 'ROLL', roller: 'alice' });
  });

  it('a bid of more than two lots, or out of turn, is refused by the rules of bidding', async () => {
    // 1 + 2 from the start: Alice stops on BASF, chooses it, and speaks first.
    random.force(1, 2);
    const rolled = await game().move('rollMaxiBourseDice', 'alice');
    expect(rolled.game.pendingDecision).toMatchObject({ kind: 'SHARE_SPACE', company: 'BASF', roller: 'alice' });
    const chosen = await game().move('chooseMaxiBourseCompany', 'alice', { company: 'BASF' });
    expect(chosen.game.pendingDecision).toMatchObject({ kind: 'BIDDING', company: 'BASF', awaiting: ['alice'], pending: ['bidding'] });

    const tooMany = await refused('declareMaxiBourseBid', move('alice', { lots: 3 }), 'alice');
    expect(tooMany.extensions).toMatchObject({ code: 'BAD_USER_INPUT', domainCode: 'INVALID_LOTS', details: { min: 0, max: 2 } });
    expect(tooMany.message).toContain('(III.1-1, III.1-3)');
    const early = await refused('declareMaxiBourseBid', move('bob', { lots: 1 }), 'bob');
    expect(early.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'NOT_YOUR_BID', details: { speaker: 'alice' } });
    expect(early.message).toContain('(III.1-3)');
    const negative = await refused('declareMaxiBourseBid', move('alice', { lots: -1 }), 'alice');
    expect(negative.extensions).toMatchObject({ code: 'BAD_USER_INPUT', domainCode: 'INVALID_LOTS', details: { min: 0, max: 2 } });
    const hoard = await refused('declareMaxiBourseBid', move('alice', { lots: 41 }), 'alice');
    expect(hoard.extensions).toMatchObject({ code: 'BAD_USER_INPUT', domainCode: 'INVALID_LOTS' });
    expect(hoard.message).toContain('lots of 1,000');
  });

  it('an unknown company is BAD_USER_INPUT naming the field', async () => {
    const error = await refused('offerMaxiBourseShares', move('alice', { company: 'BITCOIN', lots: 1 }), 'alice');
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'company' }] });
    expect(error.message).toContain('BITCOIN');
  });

  it('an unknown game or player is NOT_FOUND, and no stream is created', async () => {
    const error = await refused('rollMaxiBourseDice', { gameId: 'no-such-game', playerId: 'alice' }, 'alice');
    expect(error.extensions).toMatchObject({ code: 'NOT_FOUND', domainCode: 'GAME_NOT_FOUND' });
    expect(error.message).toBe('There is no Maxi Bourse game with id "no-such-game"');
    expect(await api.eventStore.streamRevision('maxi-bourse-no-such-game')).toBeUndefined();
    expect((await api.gql(`query { maxiBourseGame(id: "no-such-game") { id } }`)).data).toEqual({ maxiBourseGame: null });
    const at = await api.gql(`query { maxiBourseGameAt(id: "no-such-game", revision: 0) { gameId } }`);
    expect(at.data).toEqual({ maxiBourseGameAt: null });

    const stranger = await refused('rollMaxiBourseDice', move('mallory'), 'mallory');
    expect(stranger.extensions).toMatchObject({ code: 'NOT_FOUND', domainCode: 'UNKNOWN_PLAYER' });
  });

  it('game ids are unique across game types, and each game takes only its own moves', async () => {
    await api.data(CREATE_GAME, { input: { gameId: 'ticker', options: {} } }, asTestPlayer(TEST_REFEREE));
    const taken = await refused('createMaxiBourseGame', { gameId: 'ticker' }, TEST_REFEREE);
    expect(taken.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'GAME_EXISTS' });
    const wrongGame = await refused('rollMaxiBourseDice', { gameId: 'ticker', playerId: 'alice' }, 'alice');
    expect(wrongGame.extensions).toMatchObject({ code: 'NOT_FOUND', domainCode: 'GAME_NOT_FOUND', details: { gameType: 'stock-ticker' } });
    const lists = await api.data<{ all: { totalCount: number }; maxiBourseGames: { edges: { node: { id: string; phase: string } }[] } }>(`query {
      all: allGames(first: 10, gameType: MAXI_BOURSE) { totalCount }
      maxiBourseGames(first: 10, phase: PLAYING) { edges { node { id phase } } }
    }`);
    expect(lists.all.totalCount).toBe(2);
    expect(lists.maxiBourseGames.edges.map((edge) => edge.node)).toEqual([{ id: GAME, phase: 'PLAYING' }]);
  });

  it('the access policy: a player acts for their own seat only, the referee alone opens and closes the session', async () => {
    const forged = await refused('rollMaxiBourseDice', move('alice'), 'bob');
    expect(forged.extensions).toMatchObject({ code: 'FORBIDDEN', domainCode: 'NOT_YOUR_SEAT' });
    const close = await refused('closeMaxiBourseSession', { gameId: GAME }, 'bob');
    expect(close.extensions).toMatchObject({ code: 'FORBIDDEN', domainCode: 'REFEREE_ONLY' });
    const anonymous = await refused('declareMaxiBourseBid', move('alice', { lots: 1 }), undefined);
    expect(anonymous.extensions).toMatchObject({ code: 'FORBIDDEN', domainCode: 'SIGN_IN_REQUIRED' });
  });

  it('options outside the rules are BAD_USER_INPUT', async () => {
    const error = await refused('createMaxiBourseGame', { gameId: 'odd-options', options: { turnLimit: 0, maxPlayers: 7 } }, TEST_REFEREE);
    expect(error.extensions?.code).toBe('BAD_USER_INPUT');
    expect((error.extensions?.['fields'] as { field: string }[]).map((field) => field.field).sort()).toEqual(['options.maxPlayers', 'options.turnLimit']);
    const both = await refused('createMaxiBourseGame', { gameId: 'odd-options', options: { turnLimit: 5, noTurnLimit: true } }, TEST_REFEREE);
    expect(both.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'options.noTurnLimit' }] });
    const variant = await refused('createMaxiBourseGame', { gameId: 'odd-options', options: { variant: 'GRAND' } }, TEST_REFEREE);
    expect(variant.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'options.variant' }] });
  });

  it('a retried command id applies once', async () => {
    const lobby = new MaxiBourseDriver(api, 'retry');
    const input = { gameId: 'retry', options: { noTurnLimit: true }, commandId: 'open-retry' };
    const first = await lobby.send('createMaxiBourseGame', input, TEST_REFEREE);
    const before = await totalEvents();
    const again = await lobby.send('createMaxiBourseGame', input, TEST_REFEREE);
    expect(again).toMatchObject({ alreadyApplied: true, revision: first.revision, events: first.events });
    expect(await totalEvents()).toBe(before);
    const options = await api.data<{ maxiBourseGame: { options: { turnLimit: number | null; variant: string } } }>(
      `query { maxiBourseGame(id: "retry") { options { turnLimit variant } } }`,
    );
    expect(options.maxiBourseGame.options).toEqual({ turnLimit: null, variant: 'MASTERS' });
  });
});
