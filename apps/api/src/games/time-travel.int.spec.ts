import { fold, seededRandom } from '@corbeille/kernel';
import { STOCK_TICKER_GAME, streamIdFor } from '@corbeille/projections';
import { playWholeGame, randomBot, stockTicker, type StockTickerEvent } from '@corbeille/stock-ticker';
import type { SqliteSnapshotHistory } from '@corbeille/event-store-sqlite';
import { SNAPSHOT_HISTORY } from '../infrastructure/infrastructure.tokens';
import { SNAPSHOT_EVERY } from '../infrastructure/snapshots';
import { startTestApp, type TestApp } from '../testing/test-app';

const GAME_AT = `query At($id: ID!, $position: SafeInt, $revision: Int) {
  gameAt(id: $id, position: $position, revision: $revision) { revision position state }
}`;

interface GameAtView {
  gameAt: { revision: number; position: number; state: unknown } | null;
}

/**
 * Time travel on a game longer than the snapshot interval: points before, at and after snapshots give
 * the state a fold of the events up to them gives, and travelling saves the snapshots it passes.
 */
describe('gameAt on a long game, through snapshots', () => {
  let api: TestApp;
  const gameId = 'long-game';
  const streamId = streamIdFor(STOCK_TICKER_GAME, gameId);
  let events: StockTickerEvent[] = [];

  beforeAll(async () => {
    api = await startTestApp();
    const random = seededRandom(7);
    const players = ['p1', 'p2', 'p3', 'p4'].map((playerId) => ({ playerId, name: playerId }));
    // A prefix of a long bot-played game is a stream like any other: two snapshot intervals and a bit.
    events = playWholeGame({
      gameId,
      players,
      random,
      startTime: '2026-01-01T00:00:00.000Z',
      options: { roundLimit: 200, timeLimitMinutes: null, maxPlayers: 4 },
      botFor: () => randomBot(random),
    }).events.slice(0, 2 * SNAPSHOT_EVERY + 150);
    expect(events.length).toBe(2 * SNAPSHOT_EVERY + 150);
    // Appended straight to the store, 50 events at a time (fewer commits), as commands' events would be.
    let revision = -1;
    for (let start = 0; start < events.length; start += 50) {
      const commandId = `${gameId}-${start}`;
      const metadata = { commandId, actor: 'referee', correlationId: commandId, causationId: commandId, occurredAt: '2026-01-01T00:00:00.000Z' };
      const chunk = events.slice(start, start + 50).map((event) => ({ type: event.type, data: event.data, metadata }));
      const appended = await api.eventStore.appendToStream(streamId, chunk, revision < 0 ? 'no-stream' : revision);
      revision = appended.nextExpectedRevision;
    }
  }, 60_000);

  afterAll(async () => {
    await api.close();
  });

  // What a spectator (the anonymous reader) sees of the state, as JSON.
  const foldedTo = (revision: number) => JSON.parse(JSON.stringify(stockTicker.view(fold(stockTicker, events.slice(0, revision + 1)), { kind: 'spectator' }))) as unknown;
  const stateAt = async (revision: number) => (await api.data<GameAtView>(GAME_AT, { id: gameId, revision })).gameAt;

  it('gives the folded state at revisions around the snapshots, before and after they exist', async () => {
    const history = api.app.get<SqliteSnapshotHistory>(SNAPSHOT_HISTORY);
    const last = events.length - 1;
    const points = [5, SNAPSHOT_EVERY - 2, SNAPSHOT_EVERY - 1, SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY + 3, last];
    expect(history.count(streamId)).toBe(0);
    for (const revision of points) {
      const at = await stateAt(revision);
      expect(at?.revision).toBe(revision);
      expect(at?.state).toEqual(foldedTo(revision));
    }
    // The travels saved a snapshot at every multiple of the interval they passed.
    expect(history.count(streamId)).toBe(Math.floor(events.length / SNAPSHOT_EVERY));
    // From the snapshots now: the same states.
    for (const revision of points) expect((await stateAt(revision))?.state).toEqual(foldedTo(revision));
  });

  it('travels by global position too', async () => {
    const target = 2 * SNAPSHOT_EVERY + 3;
    const byRevision = await stateAt(target);
    const byPosition = (await api.data<GameAtView>(GAME_AT, { id: gameId, position: byRevision?.position })).gameAt;
    expect(byPosition?.revision).toBe(target);
    expect(byPosition?.state).toEqual(byRevision?.state);
  });
});
