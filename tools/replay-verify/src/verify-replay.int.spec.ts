import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { heuristicBot, playWholeGame } from '@corbeille/bolsa';
import { heuristicBot as maxiBourseBot, maxiBourse, playWholeGame as playMaxiBourse, randomBot } from '@corbeille/maxi-bourse';
import { InMemoryEventStore } from '@corbeille/event-store';
import { SqliteEventStore } from '@corbeille/event-store-sqlite';
import { HashChainedEventStore } from '@corbeille/integrity';
import { seededRandom } from '@corbeille/kernel';
import { createProjectionEngine, ruledMaxiBourse } from '@corbeille/projections';
import { foldLive } from '@corbeille/rulings';
import { DEMO_CLASS_GAMES, DEMO_GAMES, DEMO_MAXI_BOURSE_GAMES, seedDemoLeague } from '@corbeille/tools-demo';
import { verifyReplay } from './verify-replay';

/** Seeding the whole demo (its accounts' bcrypt, every game with its integrity records) takes seconds on a busy machine. */
const DEMO_SEED_TIMEOUT_MS = 20_000;

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
    expect(clean.games).toHaveLength(DEMO_GAMES.length + DEMO_MAXI_BOURSE_GAMES.length + DEMO_CLASS_GAMES.length);
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
  }, DEMO_SEED_TIMEOUT_MS);

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

  it('folds a game as its rulings count it: a rewind\'s voided events left out, a correction applied', async () => {
    const store = new InMemoryEventStore();
    const metadata = { commandId: 'c', actor: 'bot', correlationId: 'c', causationId: 'c', occurredAt: '2026-04-01T10:00:00.000Z' };
    const { events } = playMaxiBourse({
      gameId: 'm2',
      players: [{ playerId: 'ana', name: 'Ana' }, { playerId: 'ben', name: 'Ben' }, { playerId: 'cy', name: 'Cy' }],
      options: { variant: 'junior', turnLimit: 6 },
      random: seededRandom(4),
      botFor: () => maxiBourseBot,
    });
    await store.appendToStream('maxi-bourse-m2', events.map((event) => ({ ...event, metadata })), 'no-stream');
    // A referee rewinds to twenty events before the end, then corrects Ana's cash: as the rulings decide it.
    const afterRevision = events.length - 21;
    const citation = { disputeId: 'd1', disputedRevision: afterRevision + 1, disputedEventId: 'e', reason: 'misread die', by: 'referee' };
    const ruled = (command: Parameters<typeof ruledMaxiBourse.decide>[1]) => async () => {
      const state = foldLive(ruledMaxiBourse, await store.readStream('maxi-bourse-m2'));
      const decided = ruledMaxiBourse.decide(state, command, { random: seededRandom(1), now: metadata.occurredAt });
      await store.appendToStream('maxi-bourse-m2', decided.map((event) => ({ type: event.type, data: event.data, metadata })), 'any');
      return decided.length;
    };
    const voiding = await ruled({ type: 'VoidEvents', data: { ...citation, afterRevision } })();
    const correcting = await ruled({ type: 'ApplyCorrection', data: { ...citation, adjustments: [{ kind: 'cash', playerId: 'ana', delta: 10_000 }] } })();
    const path = join(dir, 'ruled.sqlite');
    const projections = createProjectionEngine({ eventStore: store, path });
    await projections.start();
    const report = await verifyReplay(store, projections);
    expect(report.ok).toBe(true);
    expect(report.games).toEqual([{ gameId: 'm2', eventsFolded: afterRevision + 1 + voiding + correcting, differences: [] }]);
    // The rewound game is not finished any more, and Ana has her 10,000 $ more than at the rewind's point.
    const atRewind = foldLive(maxiBourse, events.slice(0, afterRevision + 1).map((event, revision) => ({ ...event, revision })));
    const table = projections.getMaxiBourseTable('m2');
    expect(table?.portfolios.find((portfolio) => portfolio.playerId === 'ana')?.cash).toBe(
      (atRewind.phase === 'playing' ? (atRewind.players['ana']?.cash ?? 0) : Number.NaN) + 10_000,
    );
    await projections.stop();
    await store.close();
  });

  it('checks every game stream\'s hash chain and reports a tampered event at its exact position', async () => {
    const eventsPath = join(dir, 'events.sqlite');
    const path = join(dir, 'read-models.sqlite');
    const store = new HashChainedEventStore(new SqliteEventStore({ path: eventsPath }));
    await seedDemoLeague({ store });
    const projections = createProjectionEngine({ eventStore: store, path });
    await projections.start();
    const clean = await verifyReplay(store, projections, { requireChain: true });
    expect(clean.ok).toBe(true);
    expect(clean.chains.map((chain) => chain.gameId).sort()).toEqual([...DEMO_GAMES, ...DEMO_MAXI_BOURSE_GAMES, ...DEMO_CLASS_GAMES].map((game) => game.gameId).sort());
    expect(clean.chains.every((chain) => chain.status === 'verified' && chain.legacyEvents === 0 && chain.eventsChecked > 0)).toBe(true);
    const streamId = clean.chains.find((chain) => chain.gameId === 'demo-2')?.streamId;
    await projections.stop();
    await store.close();

    // Someone changes who made a move, straight in the event log: the replay cannot see it, the chain does.
    const db = new Database(eventsPath);
    const { position } = db.prepare('SELECT position FROM events WHERE stream_id = ? AND revision = 5').get(streamId) as { position: number };
    db.prepare("UPDATE events SET metadata = json_set(metadata, '$.actor', 'mallory') WHERE position = ?").run(position);
    db.close();
    const reopened = new HashChainedEventStore(new SqliteEventStore({ path: eventsPath }));
    const readModels = createProjectionEngine({ eventStore: reopened, path });
    const tampered = await verifyReplay(reopened, readModels);
    expect(tampered.ok).toBe(false);
    expect(tampered.games.every((game) => game.differences.length === 0)).toBe(true);
    const broken = tampered.chains.filter((chain) => chain.status === 'broken');
    expect(broken.map((chain) => chain.gameId)).toEqual(['demo-2']);
    expect(broken[0]?.problems).toEqual([expect.objectContaining({ kind: 'changed', revision: 5, position })]);
    await readModels.stop();
    await reopened.close();
  }, DEMO_SEED_TIMEOUT_MS);

  it('accepts games without a hash chain unless one is required', async () => {
    const store = new InMemoryEventStore();
    await seedDemoLeague({ store });
    const projections = createProjectionEngine({ eventStore: store, path: join(dir, 'unchained.sqlite') });
    await projections.start();
    const lenient = await verifyReplay(store, projections);
    expect(lenient.ok).toBe(true);
    expect(lenient.chains.every((chain) => chain.status === 'unchained' && chain.legacyEvents === chain.eventsChecked)).toBe(true);
    expect((await verifyReplay(store, projections, { requireChain: true })).ok).toBe(false);
    await projections.stop();
    await store.close();
  }, DEMO_SEED_TIMEOUT_MS);
});
