import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { CommandHandler } from '@corbeille/application';
import { heuristicBot } from '@corbeille/bolsa';
import { InMemoryEventStore, type EventStore, type RecordedEvent } from '@corbeille/event-store';
import { SqliteEventStore } from '@corbeille/event-store-sqlite';
import {
  HashChainedEventStore,
  InMemorySeedStore,
  IntegrityRecorder,
  integrityStreamOf,
  newSeed,
  SEED_REVEALED,
  verifyStoredStream,
  FAIRNESS_SCHEME,
  FAIRNESS_SCHEME_V2,
  fairnessOf,
  withoutChain,
} from '@corbeille/integrity';
import { asPlayerId, seededRandom, type DomainCommand, type RandomSource } from '@corbeille/kernel';
import { awaitedPlayers, heuristicBot as maxiBourseBot, type MaxiBourseCommand, type MaxiBourseState } from '@corbeille/maxi-bourse';
import { BOLSA_GAME, gameOfStream, MAXI_BOURSE_GAME, STOCK_TICKER_GAME, streamIdFor } from '@corbeille/projections';
import { greedyBot, randomBot } from '@corbeille/stock-ticker';
import { DEMO_CLASS_GAMES, DEMO_GAMES, DEMO_MAXI_BOURSE_GAMES, playBolsaBotGame, playBotGame, seedDemoLeague } from '@corbeille/tools-demo';
import { verifyStoreFairness } from './verify-fairness';

/** Tests that play games into SQLite or seed the whole demo take seconds on a busy machine. */
const SLOW_TEST_MS = 20_000;
const TICKER = streamIdFor(STOCK_TICKER_GAME, 'fair-ticker');
const BOLSA = streamIdFor(BOLSA_GAME, 'fair-bolsa');

/** A short Maxi Bourse session through the command handler: the game's bots, then the banker closes it. */
async function playMaxiBourse(handler: CommandHandler, random: RandomSource): Promise<void> {
  const streamId = streamIdFor(MAXI_BOURSE_GAME, 'fair-maxi');
  const players = ['fay', 'gus', 'hal'];
  let state = MAXI_BOURSE_GAME.decider.initialState() as MaxiBourseState;
  let commands = 0;
  const send = async (command: MaxiBourseCommand) => {
    commands += 1;
    state = (await handler.handle(MAXI_BOURSE_GAME.decider, streamId, { command, commandId: `maxi-${commands}`, actor: 'bot' })).state as MaxiBourseState;
  };
  await send({ type: 'CreateGame', data: { gameId: 'fair-maxi', options: {} } });
  for (const playerId of players) await send({ type: 'JoinGame', data: { playerId, name: playerId } });
  await send({ type: 'StartGame', data: {} });
  while (!MAXI_BOURSE_GAME.decider.isTerminal(state)) {
    const awaited = awaitedPlayers(state);
    const next = commands < 150 ? [...awaited, ...players].map((playerId) => maxiBourseBot(state, asPlayerId(playerId), random)).find(Boolean) : undefined;
    await send(next ?? { type: 'CloseSession', data: {} });
  }
}

/** Three short games played by bots through the command handler, with seeds and integrity records, hash-chained. */
async function playedGames(
  store: EventStore = new HashChainedEventStore(new InMemoryEventStore()),
  newGameScheme: typeof FAIRNESS_SCHEME | typeof FAIRNESS_SCHEME_V2 = FAIRNESS_SCHEME_V2,
): Promise<EventStore> {
  const seeds = new InMemorySeedStore();
  const bots = seededRandom(7);
  const integrity = new IntegrityRecorder({
    seeds,
    gameOf: (streamId) => {
      const found = gameOfStream(streamId);
      return found && { gameId: found.gameId, rules: found.game };
    },
    plain: () => bots,
    newGameScheme,
    schemeOf: async (streamId) => fairnessOf((await store.readStream(streamId, { maxCount: 1 }))[0]?.metadata)?.scheme,
  });
  let clock = Date.UTC(2026, 0, 1);
  const handler = new CommandHandler(store, {
    randomSource: integrity.randomSource,
    annotate: integrity.annotate,
    clock: () => new Date(clock).toISOString(),
  });
  await playBotGame(handler, {
    gameId: 'fair-ticker',
    players: [
      { playerId: 'ann', name: 'Ann', bot: greedyBot() },
      { playerId: 'ben', name: 'Ben', bot: randomBot(bots) },
    ],
    options: { roundLimit: 3 },
    beforeCommand: () => {
      clock += 10_000;
    },
  });
  await playBolsaBotGame(handler, {
    gameId: 'fair-bolsa',
    players: [
      { playerId: 'cat', name: 'Cat', bot: heuristicBot },
      { playerId: 'dan', name: 'Dan', bot: heuristicBot },
      { playerId: 'eve', name: 'Eve', bot: heuristicBot },
    ],
    options: { lastMonth: 3, planningSeconds: 120 },
    random: bots,
    beforeCommand: () => {
      clock += 10_000;
    },
  });
  await playMaxiBourse(handler, bots);
  return store;
}

