import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { heuristicBot as bolsaBot, playWholeGame as playBolsa } from '@corbeille/bolsa';
import { InMemoryEventStore, type EventMetadata, type EventStore, type RecordedEvent } from '@corbeille/event-store';
import { seededRandom } from '@corbeille/kernel';
import { greedyBot, playWholeGame, randomBot } from '@corbeille/stock-ticker';
import { createProjectionEngine, type CatchUpReader, type ProjectionEngine } from './projection-engine';
import type { ProjectableEvent } from './registry/game-definition';

const players = [
  { playerId: 'ann', name: 'Ann' },
  { playerId: 'bob', name: 'Bob' },
  { playerId: 'cyd', name: 'Cyd' },
];

const metadataOf = (commandId: string, occurredAt: string): EventMetadata => ({ commandId, actor: 'bot', correlationId: commandId, causationId: commandId, occurredAt, league: 'L' });

/** Several games' commands interleaved in the log, as concurrent games are, a rewind in one of them. */
async function interleavedLog(store: EventStore): Promise<void> {
  const games = [1, 2, 3].map((seed) => {
    const random = seededRandom(seed);
    const steps: { type: string; data: unknown }[][] = [];
    const times: string[] = [];
    playWholeGame({
      gameId: `g${seed}`,
      players,
      options: { roundLimit: 6, tradingWindowEvery: 2 },
      random,
      botFor: (playerId) => (playerId === 'bob' ? randomBot(random) : greedyBot()),
      startTime: '2026-03-01T18:00:00.000Z',
      onStep: (step) => {
        if (step.events.length === 0) return;
        steps.push([...step.events]);
        times.push(step.now);
      },
    });
    return { streamId: `stock-ticker-g${seed}`, steps, times, revision: -1 };
  });
  const bolsa = playBolsa({ gameId: 'b1', players: players.slice(0, 2), options: { lastMonth: 3 }, random: seededRandom(4), botFor: () => bolsaBot, startTime: '2026-03-01T18:00:00.000Z' });
  await store.appendToStream('bolsa-b1', bolsa.events.map((event, index) => ({ ...event, metadata: metadataOf(`b-${index}`, '2026-03-01T18:00:00.000Z') })), 'no-stream');
  const longest = Math.max(...games.map((game) => game.steps.length));
  for (let step = 0; step < longest; step += 1) {
    for (const game of games) {
      const events = game.steps[step];
      if (!events) continue;
      const metadata = metadataOf(`${game.streamId}-${step}`, game.times[step] ?? '');
      const result = await store.appendToStream(game.streamId, events.map((event) => ({ ...event, metadata })), game.revision < 0 ? 'no-stream' : game.revision);
      game.revision = result.nextExpectedRevision;
    }
    if (step === 40) {
      // A referee's rewind of g2 to its 12th event, then play goes on in the other games.
      const cite = { disputeId: 'd-1', disputedRevision: 13, disputedEventId: 'e', reason: 'Replay', by: 'ref' };
      const g2 = games[1];
      if (!g2) throw new Error('g2 expected');
      await store.appendToStream(g2.streamId, [{ type: 'EventsVoided', data: { ...cite, afterRevision: 12 }, metadata: metadataOf('rewind', '2026-03-01T19:00:00.000Z') }], g2.revision);
      games.splice(1, 1);
    }
  }
  await store.appendToStream('other-stream', [{ type: 'Unrelated', data: {}, metadata: metadataOf('x', '2026-03-01T18:00:00.000Z') }], 'no-stream');
}

/** An event as a catch-up reader returns it: no id or recording time, metadata behind a getter. */
class ReaderEvent implements ProjectableEvent {
  constructor(
    private readonly event: RecordedEvent,
    readonly streamId = event.streamId,
    readonly revision = event.revision,
    readonly position = event.position,
    readonly type = event.type,
    readonly data = event.data,
  ) {}

  get metadata(): EventMetadata {
    return this.event.metadata;
  }
}

function readerOf(events: readonly RecordedEvent[]): ((afterPosition: number) => CatchUpReader) & { calls: number; opened: number[]; closed: number } {
  const open = Object.assign(
    (afterPosition: number): CatchUpReader => {
      open.opened.push(afterPosition);
      return {
        readAfter(after, maxCount) {
          open.calls += 1;
          return events.filter((event) => event.position > after).slice(0, maxCount).map((event) => new ReaderEvent(event));
        },
        close() {
          open.closed += 1;
        },
      };
    },
    { calls: 0, opened: [] as number[], closed: 0 },
  );
  return open;
}

