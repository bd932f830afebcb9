import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { InMemoryEventStore, type EventStore } from '@corbeille/event-store';
import { asPlayerId, seededRandom } from '@corbeille/kernel';
import { dividendAt, heuristicBot, playWholeGame, priceAt, randomBot, type BolsaState } from '@corbeille/bolsa';
import { createProjectionEngine, type ProjectionEngine } from '../projection-engine';
import { redactBolsaEvent } from './bolsa-secrecy';

const players = ['ana', 'ben', 'cleo', 'dan', 'eve', 'fay'].map((playerId) => ({ playerId, name: playerId.toUpperCase() }));

/** Plays a BOLSA year with bots and appends each command's events, as the command handler would. */
async function recordBolsaGame(store: EventStore, gameId: string, seed: number, stopAfter?: number): Promise<BolsaState> {
  const random = seededRandom(seed);
  const steps: { events: { type: string; data: unknown }[]; now: string; state: BolsaState }[] = [];
  playWholeGame({
    gameId,
    players,
    options: { timedFromMonth: 4 },
    random,
    botFor: (playerId) => (playerId === 'ben' || playerId === 'eve' ? randomBot : heuristicBot),
    startTime: '2026-03-01T18:00:00.000Z',
    onStep: (step) => steps.push({ events: [...step.events], now: step.now, state: step.state }),
  });
  let revision: number | undefined;
  let last: BolsaState | undefined;
  for (const [index, step] of steps.entries()) {
    if (stopAfter !== undefined && index >= stopAfter) break;
    last = step.state;
    if (step.events.length === 0) continue;
    const metadata = { commandId: `${gameId}-${index}`, actor: 'bot', correlationId: 'c', causationId: 'c', occurredAt: step.now, league: 'Bolsa Club' };
    const result = await store.appendToStream(`bolsa-${gameId}`, step.events.map((event) => ({ ...event, metadata })), revision ?? 'no-stream');
    revision = result.nextExpectedRevision;
  }
  if (!last) throw new Error('no step recorded');
  return last;
}

function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
}

