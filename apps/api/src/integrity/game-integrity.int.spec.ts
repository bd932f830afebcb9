import { createHash } from 'node:crypto';
import { asPlayerId, type Viewer } from '@corbeille/kernel';
import type { SeedStore } from '@corbeille/integrity';
import { CommandHandler } from '@corbeille/application';
import type { EventStore } from '@corbeille/event-store';
import { batchTree, canonicalJson, FAIRNESS_SCHEME, integrityStreamOf, IntegrityRecorder, rootOf, verifyPublishedFairness, type PublishedFairness } from '@corbeille/integrity';
import { noRandom } from '@corbeille/kernel';
import { gameOfStream, STOCK_TICKER_GAME, streamIdFor } from '@corbeille/projections';
import { stockTicker } from '@corbeille/stock-ticker';
import type { Principal } from '../access/access.port';
import { OpenAccessPolicy } from '../access/open-access.policy';
import { EVENT_STORE, SEED_STORE } from '../infrastructure/infrastructure.tokens';
import { BolsaDriver } from '../testing/bolsa-driver';
import { GameDriver } from '../testing/game-driver';
import { asTestPlayer, testAuthenticator, TEST_REFEREE } from '../testing/test-access-policy';
import { startTestApp, type TestApp } from '../testing/test-app';

/** Anyone may play (as in the game tests); a test header says who reads as the referee or as a player. */
class RefereeByHeaderPolicy extends OpenAccessPolicy {
  override async viewerFor(principal?: Principal): Promise<Viewer> {
    if (principal?.kind !== 'account') return { kind: 'spectator' };
    return principal.scopes.includes('referee') ? { kind: 'referee' } : { kind: 'player', playerId: asPlayerId(principal.accountId) };
  }
}

const FAIRNESS = `query Fairness($gameId: ID!) {
  gameFairness(gameId: $gameId) { gameId scheme commitment engineGame engineVersion seedRevealed seed revealReason revealedAtPosition }
}`;
const COMMITMENTS = `query Commitments($gameId: ID!) {
  gameFairness(gameId: $gameId) { commitments { revision position eventType scheme hash nonce } }
}`;
const VERIFY = `query Verify($gameId: ID!) {
  verifyGameFairness(gameId: $gameId) {
    gameId ok seedRevealed epochs drawsPending commitment engineVersion drawsChecked commandsReplayed checksumsChecked commitmentsChecked
    mismatches { kind revision position message }
  }
}`;
const PUBLISHED = `query Published($gameId: ID!) {
  gameFairness(gameId: $gameId) {
    batchRoots { batch root revision }
    units { revision position unit batch concealed leaf path seed draws { index min max value } positions { position hash value nonce } }
  }
}`;
const REVEAL = `mutation Reveal($input: RevealGameSeedInput!) {
  revealGameSeed(input: $input) { gameId seedRevealed seed revealReason revealedAtPosition }
}`;
const TURN = `query Turn($id: ID!) {
  game(id: $id) { phase alice: legalActions(playerId: "alice") { type } bob: legalActions(playerId: "bob") { type } }
}`;
const EVERYTHING = `query Everything($id: ID!) {
  game(id: $id) { phase events(first: 100) { edges { node { id position revision type data occurredAt actor commandId } } } }
  gameAt(id: $id, revision: 3) { state }
}`;

interface Fairness {
  gameId: string;
  scheme: string | null;
  commitment: string | null;
  engineGame: string | null;
  engineVersion: string | null;
  seedRevealed: boolean;
  seed: string | null;
  revealReason: string | null;
  revealedAtPosition: number | null;
}

interface Report {
  ok: boolean;
  seedRevealed: boolean;
  epochs: number;
  drawsPending: number;
  drawsChecked: number;
  commandsReplayed: number;
  checksumsChecked: number;
  mismatches: { kind: string; revision: number; position: number; message: string }[];
}

type Turn = { game: { phase: string; alice: { type: string }[]; bob: { type: string }[] } };

