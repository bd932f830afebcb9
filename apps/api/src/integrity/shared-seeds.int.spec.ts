import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SeedStore } from '@corbeille/integrity';
import type { ProjectionEngine } from '@corbeille/projections';
import { OpenAccessPolicy } from '../access/open-access.policy';
import type { AppConfig } from '../config/app-config';
import { PROJECTIONS, SEED_STORE } from '../infrastructure/infrastructure.tokens';
import { GameDriver } from '../testing/game-driver';
import { startTestApp, type TestApp } from '../testing/test-app';

const SEEDS_KEY = 'a-key-both-instances-share-0123456789abcdef';
const TURN = `query Turn($id: ID!) {
  game(id: $id) { phase alice: legalActions(playerId: "alice") { type } bob: legalActions(playerId: "bob") { type } }
}`;
const FAIRNESS = `query Fairness($gameId: ID!) { gameFairness(gameId: $gameId) { scheme seedRevealed seed } }`;
const VERIFY = `query Verify($gameId: ID!) { verifyGameFairness(gameId: $gameId) { ok drawsChecked drawsPending mismatches { kind message } } }`;
type Turn = { game: { phase: string; alice: { type: string }[]; bob: { type: string }[] } };

/**
 * Two API instances on one event store, each with its own data directory (read models, and the seed file
 * when seeds are not shared), like the cluster's instances on one EventStoreDB.
 */
describe('a game created on one API instance and played on another', () => {
  let shared: string;
  const apps: TestApp[] = [];

  beforeEach(() => {
    shared = mkdtempSync(join(tmpdir(), 'corbeille-shared-log-'));
  });

  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    rmSync(shared, { recursive: true, force: true });
  });

  async function instance(config: Partial<AppConfig>): Promise<TestApp> {
    const dataDir = mkdtempSync(join(tmpdir(), 'corbeille-instance-'));
    const app = await startTestApp({
      fairDice: true,
      accessPolicy: new OpenAccessPolicy(),
      dataDir,
      config: { eventsPath: join(shared, 'events.sqlite'), ...config },
    });
    apps.push(app);
    return app;
  }

  /** The other instance's read models follow the shared log by polling it: wait until they have seen `position`. */
  async function seenBy(api: TestApp, position: number): Promise<void> {
    await api.app.get<ProjectionEngine>(PROJECTIONS).waitFor(position, 10_000);
  }

  async function createAndStart(api: TestApp, gameId: string): Promise<number> {
    const driver = new GameDriver(api, gameId);
    await driver.create({ roundLimit: 1 });
    await driver.join('alice', 'Alice');
    await driver.join('bob', 'Bob');
    await driver.start('alice');
    await driver.buy('alice', 'GOLD', 500);
    const bought = await driver.buy('bob', 'OIL', 500);
    return Math.max(...bought.events.map((event) => event.position));
  }

  it('keeps its committed seed when the instances share seeds through the event store (SEEDS_KEY)', async () => {
    const first = await instance({ seedsKey: SEEDS_KEY, secretsPath: join(shared, 'never-used.sqlite') });
    const second = await instance({ seedsKey: SEEDS_KEY, secretsPath: join(shared, 'never-used-either.sqlite') });
    await seenBy(second, await createAndStart(first, 'shared-1'));
    const seed = (await first.app.get<SeedStore>(SEED_STORE).get('shared-1'))?.seed;
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await first.eventStore.readAll())).not.toContain(seed);

    const driver = new GameDriver(second, 'shared-1');
    for (let step = 0; step < 50; step += 1) {
      const { game } = await second.data<Turn>(TURN, { id: 'shared-1' });
      if (game.phase === 'FINISHED') break;
      const [player, actions] = game.alice.length > 0 ? (['alice', game.alice] as const) : (['bob', game.bob] as const);
      if (actions.some((action) => action.type === 'ROLL_DICE' || action.type === 'RollDice')) await driver.roll(player);
      else await driver.finish(player);
    }
    // The game's secret is never revealed (hmac-sha256-v2): every draw of the second instance is checked against
    // the sub-seeds the first committed to at the game's creation, so a different secret would be a mismatch.
    const fairness = await second.data<{ gameFairness: { scheme: string; seedRevealed: boolean; seed: string | null } }>(FAIRNESS, { gameId: 'shared-1' });
    expect(fairness.gameFairness).toEqual({ scheme: 'hmac-sha256-v2', seedRevealed: false, seed: null });
    const report = await second.data<{ verifyGameFairness: { ok: boolean; drawsChecked: number; drawsPending: number; mismatches: unknown[] } }>(VERIFY, { gameId: 'shared-1' });
    expect(report.verifyGameFairness).toMatchObject({ ok: true, drawsPending: 0, mismatches: [] });
    expect(report.verifyGameFairness.drawsChecked).toBeGreaterThan(0);
  });

  it('refuses, writing nothing, to play on with unverifiable chance when the other instance has not got the seed', async () => {
    const first = await instance({ secretsPath: join(shared, 'first.secrets.sqlite') });
    const second = await instance({ secretsPath: join(shared, 'second.secrets.sqlite') });
    await seenBy(second, await createAndStart(first, 'unshared-1'));
    const before = (await second.eventStore.readAll()).length;

    await expect(new GameDriver(second, 'unshared-1').buy('alice', 'OIL', 500)).rejects.toThrow('"code":"INTERNAL_SERVER_ERROR"');
    expect((await second.eventStore.readAll()).length).toBe(before);
    // The instance that holds the seed plays on.
    await new GameDriver(first, 'unshared-1').buy('alice', 'OIL', 500);
  });
});
