import { scriptedRandom } from '@corbeille/kernel';
import { portfoliosOf, STOCK_TICKER_GAME, streamIdFor } from '@corbeille/projections';
import { foldLive } from '@corbeille/rulings';
import type { StockTickerState } from '@corbeille/stock-ticker';
import type { Client } from 'graphql-ws';
import { dataAs, errorOf, gqlAs, signUp, wsClientAs, type SignedUp } from '../identity/testing/identity-client';
import { ADD_MEMBER, CREATE_LEAGUE, CREATE_SEASON, LEAGUE, SCHEDULE_TABLE, SEAT_PLAYER, type LeagueView, type TableView } from '../identity/testing/league-operations';
import { BUY_SHARES, CREATE_GAME, FINISH_TRADING, JOIN_GAME, ROLL_DICE, START_GAME, type Outcome } from '../testing/operations';
import { takeUntil } from '../testing/subscription-helpers';
import { startTestApp, type TestApp } from '../testing/test-app';

/**
 * Three dice per roll (stock, action, amount). Game 1: GOLD UP 20, TECH DOWN 10. Game 2: GOLD DOWN 10
 * (disputed, then rewound), GOLD UP 5 (the roll again), TECH UP 5.
 */
const DICE = [0, 0, 4, 1, 2, 2, 0, 2, 2, 0, 0, 1, 1, 0, 1];

const DISPUTE_FIELDS = `id gameId gameType leagueId claim openedBy openedAs playerId openedAt pausesGame status
  disputedEvent { revision position eventId type }
  ruling { outcome reason ruledBy ruledAt remedyRevisions remedy { kind afterRevision adjustments { kind playerId stock delta to } } }`;
const OPEN_DISPUTE = `mutation Open($input: OpenDisputeInput!) { openDispute(input: $input) { ${DISPUTE_FIELDS} } }`;
const RULE = `mutation Rule($input: RuleOnDisputeInput!) { ruleOnDispute(input: $input) { ${DISPUTE_FIELDS} } }`;
const PREVIEW = `query Preview($input: PreviewRemedyInput!) {
  previewRemedy(input: $input) { disputeId gameId phase state currentState voidedRevisions remedy { kind afterRevision }
    standings { playerId rank finalWealth } currentStandings { playerId rank finalWealth } }
}`;
const DISPUTE = `query Dispute($id: ID!) { dispute(id: $id) { ${DISPUTE_FIELDS} before { revision eventType state } after { revision eventType state } } }`;
const DISPUTES = `query Disputes($gameId: ID, $leagueId: ID, $status: DisputeStatus) { disputes(gameId: $gameId, leagueId: $leagueId, status: $status) { id status } }`;
const SETTINGS = `mutation Settings($input: DisputeSettingsInput!) { setDisputeSettings(input: $input) { gameId pauseOnDispute } }`;
const AUDIT = `query Audit($id: ID!) {
  game(id: $id) {
    portfolios { playerId cash netWorth holdings { stock shares } }
    priceBoard { stocks { stock price } }
    events(first: 100) { edges { node { id revision type data causationId voided voidedByDispute rulingOfDispute disputes { id status ruling { ruledBy reason } } } } }
  }
}`;

interface DisputeView {
  id: string;
  status: string;
  pausesGame: boolean;
  disputedEvent: { revision: number; eventId: string; type: string };
  ruling: { outcome: string; reason: string; ruledBy: string; remedyRevisions: number[]; remedy: { kind: string; afterRevision: number | null } | null } | null;
}
interface AuditView {
  game: {
    portfolios: { playerId: string; cash: number; netWorth: number; holdings: { stock: string; shares: number }[] }[];
    priceBoard: { stocks: { stock: string; price: number }[] };
    events: {
      edges: {
        node: {
          id: string;
          revision: number;
          type: string;
          data: unknown;
          causationId: string;
          voided: boolean;
          voidedByDispute: string | null;
          rulingOfDispute: string | null;
          disputes: { id: string; status: string; ruling: { ruledBy: string; reason: string } | null }[];
        };
      }[];
    };
  };
}