/** Everything the engine serves of the log's games. */
function served(engine: ProjectionEngine): unknown {
  const games = engine.listGames({ offset: 0, limit: 100 });
  return {
    games,
    checkpoint: engine.checkpoint(),
    details: games.items.map((game) => ({
      summary: engine.getGame(game.gameId),
      board: engine.getPriceBoard(game.gameId),
      portfolios: engine.getPortfolios(game.gameId),
      trades: engine.getTrades(game.gameId, { offset: 0, limit: 10_000 }),
      bobsTrades: engine.getTrades(game.gameId, { offset: 2, limit: 5, playerId: 'bob' }),
      bolsaBoard: engine.getBolsaBoard(game.gameId),
      bolsaPortfolios: engine.getBolsaPortfolios(game.gameId),
      bolsaLedger: engine.getBolsaLedger(game.gameId, { offset: 0, limit: 10_000 }),
      annsBolsaLedger: engine.getBolsaLedger(game.gameId, { offset: 0, limit: 10_000, playerId: 'ann' }),
    })),
  };
}

describe('catching up through a reader', () => {
  let dir: string;
  let store: InMemoryEventStore;
  let expected: unknown;
  let log: RecordedEvent[];

  beforeAll(async () => {
    store = new InMemoryEventStore();
    await interleavedLog(store);
    log = await store.readAll();
    const reference = createProjectionEngine({ eventStore: store, path: ':memory:' });
    await reference.start();
    expected = served(reference);
    await reference.stop();
  });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'corbeille-catch-up-'));
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  afterAll(async () => store.close());

  it('rebuilds in a file the same read models as reading the store', async () => {
    expect(log.some((event) => event.type === 'EventsVoided')).toBe(true);
    const path = join(dir, 'read-models.sqlite');
    const reader = readerOf(log);
    const engine = createProjectionEngine({ eventStore: store, path, catchUpReader: reader, catchUpTransactionEvents: 50 });
    await engine.start();
    // Several transactions, each of a few pages at most.
    expect(reader.calls).toBeGreaterThanOrEqual(Math.ceil(log.length / 50));
    expect(log.length).toBeGreaterThan(300);
    expect(reader.opened).toEqual([0]);
    expect(reader.closed).toBe(1);
    expect(served(engine)).toEqual(expected);
    await engine.stop();

    // The indexes left out during the rebuild are back, and a restart serves the same from the file.
    const db = new Database(path, { readonly: true });
    const indexes = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index'").all().map((row) => row.name);
    db.close();
    expect(indexes).toEqual(expect.arrayContaining(['trades_by_player', 'ledger_by_player']));
    const restarted = createProjectionEngine({ eventStore: store, path });
    await restarted.start();
    expect(served(restarted)).toEqual(expected);
    await restarted.stop();
  });

  it('rebuilds in memory the same read models, and resumes from a checkpoint through the reader', async () => {
    const engine = createProjectionEngine({ eventStore: store, path: ':memory:', catchUpReader: readerOf(log), catchUpTransactionEvents: 97 });
    await engine.start();
    expect(served(engine)).toEqual(expected);
    await engine.stop();

    // Half of the log folded by reading the store, the rest caught up through the reader after a restart.
    const path = join(dir, 'read-models.sqlite');
    const half = log[Math.floor(log.length / 2)]?.position ?? 0;
    const partial = new InMemoryEventStore();
    for (const event of log.filter((recorded) => recorded.position <= half)) {
      await partial.appendToStream(event.streamId, [{ type: event.type, data: event.data, metadata: event.metadata }], 'any');
    }
    const first = createProjectionEngine({ eventStore: partial, path });
    await first.start();
    expect(first.checkpoint()).toBe(half);
    await first.stop();
    await partial.close();
    const reader = readerOf(log);
    const resumed = createProjectionEngine({ eventStore: store, path, catchUpReader: reader, catchUpTransactionEvents: 120 });
    await resumed.start();
    expect(reader.opened).toEqual([half]);
    expect(served(resumed)).toEqual(expected);
    await resumed.stop();
  });
});
