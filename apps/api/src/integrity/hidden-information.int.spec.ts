import type { RecordedEvent } from '@corbeille/event-store';
import { fairInt, verifyPublishedFairness, type PublishedFairness } from '@corbeille/integrity';
import type { SeedStore } from '@corbeille/integrity';
import { seededRandom } from '@corbeille/kernel';
import { BOLSA_GAME, MAXI_BOURSE_GAME, streamIdFor } from '@corbeille/projections';
import { chooseBotMove as chooseBolsaMove } from '../testing/bolsa-bot';
import { BolsaDriver } from '../testing/bolsa-driver';
import { BOLSA_FULL, BOLSA_MONTH_FIELDS, type BolsaOutcomeEvent } from '../testing/bolsa-operations';
import { takeUntil, wsClient } from '../testing/subscription-helpers';
import { asTestPlayer, TestAccessPolicy, testAuthenticator, TEST_REFEREE } from '../testing/test-access-policy';
import { startTestApp, type TestApp } from '../testing/test-app';
import { SEED_STORE } from '../infrastructure/infrastructure.tokens';
import { chooseBotMove as chooseMaxiBourseMove } from '../maxi-bourse/testing/maxi-bourse-bot';
import { MaxiBourseDriver } from '../maxi-bourse/testing/maxi-bourse-driver';

/**
 * Every hidden thing of every game, tried over every path as every viewer not entitled to it, during the
 * game and after it, down to what the fairness record publishes: from it nobody may recompute a card
 * that is still secret.
 *
 * - Maxi Bourse: a Rumours card is its holder's (and the banker's, the referee); a pile's order is the
 *   banker's alone (III.5).
 * - BOLSA: a plan is its author's until the month's reveal (Step 4), referees and their "view as"
 *   included; the newspaper cards a reader drew and put back are the reader's, at the end too (Step 9);
 *   the deck order is nobody's.
 * - Stock Ticker has no hidden information: every roll is public (checked in game-integrity.int.spec.ts:
 *   all its units are public and verified from gameFairness alone).
 */

/** An onlooker signed in but not at the table. */
const ONLOOKER = 'sam';
const HEX = /[0-9a-f]{64}/g;

const FAIRNESS_RECORD = `query Record($gameId: ID!) {
  gameFairness(gameId: $gameId) {
    scheme commitment seedRevealed seed epochs { epoch commitment seed }
    commitments { revision hash nonce }
    batchRoots { batch root revision }
    units { revision position unit batch concealed leaf path seed draws { index min max value } positions { position hash value nonce } }
  }
  verifyGameFairness(gameId: $gameId) { ok seedRevealed drawsChecked drawsPending mismatches { kind message } }
}`;
const MAXI_BOURSE_TABLE = `query Table($id: ID!) { maxiBourseGame(id: $id) { phase state } }`;
const MAXI_BOURSE_AT = `query At($id: ID!, $position: SafeInt, $viewAs: ID) {
  maxiBourseGameAt(id: $id, position: $position, viewAs: $viewAs) { position state players { playerId rumourCount rumours } }
}`;
const BOLSA_AT = `query At($id: ID!, $position: SafeInt, $viewAs: ID) {
  bolsaGameAt(id: $id, position: $position, viewAs: $viewAs) { position phase month state players { playerId shares { company shares } hasSubmittedPlan } }
}`;
const BOLSA_MONTH = `query Month($id: ID!) { bolsaGame(id: $id) { currentMonth { ${BOLSA_MONTH_FIELDS} } } }`;
const EVENTS_SUBSCRIPTION = `subscription Live($gameId: ID!, $after: SafeInt) {
  gameEvents(gameId: $gameId, afterPosition: $after) { position revision type data actor }
}`;

interface ServedEvent {
  readonly position: number;
  readonly revision: number;
  readonly type: string;
  readonly data: unknown;
}

type FairnessRecord = PublishedFairness & { seed: string | null; epochs: { seed: string | null }[] };