describe('BOLSA projection', () => {
  let dir: string;
  let store: InMemoryEventStore;
  let engine: ProjectionEngine | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'corbeille-bolsa-projections-'));
    store = new InMemoryEventStore();
  });

  afterEach(async () => {
    await engine?.stop();
    engine = undefined;
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('folds a whole year into public read models that agree with the rules engine', async () => {
    const live = await recordBolsaGame(store, 'b1', 21);
    expect(live.phase).toBe('finished');
    if (live.phase !== 'finished') return;
    engine = createProjectionEngine({ eventStore: store, path: join(dir, 'read-models.sqlite') });
    await engine.start();
    const events = await store.readStream('bolsa-b1');

    expect(engine.getGame('b1')).toMatchObject({
      gameType: 'bolsa',
      phase: 'finished',
      league: 'Bolsa Club',
      round: 12,
      roundLimit: 12,
      eventCount: events.length,
      winners: live.winners,
    });
    const board = engine.getBolsaBoard('b1');
    expect(board?.companies.map((quote) => quote.company)).toEqual(live.companies);
    for (const quote of board?.companies ?? []) {
      const { level } = live.market[quote.company];
      expect(quote).toMatchObject({ price: priceAt(quote.company, level), level, dividend: dividendAt(quote.company, level) });
      expect(quote.monthly.map((point) => point.month)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      expect(quote.monthly.slice(1).map((point) => point.price)).toEqual(live.priceHistory.map((month) => month.prices[quote.company]));
      expect(quote.moves[0]?.cause).toBe('opening');
    }
    const portfolios = engine.getBolsaPortfolios('b1');
    expect(portfolios.map((portfolio) => portfolio.playerId)).toEqual(live.seatOrder);
    for (const portfolio of portfolios) {
      const standing = live.standings.find((candidate) => candidate.playerId === portfolio.playerId);
      expect(portfolio).toMatchObject({ cash: live.portfolios[portfolio.playerId]?.cash, rank: standing?.rank });
    }

    const trades = events.filter((event) => event.type === 'SharesSold' || event.type === 'SharesBought');
    const ledger = engine.getBolsaLedger('b1', { offset: 0, limit: 10_000, kinds: ['SALE', 'PURCHASE'] });
    expect(ledger.total).toBe(trades.length);
    expect(ledger.items.map((entry) => entry.position)).toEqual(trades.map((event) => event.position));
    const dividends = engine.getBolsaLedger('b1', { offset: 0, limit: 100, kinds: ['DIVIDEND'] });
    expect(dividends.total).toBeGreaterThan(0);
    expect(engine.getBolsaLedger('b1', { offset: 0, limit: 100, kinds: ['LIQUIDATION'] }).total).toBe(dividends.total);
    const anas = engine.getBolsaLedger('b1', { offset: 0, limit: 2, playerId: 'ana' });
    expect(anas.items.every((entry) => entry.playerId === 'ana')).toBe(true);
    expect(anas.total).toBeGreaterThanOrEqual(anas.items.length);
    expect(engine.getBolsaLedger('b1', { offset: 10_000, limit: 5 }).total).toBeGreaterThan(0);

    expect(engine.listGames({ offset: 0, limit: 10, gameType: 'bolsa' }).total).toBe(1);
    expect(engine.listGames({ offset: 0, limit: 10, gameType: 'stock-ticker' }).total).toBe(0);
    expect(engine.listGames({ offset: 0, limit: 10, gameType: 'bolsa', phase: 'finished' }).total).toBe(1);
    expect(engine.getPriceBoard('b1')).toBeUndefined();
    expect(engine.getTrades('b1', { offset: 0, limit: 10 }).total).toBe(0);
  });

  it('keeps the secrets of a month in progress out of the stored read models', async () => {
    // Stop in the middle of January: created, six seated, started, then two plans handed in.
    const state = await recordBolsaGame(store, 'b2', 3, 11);
    expect(state.phase).toBe('planning');
    if (state.phase !== 'planning') return;
    expect(Object.keys(state.plans).length).toBeGreaterThan(0);
    expect(Object.keys(state.plans).length).toBeLessThan(players.length);

    const path = join(dir, 'read-models.sqlite');
    engine = createProjectionEngine({ eventStore: store, path });
    await engine.start();
    const month = engine.getBolsaMonth('b2');
    expect(month).toMatchObject({ month: 1, quarter: 1, monthOfQuarter: 1, phase: 'planning', planned: Object.keys(state.plans) });
    expect(month?.awaiting).toHaveLength(players.length - Object.keys(state.plans).length);
    await engine.stop();
    engine = undefined;

    // The served documents hold neither the plans nor the shares behind the screens.
    const db = new Database(path, { readonly: true });
    const row = db.prepare("SELECT summary, price_board, portfolios, extras FROM games WHERE game_id = 'b2'").get() as Record<string, string>;
    db.close();
    const keys = ['summary', 'price_board', 'portfolios', 'extras'].flatMap((column) => keysOf(JSON.parse(row[column] ?? 'null')));
    expect(keys).toEqual(expect.arrayContaining(['cash', 'planned', 'deckSize']));
    for (const secret of ['sell', 'buy', 'newspaper', 'shares', 'plans', 'deck', 'hands']) expect(keys).not.toContain(secret);

    // Events: another player sees that a plan was handed in, not what it says; its author sees it all.
    const submitted = (await store.readStream('bolsa-b2')).find((event) => event.type === 'PlanSubmitted');
    if (!submitted) throw new Error('no plan');
    const author = asPlayerId((submitted.data as { playerId: string }).playerId);
    const other = asPlayerId(players.find((player) => player.playerId !== author)?.playerId ?? '');
    const progress = { phase: 'planning', round: 1 };
    expect(redactBolsaEvent(submitted, { kind: 'player', playerId: other }, progress).data).toMatchObject({ playerId: author, plan: null });
    expect(redactBolsaEvent(submitted, { kind: 'referee' }, progress).data).toMatchObject({ plan: null });
    expect(redactBolsaEvent(submitted, { kind: 'player', playerId: author }, progress)).toBe(submitted);
    expect(redactBolsaEvent(submitted, { kind: 'spectator' }, { phase: 'newspaper', round: 1 })).toBe(submitted);
  });

  it('adds the game type to read models written before there were several games', async () => {
    const path = join(dir, 'old.sqlite');
    const db = new Database(path);
    db.exec(`CREATE TABLE games (game_id TEXT PRIMARY KEY, phase TEXT NOT NULL, created_at TEXT NOT NULL, summary TEXT NOT NULL,
      state TEXT NOT NULL, price_board TEXT NOT NULL, portfolios TEXT NOT NULL)`);
    db.prepare('INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?)').run(
      'old',
      'lobby',
      '2025-01-01T00:00:00.000Z',
      JSON.stringify({ gameId: 'old', gameType: 'stock-ticker', phase: 'lobby' }),
      JSON.stringify({ phase: 'lobby' }),
      JSON.stringify({ gameId: 'old', round: 0, stocks: [], lastPosition: 1 }),
      '[]',
    );
    db.close();
    engine = createProjectionEngine({ eventStore: store, path });
    expect(engine.getGame('old')).toMatchObject({ gameType: 'stock-ticker' });
    expect(engine.getPriceBoard('old')).toMatchObject({ gameId: 'old' });
    expect(engine.listGames({ offset: 0, limit: 5, gameType: 'stock-ticker' }).total).toBe(1);
  });
});