describe('provably fair dice over GraphQL', () => {
  let api: TestApp;
  let seeds: SeedStore;

  beforeAll(async () => {
    api = await startTestApp({ fairDice: true, accessPolicy: new RefereeByHeaderPolicy(), authenticator: testAuthenticator });
    seeds = api.app.get<SeedStore>(SEED_STORE);
  });

  afterAll(async () => {
    await api.close();
  });

  const fairness = async (gameId: string) => (await api.data<{ gameFairness: Fairness }>(FAIRNESS, { gameId })).gameFairness;
  type Commitment = { revision: number; position: number; eventType: string; scheme: string; hash: string; nonce: string | null };
  const commitmentsAs = async (gameId: string, name: string) =>
    (await api.data<{ gameFairness: { commitments: Commitment[] } }>(COMMITMENTS, { gameId }, asTestPlayer(name))).gameFairness.commitments;
  const published = async (gameId: string) => (await api.data<{ gameFairness: PublishedFairness }>(PUBLISHED, { gameId })).gameFairness;
  /** Creates a game as a server did before hmac-sha256-v2: its first event commits to its seed with the old scheme. */
  async function createWithOldScheme(gameId: string): Promise<void> {
    const recorder = new IntegrityRecorder({
      seeds,
      gameOf: (streamId) => {
        const found = gameOfStream(streamId);
        return found && { gameId: found.gameId, rules: found.game };
      },
      plain: () => noRandom,
      newGameScheme: FAIRNESS_SCHEME,
    });
    const handler = new CommandHandler(api.app.get<EventStore>(EVENT_STORE), { randomSource: recorder.randomSource, annotate: recorder.annotate, clock: () => new Date().toISOString() });
    await handler.handle(stockTicker, streamIdFor(STOCK_TICKER_GAME, gameId), {
      command: { type: 'CreateGame', data: { gameId, options: { roundLimit: 2 } } },
      commandId: `create-${gameId}`,
      actor: 'referee',
    });
  }
  const verify = async (gameId: string) => (await api.data<{ verifyGameFairness: Report }>(VERIFY, { gameId })).verifyGameFairness;

  async function startGame(gameId: string): Promise<GameDriver> {
    const driver = new GameDriver(api, gameId);
    await driver.create({ roundLimit: 2 });
    await driver.join('alice', 'Alice');
    await driver.join('bob', 'Bob');
    await driver.start('alice');
    await driver.buy('alice', 'GOLD', 500);
    await driver.buy('bob', 'OIL', 500);
    return driver;
  }

  /** Finishes trading and rolls, whoever's turn it is, until the round limit ends the game. */
  async function playToTheEnd(driver: GameDriver): Promise<void> {
    for (let step = 0; step < 100; step += 1) {
      const { game } = await api.data<Turn>(TURN, { id: driver.gameId });
      if (game.phase === 'FINISHED') return;
      const [player, actions] = game.alice.length > 0 ? (['alice', game.alice] as const) : (['bob', game.bob] as const);
      if (actions.some((action) => action.type === 'ROLL_DICE' || action.type === 'RollDice')) await driver.roll(player);
      else await driver.finish(player);
    }
    throw new Error('The game did not end in 100 moves');
  }

  it('records only the batch commitment and the engine pin, never serves the secret, and publishes each roll with its own sub-seed', async () => {
    const driver = await startGame('fair-1');
    const seed = (await seeds.get('fair-1'))?.seed;
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    const before = await fairness('fair-1');
    expect(before).toEqual({
      gameId: 'fair-1',
      scheme: 'hmac-sha256-v2',
      commitment: rootOf(batchTree(seed as string, 0)),
      engineGame: 'stock-ticker',
      engineVersion: '1',
      seedRevealed: false,
      seed: null,
      revealReason: null,
      revealedAtPosition: null,
    });
    await playToTheEnd(driver);
    // The secret is in nothing served (events, time travel, the verifier, the fairness record), nor in the log, even at the end.
    const served = JSON.stringify([await api.data(EVERYTHING, { id: 'fair-1' }), await verify('fair-1'), await published('fair-1')]);
    expect(served).not.toContain(seed);
    expect(JSON.stringify(await api.eventStore.readAll())).not.toContain(seed);
    expect(await fairness('fair-1')).toMatchObject({ seedRevealed: false, seed: null });

    const report = await verify('fair-1');
    expect(report).toMatchObject({ ok: true, seedRevealed: false, drawsPending: 0, mismatches: [] });
    expect(report.drawsChecked).toBeGreaterThan(0);
    expect(report.commandsReplayed).toBeGreaterThan(0);
    expect(report.checksumsChecked).toBeGreaterThanOrEqual(2);
    // Every roll is public, so anyone checks each one from what gameFairness publishes alone.
    const record = await published('fair-1');
    expect(record.units.length).toBeGreaterThan(0);
    expect(record.units.every((unit) => unit.seed !== null && !unit.concealed)).toBe(true);
    const check = verifyPublishedFairness(record);
    expect(check).toMatchObject({ ok: true, problems: [] });
    expect(check.drawsChecked).toBe(report.drawsChecked);
  });

  it('reveals no secret of a v2 game early, to no one; a referee still reveals an hmac-sha256-v1 game\'s seed early, for everyone to verify', async () => {
    const driver = await startGame('fair-v2');
    const asReferee = await api.gql(REVEAL, { input: { gameId: 'fair-v2', reason: 'Bob disputes the roll' } }, asTestPlayer(TEST_REFEREE));
    expect(asReferee.errors?.[0]?.extensions).toMatchObject({ code: 'RULE_VIOLATION', domainCode: 'SEED_NOT_REVEALABLE' });
    expect(await api.eventStore.readStream(integrityStreamOf('fair-v2'))).toHaveLength(0);
    await driver.finish('alice');

    // A game recorded before v2 (its first event written with the old scheme) goes on with it, early reveal included.
    await createWithOldScheme('fair-2');
    const old = new GameDriver(api, 'fair-2');
    await old.join('alice', 'Alice');
    await old.join('bob', 'Bob');
    await old.start('alice');
    await old.buy('alice', 'GOLD', 500);
    await old.buy('bob', 'OIL', 500);
    await old.finish('alice');
    await old.finish('bob');
    await old.roll('alice');
    expect((await fairness('fair-2')).scheme).toBe('hmac-sha256-v1');

    const refused = await api.gql(REVEAL, { input: { gameId: 'fair-2', reason: 'Bob disputes the roll' } }, asTestPlayer('bob'));
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', domainCode: 'REFEREE_ONLY' });
    expect((await fairness('fair-2')).seedRevealed).toBe(false);

    const input = { gameId: 'fair-2', reason: 'Bob disputes the roll', commandId: 'reveal-fair-2' };
    const revealed = await api.data<{ revealGameSeed: Fairness }>(REVEAL, { input }, asTestPlayer(TEST_REFEREE));
    const seed = (await seeds.get('fair-2', 0))?.seed;
    expect(revealed.revealGameSeed).toMatchObject({ seedRevealed: true, seed, revealReason: 'Bob disputes the roll' });
    // In the log, append-only, in the game's integrity stream; and public.
    const [record] = await api.eventStore.readStream(integrityStreamOf('fair-2'));
    expect(record).toMatchObject({ type: 'GameSeedRevealed', data: { gameId: 'fair-2', seed, epoch: 0, reason: 'Bob disputes the roll', revealedBy: TEST_REFEREE } });
    expect(await fairness('fair-2')).toMatchObject({ seedRevealed: true, seed, revealedAtPosition: record?.position });
    const early = await verify('fair-2');
    expect(early).toMatchObject({ ok: true, seedRevealed: true, epochs: 2, drawsPending: 0 });
    expect(early.drawsChecked).toBeGreaterThan(0);

    // A retried request reveals nothing more; the game goes on with a fresh seed, committed to by the reveal.
    await api.data(REVEAL, { input }, asTestPlayer(TEST_REFEREE));
    expect(await api.eventStore.readStream(integrityStreamOf('fair-2'))).toHaveLength(1);
    const next = await seeds.get('fair-2');
    expect(next?.epoch).toBe(1);
    expect((record?.data as { nextCommitment: string }).nextCommitment).toBe(createHash('sha256').update(Buffer.from(next?.seed as string, 'hex')).digest('hex'));
    await old.roll('bob');
    expect(await verify('fair-2')).toMatchObject({ ok: true, seedRevealed: false, drawsPending: 3 });
    expect(JSON.stringify(await api.data(EVERYTHING, { id: 'fair-2' }))).not.toContain(next?.seed);

    // At the end the last seed is revealed too, and every draw checks out.
    await playToTheEnd(old);
    const final = await verify('fair-2');
    expect(final).toMatchObject({ ok: true, seedRevealed: true, epochs: 2, drawsPending: 0 });
  });

  it('commits to each BOLSA plan with a hidden nonce, shown once the plan is, so anyone can check plan = commitment', async () => {
    const driver = new BolsaDriver(api, 'fair-bolsa');
    await driver.create({ planningSeconds: 60 });
    for (const playerId of ['alice', 'bob', 'carol']) await driver.join(playerId);
    await driver.start();
    const submitted = await driver.plan('alice', [{ action: 'BUY', company: 'CEREAL' }, { action: 'BUY', company: 'CEREAL' }, { action: 'NEWSPAPER' }]);
    const revision = submitted.events.find((event) => event.type === 'PlanSubmitted')?.revision;

    // Bob sees that Alice committed to a plan, not the plan nor the nonce; Alice sees her nonce.
    const [seenByBob] = await commitmentsAs('fair-bolsa', 'bob');
    expect(seenByBob).toMatchObject({ revision, eventType: 'PlanSubmitted', scheme: 'sha256-canonical-json-v1', hash: expect.stringMatching(/^[0-9a-f]{64}$/), nonce: null });
    const [seenByAlice] = await commitmentsAs('fair-bolsa', 'alice');
    expect(seenByAlice?.nonce).toMatch(/^[0-9a-f]{32}$/);

    await driver.plan('bob', [{ action: 'BUY', company: 'BIOTECH' }]);
    await driver.plan('carol', [{ action: 'BUY', company: 'INDUSTRIAL' }]);
    // Revealed: Bob now gets every nonce, and Alice's plan hashes to what was committed before he could see it.
    const revealed = await commitmentsAs('fair-bolsa', 'bob');
    expect(revealed).toHaveLength(3);
    expect(revealed.every((commitment) => commitment.nonce !== null)).toBe(true);
    const events = await driver.allEvents('bob');
    const alicePlan = events.find((event) => event.revision === revision)?.data as { plan: unknown };
    const hash = createHash('sha256').update(canonicalJson({ nonce: revealed[0]?.nonce, value: alicePlan.plan })).digest('hex');
    expect(hash).toBe(seenByBob?.hash);
    expect(await verify('fair-bolsa')).toMatchObject({ ok: true, seedRevealed: false });
  });
});