/** Everything one viewer is served about a game by every path, and the parts the checks look into. */
interface Served {
  readonly viewer: string;
  readonly events: ServedEvent[];
  readonly live: ServedEvent[];
  readonly record: FairnessRecord;
  /** The game file's fairness line (GET /games/:id/export.ndjson). */
  readonly fileRecord: PublishedFairness;
  readonly blob: string;
}

/** A viewer: a name for the test authenticator (undefined: anonymous), and for a referee the player they look through. */
interface Viewer {
  readonly name: string | undefined;
  readonly viewAs?: string;
}

const label = (viewer: Viewer) => `${viewer.name ?? 'anonymous'}${viewer.viewAs ? ` as ${viewer.viewAs}` : ''}`;
const headersOf = (name: string | undefined) => (name === undefined ? {} : asTestPlayer(name));

describe('hidden information stays hidden on every path, before and after the end', () => {
  let api: TestApp;
  let url: string;

  beforeAll(async () => {
    api = await startTestApp({ fairDice: true, accessPolicy: new TestAccessPolicy(), authenticator: testAuthenticator });
    url = await api.listen();
  });

  afterAll(async () => {
    await api.close();
  });

  const log = (streamId: string) => api.eventStore.readStream(streamId);
  /** The game's secret, set before it is created, so its chance (and what the bots meet) is the same every run. */
  const fixSecret = async (gameId: string, secret: string) => {
    await api.app.get<SeedStore>(SEED_STORE).getOrCreate(gameId, secret);
  };

  /** The game's events as a subscription replays them to the viewer from its start. */
  async function liveEvents(gameId: string, name: string | undefined, firstPosition: number, count: number): Promise<ServedEvent[]> {
    const client = wsClient(url, name);
    // Replayed from after a position: the game's first event is missed only when it is the log's very first.
    const after = Math.max(0, firstPosition - 1);
    if (firstPosition === 0) count -= 1;
    try {
      const live = client.iterate<{ gameEvents: ServedEvent }>({ query: EVENTS_SUBSCRIPTION, variables: { gameId, after } });
      const taken = await takeUntil(live, (results) => results.length >= count, 15_000);
      await live.return?.();
      return taken.map((result) => result.gameEvents);
    } finally {
      await client.dispose();
    }
  }

  /** Everything served to `viewer`: events, live events, the table, time travel at `points`, the fairness record and report. */
  async function servedTo(kind: 'maxi' | 'bolsa', gameId: string, viewer: Viewer, points: readonly number[]): Promise<Served> {
    const headers = headersOf(viewer.name);
    const events =
      kind === 'maxi' ? await new MaxiBourseDriver(api, gameId).allEvents(viewer.name) : await new BolsaDriver(api, gameId).allEvents(viewer.name);
    const live = await liveEvents(gameId, viewer.name, events[0]?.position ?? 0, events.length);
    const table = kind === 'maxi' ? await api.data(MAXI_BOURSE_TABLE, { id: gameId }, headers) : await api.data(BOLSA_FULL, { id: gameId }, headers);
    const month = kind === 'bolsa' ? await api.data(BOLSA_MONTH, { id: gameId }, headers) : null;
    const travels = [];
    for (const position of points) {
      travels.push(await api.data(kind === 'maxi' ? MAXI_BOURSE_AT : BOLSA_AT, { id: gameId, position, viewAs: viewer.viewAs ?? null }, headers));
    }
    const fairness = await api.data<{ gameFairness: FairnessRecord; verifyGameFairness: unknown }>(FAIRNESS_RECORD, { gameId }, headers);
    const answer = await fetch(`${url}/games/${gameId}/export.ndjson`, { headers });
    expect({ viewer: label(viewer), status: answer.status }).toEqual({ viewer: label(viewer), status: 200 });
    const file = (await answer.text())
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const blob = JSON.stringify({ events, live, table, month, travels, fairness, file });
    const fileRecord = file[file.length - 1] as unknown as PublishedFairness;
    return { viewer: label(viewer), events: events as ServedEvent[], live, record: fairness.gameFairness, fileRecord, blob };
  }

  /**
   * The derivation an onlooker would try: take every 64-hex-digit string they were served (revealed seeds,
   * sub-seeds, anything) and see whether it reproduces the draws of a hidden outcome (a shuffle), under
   * either scheme (v1: the game's seed with the command's counters; v2: a unit's sub-seed). Returns what it
   * could recompute.
   */
  function derivableHiddenOutcomes(gameLog: readonly RecordedEvent[], blob: string): string[] {
    const candidates = [...new Set(blob.match(HEX) ?? [])];
    const derived: string[] = [];
    for (const head of gameLog) {
      const draws = head.metadata['draws'] as { index: string; min: number; max: number; value: number; unit?: number }[] | undefined;
      if (!draws || draws.length === 0) continue;
      const units = (head.metadata['units'] as { unit: number; concealed?: boolean }[] | undefined) ?? [];
      const shuffles = gameLog.some((event) => event.metadata.commandId === head.metadata.commandId && /Shuffled$/.test(event.type));
      const hidden = draws.filter((draw) => (draw.unit === undefined ? shuffles : units.find((unit) => unit.unit === draw.unit)?.concealed === true));
      const groups = new Map<number, typeof hidden>();
      for (const draw of hidden) groups.set(draw.unit ?? -1, [...(groups.get(draw.unit ?? -1) ?? []), draw]);
      for (const [unit, group] of groups) {
        if (group.length < 2) continue;
        if (candidates.some((candidate) => group.every((draw) => fairInt(candidate, draw.index, draw.min, draw.max) === draw.value))) {
          derived.push(`revision ${head.revision} unit ${unit}`);
        }
      }
    }
    return derived;
  }

  /** The game file's fairness line is the viewer's gameFairness record, and checks out offline. */
  function expectFileRecordChecks(context: string, served: Served): void {
    const checked = verifyPublishedFairness(served.fileRecord);
    expect({ context, problems: checked.problems }).toEqual({ context, problems: [] });
    expect({ context, draws: checked.drawsChecked, units: checked.unitsChecked }).toEqual({ context, ...(({ drawsChecked, unitsChecked }) => ({ draws: drawsChecked, units: unitsChecked }))(verifyPublishedFairness(served.record)) });
  }

  /** A quoted id, as it would appear in any JSON served. */
  const quoted = (id: string) => JSON.stringify(id);

  it('Maxi Bourse: an unrevealed Rumours card and the piles\' order reach no one but the holder and the banker', async () => {
    const gameId = 'secret-rumours';
    const players = ['ana', 'ben', 'cleo'];
    const driver = new MaxiBourseDriver(api, gameId);
    const random = seededRandom(11);
    await fixSecret(gameId, '07'.repeat(32));
    await driver.create({});
    for (const playerId of players) await driver.join(playerId);
    let decision = (await driver.start()).game.pendingDecision;
    const streamId = streamIdFor(MAXI_BOURSE_GAME, gameId);
    const unrevealed = async () => {
      const events = await log(streamId);
      const revealed = new Set(events.filter((event) => event.type === 'RumourRevealed').map((event) => (event.data as { cardId: string }).cardId));
      return events.flatMap((event) =>
        event.type === 'RumourDrawn' && !revealed.has((event.data as { cardId: string }).cardId) ? [{ ...(event.data as { playerId: string; cardId: string }), position: event.position }] : [],
      );
    };
    // The bots play until a Rumours card is held, or for 600 moves.
    for (let moves = 0; moves < 600 && (await unrevealed()).length === 0 && decision?.phase !== 'FINISHED'; moves += 1) {
      const playerId = decision?.awaiting[0];
      if (!playerId) break;
      // The bots keep their Rumours cards to themselves.
      const move = chooseMaxiBourseMove((await driver.legalActions(playerId)).filter((action) => action.type !== 'REVEAL_RUMOUR'), random);
      if (!move) break;
      decision = (await driver.move(move.mutation, playerId, move.input)).game.pendingDecision;
    }
    const held = await unrevealed();
    if (held.length === 0) {
      const types = (await log(streamId)).map((event) => event.type);
      throw new Error(`No Rumours card held after ${types.length} events: ${[...new Set(types)].join(', ')}; ${JSON.stringify(decision)}`);
    }

    const check = async (moment: string) => {
      const gameLog = await log(streamId);
      const points = [...new Set([...held.map((rumour) => rumour.position), (gameLog[gameLog.length - 1] as RecordedEvent).position])];
      const shuffles = gameLog.filter((event) => event.type === 'DeckShuffled');
      expect(shuffles.length).toBeGreaterThan(0);
      const viewers: Viewer[] = [{ name: undefined }, { name: ONLOOKER }, ...players.map((name) => ({ name })), { name: TEST_REFEREE }, { name: TEST_REFEREE, viewAs: 'ana' }];
      for (const viewer of viewers) {
        const served = await servedTo('maxi', gameId, viewer, points);
        const banker = viewer.name === TEST_REFEREE;
        const context = `${served.viewer}, ${moment}`;
        // Rumours: only the holder and the banker.
        for (const rumour of held) {
          const entitled = banker || viewer.name === rumour.playerId;
          const knownOtherwise = served.events.some((event) => event.type === 'CardDrawn' && (event.data as { cardId: string }).cardId === rumour.cardId);
          if (!entitled && !knownOtherwise) expect({ context, leaked: served.blob.includes(quoted(rumour.cardId)) }).toEqual({ context, leaked: false });
          if (entitled) expect({ context, shown: served.blob.includes(quoted(rumour.cardId)) }).toEqual({ context, shown: true });
        }
        // The piles' order: only the banker, by events, subscriptions, time travel or the fairness record.
        for (const shuffle of shuffles) {
          const order = (shuffle.data as { order: string[] }).order;
          for (const seen of [served.events, served.live].map((list) => list.find((event) => event.position === shuffle.position))) {
            const seenOrder = (seen?.data as { order: unknown[] } | undefined)?.order;
            expect({ context, order: banker ? seenOrder : seenOrder?.some((card, index) => card === order[index]) }).toEqual({ context, order: banker ? order : false });
          }
        }
        const derived = derivableHiddenOutcomes(gameLog, served.blob);
        if (banker) expect(derived.length).toBeGreaterThan(0);
        else expect({ context, derived }).toEqual({ context, derived: [] });
        // What is published checks out for every viewer; a holder can check their own Rumours card.
        const published = verifyPublishedFairness(served.record);
        expect({ context, problems: published.problems }).toEqual({ context, problems: [] });
        expect(published.drawsChecked).toBeGreaterThan(0);
        expectFileRecordChecks(context, served);
        const holder = held.find((rumour) => rumour.playerId === viewer.name && !viewer.viewAs);
        if (holder) {
          const opened = served.record.units.flatMap((unit) => unit.positions).filter((position) => position.value === holder.cardId && position.nonce !== null);
          expect({ context, opened: opened.length > 0 }).toEqual({ context, opened: true });
        }
      }
    };
    await check('during the game');

    // The banker closes the session: nothing hidden is lifted at the end, and a referee's reveal is refused.
    await driver.send('closeMaxiBourseSession', {}, TEST_REFEREE);
    expect((await driver.status()).phase).toBe('FINISHED');
    const reveal = await api.gql(`mutation { revealGameSeed(input: { gameId: "${gameId}", reason: "audit" }) { seedRevealed } }`, {}, asTestPlayer(TEST_REFEREE));
    expect(reveal.errors?.[0]?.extensions).toMatchObject({ domainCode: 'SEED_NOT_REVEALABLE' });
    await check('after the game');
  }, 180_000);

  it('BOLSA: plans before the reveal, drawn and returned newspaper cards and the deck order reach no one but their owner', async () => {
    const gameId = 'secret-newspaper';
    const players = ['alice', 'bob', 'carol'];
    const driver = new BolsaDriver(api, gameId);
    const random = seededRandom(3);
    await fixSecret(gameId, 'b2'.repeat(32));
    await driver.create({ planningSeconds: 60, lastMonth: 3 });
    for (const playerId of players) await driver.join(playerId);
    await driver.start();
    const streamId = streamIdFor(BOLSA_GAME, gameId);
    const viewers = (owner: string): Viewer[] => [
      { name: undefined },
      { name: ONLOOKER },
      ...players.filter((name) => name !== owner).map((name) => ({ name })),
      { name: TEST_REFEREE },
      { name: TEST_REFEREE, viewAs: owner },
    ];

    // Alice plans first, reading the newspaper: until the others have planned, her plan is hers alone.
    const submitted = await driver.plan('alice', [{ action: 'BUY', company: 'CEREAL' }, { action: 'NEWSPAPER' }, { action: 'NEWSPAPER' }]);
    const plan = submitted.events.find((event) => event.type === 'PlanSubmitted') as BolsaOutcomeEvent;
    expect((plan.data as { plan: unknown }).plan).not.toBeNull();
    // What would let anyone try every plan against a digest: the commitment's nonce and the command binding's salt.
    const stored = (await log(streamId)).find((event) => event.position === plan.position) as RecordedEvent;
    const brute = [stored.metadata['commitmentNonce'], (stored.metadata['commandBinding'] as { salt?: unknown } | undefined)?.salt];
    expect(brute.every((value) => typeof value === 'string')).toBe(true);
    for (const viewer of viewers('alice')) {
      const served = await servedTo('bolsa', gameId, viewer, [plan.position]);
      const context = served.viewer;
      expect({ context, served: brute.filter((value) => served.blob.includes(String(value))) }).toEqual({ context, served: [] });
      for (const list of [served.events, served.live]) {
        expect({ context, plan: (list.find((event) => event.position === plan.position)?.data as { plan: unknown }).plan }).toEqual({ context, plan: null });
      }
      const state = JSON.parse(served.blob) as { travels: { bolsaGameAt: { state: { table: { myPlan: unknown; revealedPlans: unknown } } } }[]; month: unknown; table: { bolsaGame: { state: { table: { myPlan: unknown } } } } };
      expect({ context, myPlan: state.travels[0]?.bolsaGameAt.state.table.myPlan, revealed: state.travels[0]?.bolsaGameAt.state.table.revealedPlans }).toEqual({ context, myPlan: null, revealed: null });
      expect({ context, myPlan: state.table.bolsaGame.state.table.myPlan }).toEqual({ context, myPlan: null });
      expect({ context, month: JSON.stringify(state.month).includes('"CEREAL"') }).toEqual({ context, month: false });
    }
    // Alice herself sees it (so the checks above can fail).
    const own = await servedTo('bolsa', gameId, { name: 'alice' }, [plan.position]);
    expect((own.events.find((event) => event.position === plan.position)?.data as { plan: unknown }).plan).not.toBeNull();

    // The bots play the year out; Alice reads the newspaper whenever she may. A plan may be replaced until the
    // month's reveal: each player plans once a month, so the month moves on.
    const planned = new Set<string>([`${(await driver.status()).month}:alice`]);
    const firstPlanOfMonth = (month: number, playerId: string) => !planned.has(`${month}:${playerId}`) && Boolean(planned.add(`${month}:${playerId}`));
    let chosen: RecordedEvent | undefined;
    for (let moves = 0; moves < 200; moves += 1) {
      const { phase, month } = await driver.status();
      if (phase === 'FINISHED') break;
      let moved = false;
      for (const playerId of players) {
        for (const action of await driver.legalActions(playerId)) {
          const move = chooseBolsaMove(action, random);
          if (move?.kind === 'plan' && firstPlanOfMonth(month, playerId)) await driver.plan(playerId, playerId === 'alice' ? [{ action: 'NEWSPAPER' }] : move.markers);
          else if (move?.kind === 'card') await driver.choose(playerId, move.cardId);
          else continue;
          moved = true;
          break;
        }
        if (moved) break;
      }
      if (!moved) await driver.closePlanning();
      const gameLog = await log(streamId);
      chosen ??= gameLog.find((event) => event.type === 'NewspaperCardChosen' && (event.data as { returned: string[] }).returned.length > 0);
      if (chosen) break;
    }
    if (!chosen) throw new Error('No reader chose a newspaper card');
    const reader = (chosen.data as { playerId: string }).playerId;
    const returned = (chosen.data as { returned: string[] }).returned;

    const check = async (moment: string) => {
      const gameLog = await log(streamId);
      const drawn = gameLog.filter((event) => event.type === 'NewspaperCardsDrawn');
      const points = [...new Set([chosen?.position as number, ...drawn.map((event) => event.position), (gameLog[gameLog.length - 1] as RecordedEvent).position])];
      for (const viewer of viewers(reader)) {
        const served = await servedTo('bolsa', gameId, viewer, points);
        const context = `${served.viewer}, ${moment}`;
        // Cards a viewer saw otherwise: played or skipped (turned over), or drawn as a reader themselves.
        const seen = new Set(
          served.events.flatMap((event) => {
            const data = event.data as { cardId?: string | null; cards?: string[] | null };
            if (event.type === 'NewspaperCardPlayed' || event.type === 'NewspaperCardSkipped') return data.cardId ? [data.cardId] : [];
            return event.type === 'NewspaperCardsDrawn' && data.cards ? data.cards : [];
          }),
        );
        for (const card of returned.filter((id) => !seen.has(id))) {
          expect({ context, card, leaked: served.blob.includes(quoted(card)) }).toEqual({ context, card, leaked: false });
        }
        for (const list of [served.events, served.live]) {
          const seenChoice = list.find((event) => event.position === chosen?.position)?.data as { returned: unknown };
          expect({ context, returned: seenChoice.returned }).toEqual({ context, returned: null });
          for (const event of list.filter((candidate) => candidate.type === 'NewspaperDeckShuffled')) {
            expect({ context, order: (event.data as { order: unknown }).order }).toEqual({ context, order: null });
          }
        }
        const travels = (JSON.parse(served.blob) as { travels: { bolsaGameAt: { state: { table: { newspaper: { myHand: unknown } } } } }[] }).travels;
        // Time travel shows a newspaper hand only to the reader who holds it, never through a referee's "view as".
        for (const travel of travels) {
          const hand = travel.bolsaGameAt.state.table.newspaper.myHand as { drawn: string[] } | null;
          const cards = hand?.drawn ?? [];
          const foreign = viewer.viewAs ? cards : cards.filter((card) => !seen.has(card));
          expect({ context, foreign }).toEqual({ context, foreign: [] });
        }
        expect({ context, derived: derivableHiddenOutcomes(gameLog, served.blob) }).toEqual({ context, derived: [] });
        const published = verifyPublishedFairness(served.record);
        expect({ context, problems: published.problems }).toEqual({ context, problems: [] });
        expectFileRecordChecks(context, served);
      }
      // The reader sees the cards they put back, and can check each against the deck's commitment.
      const own = await servedTo('bolsa', gameId, { name: reader }, points);
      for (const card of returned) expect(own.blob.includes(quoted(card))).toBe(true);
      const opened = new Set(own.record.units.flatMap((unit) => unit.positions).flatMap((position) => (position.nonce !== null ? [position.value] : [])));
      expect(returned.filter((card) => !opened.has(card))).toEqual([]);
      expect(verifyPublishedFairness(own.record)).toMatchObject({ ok: true, positionsChecked: expect.any(Number) });
      expect(derivableHiddenOutcomes(gameLog, own.blob)).toEqual([]);
    };
    await check('during the game');

    // To the end of the year: the secrets stay secret.
    for (let moves = 0; moves < 200; moves += 1) {
      const { phase, month } = await driver.status();
      if (phase === 'FINISHED') break;
      let moved = false;
      for (const playerId of players) {
        for (const action of await driver.legalActions(playerId)) {
          const move = chooseBolsaMove(action, random);
          if (move?.kind === 'plan' && firstPlanOfMonth(month, playerId)) await driver.plan(playerId, move.markers);
          else if (move?.kind === 'card') await driver.choose(playerId, move.cardId);
          else continue;
          moved = true;
          break;
        }
        if (moved) break;
      }
      if (!moved) await driver.closePlanning();
    }
    expect((await driver.status()).phase).toBe('FINISHED');
    await check('after the game');
  }, 240_000);
});