/** The same log written again through a fresh hash chain, with `forge` applied to one stream's events: the chain checks out. */
async function forged(source: EventStore, streamId: string, forge: (events: RecordedEvent[]) => void): Promise<EventStore> {
  const copy = new HashChainedEventStore(new InMemoryEventStore());
  const all = await source.readAll();
  const streams = new Map<string, RecordedEvent[]>();
  for (const event of all) streams.set(event.streamId, [...(streams.get(event.streamId) ?? []), structuredClone(event)]);
  const target = streams.get(streamId);
  if (!target) throw new Error(`No stream ${streamId}`);
  forge(target);
  for (const [id, events] of streams) {
    for (const event of events) {
      await copy.appendToStream(id, [{ type: event.type, data: event.data, metadata: withoutChain(event.metadata) }], event.revision === 0 ? 'no-stream' : event.revision - 1);
    }
  }
  for (const id of streams.keys()) expect((await verifyStoredStream(copy, id)).ok).toBe(true);
  return copy;
}

function firstOf(events: RecordedEvent[], type: string): RecordedEvent {
  const event = events.find((candidate) => candidate.type === type);
  if (!event) throw new Error(`No ${type} event`);
  return event;
}

describe('fairness verifier', () => {
  let store: EventStore;
  beforeAll(async () => {
    store = await playedGames();
  }, SLOW_TEST_MS);

  it('passes clean games: every draw, outcome, checksum and plan commitment checks out, with no secret revealed', async () => {
    const report = await verifyStoreFairness(store, { requireRevealed: true });
    expect(report.ok).toBe(true);
    expect(report.games.map((game) => game.gameId).sort()).toEqual(['fair-bolsa', 'fair-maxi', 'fair-ticker']);
    // Maxi Bourse is at engine 2 (the careless player's full fine); the others at 1.
    const versions: Record<string, string> = { 'fair-bolsa': '1', 'fair-maxi': '2', 'fair-ticker': '1' };
    for (const { gameId, report: game } of report.games) {
      expect(game).toMatchObject({ ok: true, scheme: 'hmac-sha256-v2', seedRevealed: false, drawsPending: 0, engine: { version: versions[gameId] }, mismatches: [] });
      expect(game.drawsChecked).toBeGreaterThan(0);
      expect(game.commandsReplayed).toBeGreaterThan(0);
      expect(game.checksumsChecked).toBeGreaterThanOrEqual(2);
    }
    const bolsa = report.games.find((game) => game.gameId === 'fair-bolsa');
    expect(bolsa?.report.commitmentsChecked).toBeGreaterThan(0);
  });

  it('passes a BOLSA month where a plan was replaced before the reveal: each plan has its commitment, the last one counts', async () => {
    const replanned = new HashChainedEventStore(new InMemoryEventStore());
    const random = seededRandom(11);
    const integrity = new IntegrityRecorder({
      seeds: new InMemorySeedStore(),
      gameOf: (streamId) => {
        const found = gameOfStream(streamId);
        return found && { gameId: found.gameId, rules: found.game };
      },
      plain: () => random,
    });
    const handler = new CommandHandler(replanned, { randomSource: integrity.randomSource, annotate: integrity.annotate, clock: () => '2026-01-01T00:00:00.000Z' });
    const streamId = streamIdFor(BOLSA_GAME, 'replanned');
    let sent = 0;
    const send = (command: DomainCommand) => handler.handle(BOLSA_GAME.decider, streamId, { command, commandId: `replan-${(sent += 1)}`, actor: 'player' });
    const plan = (newspaper: number) => ({ sell: {}, buy: {}, newspaper });
    await send({ type: 'CreateGame', data: { gameId: 'replanned', options: { lastMonth: 3 } } });
    await send({ type: 'JoinGame', data: { playerId: 'cat', name: 'Cat' } });
    await send({ type: 'JoinGame', data: { playerId: 'dan', name: 'Dan' } });
    await send({ type: 'StartGame', data: {} });
    await send({ type: 'SubmitPlan', data: { playerId: 'cat', plan: plan(2) } });
    await send({ type: 'SubmitPlan', data: { playerId: 'cat', plan: plan(0) } });
    await send({ type: 'SubmitPlan', data: { playerId: 'dan', plan: plan(0) } });
    const events = await replanned.readStream(streamId);
    const revealed = events.find((event) => event.type === 'PlansRevealed');
    expect((revealed?.data as { plans: Record<string, unknown> }).plans['cat']).toEqual(plan(0));
    const report = await verifyStoreFairness(replanned, { gameId: 'replanned' });
    expect(report.games[0]?.report).toMatchObject({ ok: true, mismatches: [], commitmentsChecked: 3 });
  });

  it('passes games recorded with hmac-sha256-v1, whose seed the end of the game reveals', async () => {
    const old = await playedGames(new HashChainedEventStore(new InMemoryEventStore()), FAIRNESS_SCHEME);
    const report = await verifyStoreFairness(old, { requireRevealed: true });
    expect(report.ok).toBe(true);
    for (const { report: game } of report.games) {
      expect(game).toMatchObject({ ok: true, scheme: 'hmac-sha256-v1', seedRevealed: true, drawsPending: 0, mismatches: [] });
      expect(game.drawsChecked).toBeGreaterThan(0);
    }
  }, SLOW_TEST_MS);

  it('reports a sub-seed that is not the one committed in its batch, and a shuffled pile that is not the one committed position by position', async () => {
    let unitRevision = -1;
    const copy = await forged(store, TICKER, (events) => {
      const roll = firstOf(events, 'DiceRolled');
      const [unit] = roll.metadata['units'] as { seed: string }[];
      if (!unit) throw new Error('No unit recorded');
      unit.seed = newSeed();
      unitRevision = roll.revision;
    });
    const [game] = (await verifyStoreFairness(copy, { gameId: 'fair-ticker' })).games;
    expect(game?.report.mismatches).toContainEqual(expect.objectContaining({ kind: 'COMMITMENT', revision: unitRevision }));

    let pileRevision = -1;
    const pile = await forged(store, BOLSA, (events) => {
      const shuffled = events.find((event) => (event.metadata['units'] as { positions?: string[] }[] | undefined)?.some((unit) => unit.positions));
      const unit = (shuffled?.metadata['units'] as { positions?: string[] }[]).find((candidate) => candidate.positions);
      if (!shuffled || !unit?.positions) throw new Error('No concealed unit recorded');
      unit.positions = [...unit.positions].reverse();
      pileRevision = shuffled.revision;
    });
    const [bolsa] = (await verifyStoreFairness(pile, { gameId: 'fair-bolsa' })).games;
    expect(bolsa?.report.mismatches).toContainEqual(expect.objectContaining({ kind: 'DRAW', revision: pileRevision }));
  });

  it('reports a forged dice outcome at its exact position, even with the hash chain recomputed', async () => {
    let revision = -1;
    const copy = await forged(store, TICKER, (events) => {
      const roll = firstOf(events, 'DiceRolled');
      const data = roll.data as { amount: number };
      data.amount = data.amount === 20 ? 5 : 20;
      revision = roll.revision;
    });
    const [game] = (await verifyStoreFairness(copy, { gameId: 'fair-ticker' })).games;
    const position = (await copy.readStream(TICKER, { fromRevision: revision, maxCount: 1 }))[0]?.position;
    expect(game?.report.ok).toBe(false);
    expect(game?.report.mismatches[0]).toMatchObject({ kind: 'OUTCOME', revision, position });
  });

  it('reports a forged draw in the metadata at its position', async () => {
    let revision = -1;
    const copy = await forged(store, TICKER, (events) => {
      const roll = firstOf(events, 'DiceRolled');
      const draws = roll.metadata['draws'] as { value: number; max: number; min: number }[];
      const draw = draws[0] as { value: number; max: number; min: number };
      draw.value = draw.value === draw.max ? draw.min : draw.value + 1;
      revision = roll.revision;
    });
    const [game] = (await verifyStoreFairness(copy, { gameId: 'fair-ticker' })).games;
    expect(game?.report.mismatches).toEqual([expect.objectContaining({ kind: 'DRAW', revision })]);
  });

  it('reports a revealed seed that does not match the commitment', async () => {
    const copy = await forged(store, TICKER, () => undefined);
    const metadata = { commandId: 'r', actor: 'referee', correlationId: 'r', causationId: 'r', occurredAt: '2026-01-02T00:00:00.000Z' };
    await copy.appendToStream(integrityStreamOf('fair-ticker'), [{ type: SEED_REVEALED, data: { gameId: 'fair-ticker', seed: newSeed(), reason: 'forged' }, metadata }], 'no-stream');
    const [game] = (await verifyStoreFairness(copy, { gameId: 'fair-ticker' })).games;
    expect(game?.report.mismatches).toEqual([expect.objectContaining({ kind: 'COMMITMENT', revision: 0 })]);
  });

  it('reports a BOLSA plan changed after its commitment', async () => {
    let revision = -1;
    const copy = await forged(store, BOLSA, (events) => {
      const submitted = firstOf(events, 'PlanSubmitted');
      const data = submitted.data as { plan: { newspaper: number } };
      data.plan.newspaper = data.plan.newspaper === 0 ? 1 : 0;
      revision = submitted.revision;
    });
    const [game] = (await verifyStoreFairness(copy, { gameId: 'fair-bolsa' })).games;
    expect(game?.report.mismatches).toContainEqual(expect.objectContaining({ kind: 'PLAN_COMMITMENT', revision }));
  });

  it('reports a checksum that an independent re-fold does not reproduce', async () => {
    let revision = -1;
    const copy = await forged(store, TICKER, (events) => {
      const marked = events.find((event) => event.metadata['checksum'] !== undefined);
      if (!marked) throw new Error('No checksum recorded');
      (marked.metadata['checksum'] as { hash: string }).hash = '0'.repeat(64);
      revision = marked.revision;
    });
    const [game] = (await verifyStoreFairness(copy, { gameId: 'fair-ticker' })).games;
    expect(game?.report.mismatches).toEqual([expect.objectContaining({ kind: 'CHECKSUM', revision })]);
  });

  it('reports a die altered in the SQLite file at its position, as the hash chain does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'corbeille-fairness-'));
    try {
      const path = join(dir, 'events.sqlite');
      const written = await playedGames(new HashChainedEventStore(new SqliteEventStore({ path })));
      const roll = (await written.readStream(TICKER)).find((event) => event.type === 'DiceRolled');
      await written.close();
      if (!roll) throw new Error('No roll');
      const db = new Database(path);
      db.prepare("UPDATE events SET data = json_set(data, '$.amount', CASE json_extract(data, '$.amount') WHEN 20 THEN 5 ELSE 20 END) WHERE position = ?").run(roll.position);
      db.close();
      const reopened = new HashChainedEventStore(new SqliteEventStore({ path }));
      const [game] = (await verifyStoreFairness(reopened, { gameId: 'fair-ticker' })).games;
      expect(game?.report.mismatches[0]).toMatchObject({ kind: 'OUTCOME', revision: roll.revision, position: roll.position });
      expect((await verifyStoredStream(reopened, TICKER)).problems[0]).toMatchObject({ kind: 'changed', revision: roll.revision, position: roll.position });
      await reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, SLOW_TEST_MS);

  it('passes the demo games, which carry seed commitments, every draw checked and no secret revealed', async () => {
    const demo = new InMemoryEventStore();
    await seedDemoLeague({ store: demo, bcryptRounds: 4 });
    const report = await verifyStoreFairness(demo);
    expect(report.ok).toBe(true);
    expect(report.games).toHaveLength(DEMO_GAMES.length + DEMO_MAXI_BOURSE_GAMES.length + DEMO_CLASS_GAMES.length);
    expect(report.games.every((game) => game.report.commitment !== undefined)).toBe(true);
    expect(report.games.every((game) => game.report.scheme === 'hmac-sha256-v2' && !game.report.seedRevealed && game.report.drawsPending === 0)).toBe(true);
  }, SLOW_TEST_MS);

  it('refuses a game pinned to an engine version this build does not have, with a clear error', async () => {
    const copy = await forged(store, TICKER, (events) => {
      const first = events[0] as RecordedEvent;
      events[0] = { ...first, metadata: { ...first.metadata, engine: { game: 'stock-ticker', version: '99' } } };
    });
    const [game] = (await verifyStoreFairness(copy, { gameId: 'fair-ticker' })).games;
    expect(game?.report.mismatches).toEqual([
      expect.objectContaining({ kind: 'ENGINE', revision: 0, message: expect.stringContaining('stock-ticker engine version 99') }),
    ]);
  });
});
