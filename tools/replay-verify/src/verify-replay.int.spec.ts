import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { heuristicBot, playWholeGame } from '@corbeille/bolsa';
import { heuristicBot as maxiBourseBot, playWholeGame as playMaxiBourse, randomBot } from '@corbeille/maxi-bourse';
import { InMemoryEventStore } from '@corbeille/event-store';
import { seededRandom } from '@corbeille/kernel';
import { createProjectionEngine } from '@corbeille/projections';
import { DEMO_CLASS_GAMES, DEMO_GAMES, seedDemoLeague } from '@corbeille/tools-demo';
import { verifyReplay } from './verify-replay';

describe('replay verifier', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'corbeille-verify-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('finds every game consistent after a clean projection, and catches a tampered read model', async () => {
    const store = new InMemoryEventStore();
    await seedDemoLeague({ store });
    const path = join(dir, 'read-models.sqlite');
    const projections = createProjectionEngine({ eventStore: store, path });
    await projections.start();
    const clean = await verifyReplay(store, projections);
    expect(clean.ok).toBe(true);
    expect(clean.missing).toEqual([]);
    expect(clean.games).toHaveLength(DEMO_GAMES.length + DEMO_CLASS_GAMES.length);
    expect(clean.games.every((game) => game.eventsFolded > 0)).toBe(true);
    await projections.stop();

    // Someone edits a portfolio behind the projections' back.
    const db = new Database(path);
    const row = db.prepare("SELECT portfolios FROM games WHERE game_id = 'demo-2'").get() as { portfolios: string };
    const portfolios = JSON.parse(row.portfolios) as { cash: number }[];
    if (portfolios[0]) portfolios[0].cash += 100;
    db.prepare("UPDATE games SET portfolios = ? WHERE game_id = 'demo-2'").run(JSON.stringify(portfolios));
    db.prepare("DELETE FROM games WHERE game_id = 'demo-4'").run();
    db.close();

    const reopened = createProjectionEngine({ eventStore: store, path });
    const tampered = await verifyReplay(store, reopened);
    expect(tampered.ok).toBe(false);
    expect(tampered.missing).toEqual(['demo-4']);
    const demo2 = tampered.games.find((game) => game.gameId === 'demo-2');
    expect(demo2?.differences.some((difference) => difference.startsWith('portfolios differ'))).toBe(true);
    expect(tampered.games.filter((game) => game.differences.length > 0).map((game) => game.gameId)).toEqual(['demo-2']);
    await reopened.stop();
    await store.close();
  });

  it('re-folds BOLSA games too', async () => {
    const store = new InMemoryEventStore();
    const metadata = { commandId: 'c', actor: 'bot', correlationId: 'c', causationId: 'c', occurredAt: '2026-04-01T10:00:00.000Z' };
    const { events } = playWholeGame({
      gameId: 'b1',
      players: [{ playerId: 'ana', name: 'Ana' }, { playerId: 'ben', name: 'Ben' }, { playerId: 'cy', name: 'Cy' }],
      options: { lastMonth: 3 },
      random: seededRandom(8),
      botFor: () => heuristicBot,
      startTime: metadata.occurredAt,
    });
    await store.appendToStream('bolsa-b1', events.map((event) => ({ ...event, metadata })), 'no-stream');
    const path = join(dir, 'bolsa.sqlite');
    const projections = createProjectionEngine({ eventStore: store, path });
    await projections.start();
    const clean = await verifyReplay(store, projections);
    expect(clean.ok).toBe(true);
    expect(clean.games).toEqual([{ gameId: 'b1', eventsFolded: events.length, differences: [] }]);
    await projections.stop();

    const db = new Database(path);
    const row = db.prepare("SELECT portfolios FROM games WHERE game_id = 'b1'").get() as { portfolios: string };
    const portfolios = JSON.parse(row.portfolios) as { cash: number }[];
    if (portfolios[1]) portfolios[1].cash += 5;
    db.prepare("UPDATE games SET portfolios = ? WHERE game_id = 'b1'").run(JSON.stringify(portfolios));
    db.close();
    const reopened = createProjectionEngine({ eventStore: store, path });
    const tampered = await verifyReplay(store, reopened);
    expect(tampered.ok).toBe(false);
    expect(tampered.games[0]?.differences).toEqual([expect.stringContaining('ben has')]);
    await reopened.stop();
    await store.close();
  });

  it('re-folds Maxi Bourse games too', async () => {
    const store = new InMemoryEventStore();
    const metadata = { commandId: 'c', actor: 'bot', correlationId: 'c', causationId: 'c', occurredAt: '2026-04-01T10:00:00.000Z' };
    const { events } = playMaxiBourse({
      gameId: 'm1',
      players: [{ playerId: 'ana', name: 'Ana' }, { playerId: 'ben', name: 'Ben' }, { playerId: 'cy', name: 'Cy' }],
      options: { variant: 'junior', turnLimit: 6 },
      random: seededRandom(4),
      botFor: (playerId) => (playerId === 'ben' ? randomBot : maxiBourseBot),
    });
    await store.appendToStream('maxi-bourse-m1', events.map((event) => ({ ...event, metadata })), 'no-stream');
    const path = join(dir, 'maxi-bourse.sqlite');
    const projections = createProjectionEngine({ eventStore: store, path });
    await projections.start();
    const clean = await verifyReplay(store, projections);
    expect(clean.ok).toBe(true);
    expect(clean.games).toEqual([{ gameId: 'm1', eventsFolded: events.length, differences: [] }]);
    await projections.stop();

    const db = new Database(path);
    const row = db.prepare("SELECT portfolios FROM games WHERE game_id = 'm1'").get() as { portfolios: string };
    const portfolios = JSON.parse(row.portfolios) as { cash: number }[];
    if (portfolios[2]) portfolios[2].cash += 10_000;
    db.prepare("UPDATE games SET portfolios = ? WHERE game_id = 'm1'").run(JSON.stringify(portfolios));
    db.close();
    const reopened = createProjectionEngine({ eventStore: store, path });
    const tampered = await verifyReplay(store, reopened);
    expect(tampered.ok).toBe(false);
    expect(tampered.games[0]?.differences).toEqual([expect.stringContaining('cy has')]);
    await reopened.stop();
    await store.close();
  });
});