describe('disputes and rulings over GraphQL', () => {
  let api: TestApp;
  let olga: SignedUp;
  let ann: SignedUp;
  let bob: SignedUp;
  let eve: SignedUp;
  let leagueId: string;
  let client: Client | undefined;
  const previousRounds = process.env['AUTH_BCRYPT_ROUNDS'];

  const command = async (token: string, query: string, input: Record<string, unknown>) => {
    const response = await gqlAs<Record<string, Outcome>>(api, token, query, { input });
    if (response.errors?.length) throw new Error(`${JSON.stringify(input)}: ${JSON.stringify(response.errors)}`);
    return Object.values(response.data ?? {})[0] as Outcome;
  };
  const audit = (gameId: string) => dataAs<AuditView>(api, olga.token, AUDIT, { id: gameId });
  const standingsOf = async () => {
    const { league } = await dataAs<LeagueView>(api, olga.token, LEAGUE, { id: leagueId });
    return league?.seasons[0]?.standings.map((row) => ({ rank: row.rank, participantId: row.participantId, totalFinalWealth: row.totalFinalWealth })) ?? [];
  };
  /** The standings follow the log a moment behind the command: poll briefly for the expected change. */
  const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    for (let attempt = 0; ; attempt += 1) {
      const value = await read();
      if (done(value) || attempt >= 50) return value;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  async function setUpGame(gameId: string, table: TableView, roundLimit: number): Promise<void> {
    await dataAs(api, olga.token, SEAT_PLAYER, { input: { tableId: table.id, playerId: 'p-ann', accountId: ann.accountId } });
    await dataAs(api, olga.token, SEAT_PLAYER, { input: { tableId: table.id, playerId: 'p-bob', accountId: bob.accountId } });
    await command(olga.token, CREATE_GAME, { gameId, options: { roundLimit }, league: leagueId });
  }

  async function playOpening(gameId: string): Promise<void> {
    await command(ann.token, JOIN_GAME, { gameId, playerId: 'p-ann', name: 'Ann' });
    await command(bob.token, JOIN_GAME, { gameId, playerId: 'p-bob', name: 'Bob' });
    await command(olga.token, START_GAME, { gameId });
    await command(ann.token, BUY_SHARES, { gameId, playerId: 'p-ann', stock: 'GOLD', shares: 1000 });
    await command(bob.token, BUY_SHARES, { gameId, playerId: 'p-bob', stock: 'TECH', shares: 2000 });
    await command(ann.token, FINISH_TRADING, { gameId, playerId: 'p-ann' });
    await command(bob.token, FINISH_TRADING, { gameId, playerId: 'p-bob' });
  }

  beforeAll(async () => {
    process.env['AUTH_BCRYPT_ROUNDS'] = '4';
    api = await startTestApp({ random: scriptedRandom(DICE) });
    [olga, ann, bob, eve] = (await Promise.all(['Olga', 'Ann', 'Bob', 'Eve'].map((name) => signUp(api, name)))) as [SignedUp, SignedUp, SignedUp, SignedUp];
    leagueId = (await dataAs<{ createLeague: { id: string } }>(api, olga.token, CREATE_LEAGUE, { input: { name: 'Dispute Club', scoring: [10, 6] } })).createLeague.id;
    for (const member of [ann, bob]) await dataAs(api, olga.token, ADD_MEMBER, { input: { leagueId, accountId: member.accountId, role: 'PLAYER' } });
    const seasonId = (await dataAs<{ createSeason: { id: string } }>(api, olga.token, CREATE_SEASON, { input: { leagueId, name: 'S1' } })).createSeason.id;
    const schedule = async (gameId: string) =>
      (await dataAs<{ scheduleTable: TableView }>(api, olga.token, SCHEDULE_TABLE, { input: { seasonId, gameType: 'STOCK_TICKER', gameId } })).scheduleTable;
    await setUpGame('disp-1', await schedule('disp-1'), 1);
    await setUpGame('disp-2', await schedule('disp-2'), 3);
  });

  afterAll(async () => {
    await client?.dispose();
    await api.close();
    if (previousRounds === undefined) delete process.env['AUTH_BCRYPT_ROUNDS'];
    else process.env['AUTH_BCRYPT_ROUNDS'] = previousRounds;
  });

  describe('a correction after the game ended', () => {
    let disputeId: string;
    let rolled: Outcome;

    beforeAll(async () => {
      await playOpening('disp-1');
      await command(ann.token, ROLL_DICE, { gameId: 'disp-1', playerId: 'p-ann' });
      rolled = await command(bob.token, ROLL_DICE, { gameId: 'disp-1', playerId: 'p-bob' });
      expect(rolled.events.map((event) => event.type)).toContain('GameEnded');
    });

    it('is opened by a seated player on one event, and not by an outsider', async () => {
      const diceRolled = rolled.events.find((event) => event.type === 'DiceRolled');
      if (!diceRolled) throw new Error('no roll');
      const input = { gameId: 'disp-1', revision: diceRolled.revision, claim: 'The action die showed UP, not DOWN' };
      expect(errorOf(await gqlAs(api, eve.token, OPEN_DISPUTE, { input }))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_A_PARTICIPANT' });
      expect(errorOf(await gqlAs(api, undefined, OPEN_DISPUTE, { input }))).toEqual({ code: 'FORBIDDEN', domainCode: 'SIGN_IN_REQUIRED' });
      const { openDispute } = await dataAs<{ openDispute: DisputeView & { openedAs: string; playerId: string } }>(api, bob.token, OPEN_DISPUTE, { input });
      expect(openDispute).toMatchObject({ status: 'OPEN', openedAs: 'PLAYER', playerId: 'p-bob', pausesGame: false, disputedEvent: { revision: diceRolled.revision, eventId: diceRolled.id, type: 'DiceRolled' } });
      disputeId = openDispute.id;
    });

    it('shows the referee the game just before and just after the disputed event', async () => {
      const { dispute } = await dataAs<{ dispute: { before: { state: StockTickerState }; after: { revision: number; state: StockTickerState } } }>(api, olga.token, DISPUTE, {
        id: disputeId,
      });
      const priceOf = (state: StockTickerState) => ('prices' in state ? state.prices.TECH : undefined);
      expect(priceOf(dispute.before.state)).toBe(100);
      expect(dispute.after.state.phase).toBe('rolling');
      // The roll itself only records the dice; the price moves with the next event.
      expect(dispute.after.revision).toBe(rolled.events[0]?.revision);
    });

    it('previews a correction without recording it, then only the referee rules on it', async () => {
      const remedy = { kind: 'CORRECTION', adjustments: [{ kind: 'CASH', playerId: 'p-bob', delta: 50_000 }] };
      const before = (await api.eventStore.readStream(streamIdFor(STOCK_TICKER_GAME, 'disp-1'))).length;
      const { previewRemedy } = await dataAs<{ previewRemedy: { standings: { playerId: string; rank: number; finalWealth: number }[]; currentStandings: unknown[] } }>(
        api,
        olga.token,
        PREVIEW,
        { input: { disputeId, remedy } },
      );
      expect(previewRemedy.standings).toEqual([
        { playerId: 'p-bob', rank: 1, finalWealth: 530_000 },
        { playerId: 'p-ann', rank: 2, finalWealth: 520_000 },
      ]);
      expect(previewRemedy.currentStandings).toEqual([
        { playerId: 'p-ann', rank: 1, finalWealth: 520_000 },
        { playerId: 'p-bob', rank: 2, finalWealth: 480_000 },
      ]);
      expect(await api.eventStore.readStream(streamIdFor(STOCK_TICKER_GAME, 'disp-1'))).toHaveLength(before);

      const uphold = { disputeId, decision: 'UPHOLD', reason: 'The video shows UP', remedy };
      expect(errorOf(await gqlAs(api, ann.token, RULE, { input: uphold }))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_A_REFEREE' });
      expect(errorOf(await gqlAs(api, bob.token, RULE, { input: uphold }))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_A_REFEREE' });
      expect(errorOf(await gqlAs(api, eve.token, RULE, { input: uphold }))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_A_REFEREE' });
      expect(errorOf(await gqlAs(api, ann.token, PREVIEW, { input: { disputeId, remedy } }))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_A_REFEREE' });
      expect(await api.eventStore.readStream(streamIdFor(STOCK_TICKER_GAME, 'disp-1'))).toHaveLength(before);
    });

    it('refuses a correction that breaks the rules, with a reason', async () => {
      const refused = await gqlAs(api, olga.token, RULE, {
        input: { disputeId, decision: 'UPHOLD', reason: 'Take it all', remedy: { kind: 'CORRECTION', adjustments: [{ kind: 'CASH', playerId: 'p-bob', delta: -10_000_000 }] } },
      });
      expect(errorOf(refused)).toEqual({ code: 'RULE_VIOLATION', domainCode: 'NEGATIVE_CASH' });
    });

    it('upheld with a correction, changes the portfolio, the audit trail and the league standings', async () => {
      const { ruleOnDispute } = await dataAs<{ ruleOnDispute: DisputeView }>(api, olga.token, RULE, {
        input: { disputeId, decision: 'UPHOLD', reason: 'The video shows UP', remedy: { kind: 'CORRECTION', adjustments: [{ kind: 'CASH', playerId: 'p-bob', delta: 50_000 }] } },
      });
      expect(ruleOnDispute).toMatchObject({ status: 'UPHELD', ruling: { outcome: 'UPHELD', reason: 'The video shows UP', ruledBy: olga.accountId, remedy: { kind: 'CORRECTION' } } });

      const { game } = await audit('disp-1');
      expect(game.portfolios.find((portfolio) => portfolio.playerId === 'p-bob')?.cash).toBe(530_000);
      const disputed = rolled.events.find((event) => event.type === 'DiceRolled');
      const correction = game.events.edges.find((edge) => edge.node.type === 'CorrectionApplied')?.node;
      expect(correction).toMatchObject({ causationId: disputed?.id, rulingOfDispute: disputeId, voided: false, data: { reason: 'The video shows UP', disputeId } });
      expect(ruleOnDispute.ruling?.remedyRevisions).toContain(correction?.revision);
      // Next to the disputed event, the audit trail shows the dispute, who ruled and why.
      expect(game.events.edges.find((edge) => edge.node.id === disputed?.id)?.node.disputes).toEqual([
        { id: disputeId, status: 'UPHELD', ruling: { ruledBy: olga.accountId, reason: 'The video shows UP' } },
      ]);

      const standings = await eventually(standingsOf, (rows) => rows[0]?.participantId === bob.accountId);
      expect(standings).toEqual([
        { rank: 1, participantId: bob.accountId, totalFinalWealth: 530_000 },
        { rank: 2, participantId: ann.accountId, totalFinalWealth: 520_000 },
      ]);
      // A ruling is final.
      expect(errorOf(await gqlAs(api, olga.token, RULE, { input: { disputeId, decision: 'REJECT', reason: 'Changed my mind' } }))).toEqual({
        code: 'RULE_VIOLATION',
        domainCode: 'DISPUTE_ALREADY_RULED',
      });
    });
  });

  describe('in a class', () => {
    const gameId = 'class-1';
    const CLASS_TRADES = `query Trades($classId: ID!) { classTrades(classId: $classId, first: 20) { totalCount edges { node { revision playerId type company shares } } } }`;
    let classId: string;

    beforeAll(async () => {
      classId = (await dataAs<{ createLeague: { id: string } }>(api, olga.token, CREATE_LEAGUE, { input: { name: 'Class 4B', kind: 'CLASS' } })).createLeague.id;
      for (const member of [ann, bob]) await dataAs(api, olga.token, ADD_MEMBER, { input: { leagueId: classId, accountId: member.accountId, role: 'PLAYER' } });
      const seasonId = (await dataAs<{ createSeason: { id: string } }>(api, olga.token, CREATE_SEASON, { input: { leagueId: classId, name: 'Term 1' } })).createSeason.id;
      const table = (await dataAs<{ scheduleTable: TableView }>(api, olga.token, SCHEDULE_TABLE, { input: { seasonId, gameType: 'STOCK_TICKER', gameId } })).scheduleTable;
      await dataAs(api, olga.token, SEAT_PLAYER, { input: { tableId: table.id, playerId: 'p-ann', accountId: ann.accountId } });
      await dataAs(api, olga.token, SEAT_PLAYER, { input: { tableId: table.id, playerId: 'p-bob', accountId: bob.accountId } });
      await command(olga.token, CREATE_GAME, { gameId, options: { roundLimit: 1 }, league: classId });
      await command(ann.token, JOIN_GAME, { gameId, playerId: 'p-ann', name: 'Ann' });
      await command(bob.token, JOIN_GAME, { gameId, playerId: 'p-bob', name: 'Bob' });
      await command(olga.token, START_GAME, { gameId });
      await command(ann.token, BUY_SHARES, { gameId, playerId: 'p-ann', stock: 'GOLD', shares: 1000 });
    });

    it("the teacher's trade audit follows a correction and leaves out the trades a rewind voided", async () => {
      const trades = async () => (await dataAs<{ classTrades: { totalCount: number; edges: { node: { revision: number; playerId: string; shares: number } }[] } }>(api, olga.token, CLASS_TRADES, { classId })).classTrades;
      const mistaken = await command(bob.token, BUY_SHARES, { gameId, playerId: 'p-bob', stock: 'TECH', shares: 5000 });
      expect((await trades()).totalCount).toBe(2);
      const purchase = mistaken.events[0];
      if (!purchase) throw new Error('no purchase');

      // The teacher opens the dispute herself, corrects Ann's cash, then rewinds Bob's purchase.
      const first = (await dataAs<{ openDispute: DisputeView & { openedAs: string } }>(api, olga.token, OPEN_DISPUTE, { input: { gameId, revision: purchase.revision - 1, claim: 'Ann was charged twice' } })).openDispute;
      expect(first.openedAs).toBe('REFEREE');
      await dataAs(api, olga.token, RULE, { input: { disputeId: first.id, decision: 'UPHOLD', reason: 'Refund', remedy: { kind: 'CORRECTION', adjustments: [{ kind: 'CASH', playerId: 'p-ann', delta: 500 }] } } });
      expect((await trades()).totalCount).toBe(2);

      const second = (await dataAs<{ openDispute: DisputeView }>(api, bob.token, OPEN_DISPUTE, { input: { gameId, revision: purchase.revision, claim: 'I meant 500, not 5000' } })).openDispute;
      await dataAs(api, olga.token, RULE, { input: { disputeId: second.id, decision: 'UPHOLD', reason: 'A slip', remedy: { kind: 'REWIND', afterRevision: purchase.revision - 1 } } });
      const after = await trades();
      expect(after.edges.map((edge) => ({ playerId: edge.node.playerId, shares: edge.node.shares }))).toEqual([{ playerId: 'p-ann', shares: 1000 }]);

      // The game goes on from before the slip, and the audit sees the new purchase.
      await command(bob.token, BUY_SHARES, { gameId, playerId: 'p-bob', stock: 'TECH', shares: 500 });
      expect((await trades()).edges.map((edge) => edge.node.shares)).toEqual([1000, 500]);
      // The rewind went back before the refund too: everything after its point is void, remedies included.
      const { game } = await audit(gameId);
      expect(game.portfolios.find((portfolio) => portfolio.playerId === 'p-ann')?.cash).toBe(400_000);
      expect(game.portfolios.find((portfolio) => portfolio.playerId === 'p-bob')?.cash).toBe(450_000);
      expect(game.events.edges.find((edge) => edge.node.type === 'CorrectionApplied')?.node).toMatchObject({ voided: true, voidedByDispute: second.id, rulingOfDispute: first.id });
    });
  });

  describe('a rewind while the game is paused, then a rejected dispute', () => {
    const gameId = 'disp-2';
    let disputeId: string;
    let disputedRoll: Outcome;

    beforeAll(async () => {
      await playOpening(gameId);
    });

    it('pauses the game while a dispute is open, when its settings say so', async () => {
      expect(errorOf(await gqlAs(api, ann.token, SETTINGS, { input: { gameId, pauseOnDispute: true } }))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_A_REFEREE' });
      expect((await dataAs<{ setDisputeSettings: { pauseOnDispute: boolean } }>(api, olga.token, SETTINGS, { input: { gameId, pauseOnDispute: true } })).setDisputeSettings.pauseOnDispute).toBe(true);
      disputedRoll = await command(ann.token, ROLL_DICE, { gameId, playerId: 'p-ann' });
      const roll = disputedRoll.events[0];
      if (roll?.type !== 'DiceRolled') throw new Error('no roll');
      const { openDispute } = await dataAs<{ openDispute: DisputeView }>(api, ann.token, OPEN_DISPUTE, {
        input: { gameId, revision: roll.revision, claim: 'The die fell off the table: roll again' },
      });
      expect(openDispute.pausesGame).toBe(true);
      disputeId = openDispute.id;
      const before = (await api.eventStore.readStream(streamIdFor(STOCK_TICKER_GAME, gameId))).length;
      const paused = await gqlAs(api, bob.token, ROLL_DICE, { input: { gameId, playerId: 'p-bob' } });
      expect(errorOf(paused)).toEqual({ code: 'RULE_VIOLATION', domainCode: 'GAME_PAUSED' });
      expect(paused.errors?.[0]?.message).toMatch(/paused until the referee rules/);
      expect(await api.eventStore.readStream(streamIdFor(STOCK_TICKER_GAME, gameId))).toHaveLength(before);
    });

    it('upheld with a rewind, voids the events after the point; the game resumes from there', async () => {
      const roll = disputedRoll.events[0];
      if (!roll) throw new Error('no roll');
      const remedy = { kind: 'REWIND', afterRevision: roll.revision - 1 };
      const { previewRemedy } = await dataAs<{ previewRemedy: { voidedRevisions: number[]; state: StockTickerState } }>(api, olga.token, PREVIEW, { input: { disputeId, remedy } });
      expect(previewRemedy.voidedRevisions).toEqual(disputedRoll.events.map((event) => event.revision));
      expect('prices' in previewRemedy.state && previewRemedy.state.prices.GOLD).toBe(100);

      const { ruleOnDispute } = await dataAs<{ ruleOnDispute: DisputeView }>(api, olga.token, RULE, { input: { disputeId, decision: 'UPHOLD', reason: 'Roll again', remedy } });
      expect(ruleOnDispute.status).toBe('UPHELD');

      // Ann rolls again, on the state before the voided roll: GOLD UP 5 from 100, not from 90.
      const again = await command(ann.token, ROLL_DICE, { gameId, playerId: 'p-ann' });
      expect(again.events.find((event) => event.type === 'PriceChanged')?.data).toEqual({ stock: 'GOLD', from: 100, to: 105 });
      await command(bob.token, ROLL_DICE, { gameId, playerId: 'p-bob' });

      const { game } = await audit(gameId);
      const voided = game.events.edges.filter((edge) => edge.node.voided).map((edge) => edge.node);
      expect(voided.map((event) => event.revision)).toEqual(disputedRoll.events.map((event) => event.revision));
      expect(voided.every((event) => event.voidedByDispute === disputeId)).toBe(true);
      const marker = game.events.edges.find((edge) => edge.node.type === 'EventsVoided')?.node;
      expect(marker).toMatchObject({ voided: false, rulingOfDispute: disputeId, data: { afterRevision: roll.revision - 1 } });

      // A full re-fold of the log agrees with the live read models.
      const state = foldLive(STOCK_TICKER_GAME.decider, await api.eventStore.readStream(streamIdFor(STOCK_TICKER_GAME, gameId))) as StockTickerState;
      const folded = portfoliosOf(gameId, state);
      expect(game.portfolios.map(({ playerId, cash, netWorth }) => ({ playerId, cash, netWorth }))).toEqual(folded.map(({ playerId, cash, netWorth }) => ({ playerId, cash, netWorth })));
      expect('prices' in state && state.prices.GOLD).toBe(105);
      expect(game.priceBoard.stocks.find((quote) => quote.stock === 'GOLD')?.price).toBe(105);
    });

    it('rejected, leaves the game as it was and lifts the pause; subscribers see the dispute change', async () => {
      // A stranger may not follow the game's disputes; a player of the game may.
      const url = await api.listen();
      const stranger = wsClientAs(url, eve.token);
      const refused = stranger.iterate({ query: `subscription { disputeChanges(gameId: "${gameId}") { status } }` });
      const refusal = (await refused.next()).value as { errors?: { extensions?: { code?: string; domainCode?: string } }[] };
      expect(refusal.errors?.map((error) => ({ code: error.extensions?.code, domainCode: error.extensions?.domainCode }))).toEqual([
        { code: 'FORBIDDEN', domainCode: 'NOT_A_PARTICIPANT' },
      ]);
      await stranger.dispose();
      client = wsClientAs(url, ann.token);
      const changes = client.iterate<{ disputeChanges: { status: string; claim: string } }>({ query: `subscription { disputeChanges(gameId: "${gameId}") { status claim } }` });
      // graphql-ws subscribes asynchronously: give the server a moment to register the subscription.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const { game: before } = await audit(gameId);
      const last = before.events.edges[before.events.edges.length - 1]?.node;
      if (!last) throw new Error('no events');
      const { openDispute } = await dataAs<{ openDispute: DisputeView }>(api, bob.token, OPEN_DISPUTE, { input: { gameId, revision: last.revision, claim: 'Too fast' } });
      expect(errorOf(await gqlAs(api, bob.token, FINISH_TRADING, { input: { gameId, playerId: 'p-bob' } }))).toEqual({ code: 'RULE_VIOLATION', domainCode: 'GAME_PAUSED' });
      const { ruleOnDispute } = await dataAs<{ ruleOnDispute: DisputeView }>(api, olga.token, RULE, { input: { disputeId: openDispute.id, decision: 'REJECT', reason: 'It was fine' } });
      expect(ruleOnDispute).toMatchObject({ status: 'REJECTED', ruling: { outcome: 'REJECTED', reason: 'It was fine', remedy: null, remedyRevisions: [] } });
      const { game: after } = await audit(gameId);
      // Nothing changed but the record of the dispute next to the event it names.
      const withoutDisputes = (game: AuditView['game']) => ({ ...game, events: game.events.edges.map(({ node: { disputes: _disputes, ...node } }) => node) });
      expect(withoutDisputes(after)).toEqual(withoutDisputes(before));
      expect(after.events.edges.find((edge) => edge.node.id === last.id)?.node.disputes).toEqual([{ id: openDispute.id, status: 'REJECTED', ruling: { ruledBy: olga.accountId, reason: 'It was fine' } }]);
      await command(bob.token, FINISH_TRADING, { gameId, playerId: 'p-bob' });
      const seen = await takeUntil(changes, (taken) => taken.some((item) => item.disputeChanges.status === 'REJECTED'));
      expect(seen.map((item) => item.disputeChanges)).toEqual([
        { status: 'OPEN', claim: 'Too fast' },
        { status: 'REJECTED', claim: 'Too fast' },
      ]);
      await changes.return?.();

      const { disputes } = await dataAs<{ disputes: { id: string; status: string }[] }>(api, ann.token, DISPUTES, { gameId });
      expect(disputes).toEqual([
        { id: disputeId, status: 'UPHELD' },
        { id: openDispute.id, status: 'REJECTED' },
      ]);
      const inLeague = await dataAs<{ disputes: { id: string }[] }>(api, olga.token, DISPUTES, { leagueId, status: 'UPHELD' });
      expect(inLeague.disputes).toHaveLength(2);
      // Disputes are for the game's players and referees: a stranger is refused a game's, and lists none.
      expect(errorOf(await gqlAs(api, eve.token, DISPUTES, { gameId }))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_A_PARTICIPANT' });
      expect(errorOf(await gqlAs(api, eve.token, DISPUTE, { id: disputeId }))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_A_PARTICIPANT' });
      expect((await dataAs<{ disputes: unknown[] }>(api, eve.token, DISPUTES, { leagueId })).disputes).toEqual([]);
      expect((await dataAs<{ disputes: unknown[] }>(api, undefined, DISPUTES, {})).disputes).toEqual([]);
      expect(errorOf(await gqlAs(api, undefined, DISPUTE, { id: disputeId }))).toEqual({ code: 'FORBIDDEN', domainCode: 'SIGN_IN_REQUIRED' });
    });
  });
});
