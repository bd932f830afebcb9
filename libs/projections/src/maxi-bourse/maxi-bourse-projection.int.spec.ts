import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { InMemoryEventStore, type EventStore } from '@corbeille/event-store';
import { asPlayerId, seededRandom } from '@corbeille/kernel';
import {
  awaitedPlayers,
  HIDDEN_CARD,
  heuristicBot,
  maxiBourseContent,
  playWholeGame,
  randomBot,
  type MaxiBourseEvent,
  type MaxiBourseState,
} from '@corbeille/maxi-bourse';
import { createProjectionEngine, type ProjectionEngine } from '../projection-engine';
import { maxiBourseTrack } from './maxi-bourse-projection';
import { mayReadMaxiBourseActionsOf, redactMaxiBourseEvent } from './maxi-bourse-secrecy';

const players = ['ana', 'ben', 'cleo', 'dan'].map((playerId) => ({ playerId, name: playerId.toUpperCase() }));
/** Ten turns around the table: pawns complete rounds, auctions run, and rumours stay in hand at the end. */
const SEED = 3;

/** Plays a Masters game with bots and appends each command's events, as the command handler would. */
async function recordGame(store: EventStore, gameId: string, stopAfter?: number): Promise<MaxiBourseState> {
  const steps: { events: MaxiBourseEvent[]; state: MaxiBourseState }[] = [];
  playWholeGame({
    gameId,
    players,
    options: { turnLimit: 10 },
    random: seededRandom(SEED),
    botFor: (playerId) => (playerId === 'ben' || playerId === 'dan' ? randomBot : heuristicBot),
    onStep: (step) => steps.push({ events: [...step.events], state: step.state }),
  });
  let revision: number | undefined;
  let last: MaxiBourseState | undefined;
  for (const [index, step] of steps.entries()) {
    if (stopAfter !== undefined && index >= stopAfter) break;
    last = step.state;
    if (step.events.length === 0) continue;
    const metadata = { commandId: `${gameId}-${index}`, actor: 'bot', correlationId: 'c', causationId: 'c', occurredAt: '2026-04-01T20:00:00.000Z', league: 'Club' };
    const result = await store.appendToStream(`maxi-bourse-${gameId}`, step.events.map((event) => ({ ...event, metadata })), revision ?? 'no-stream');
    revision = result.nextExpectedRevision;
  }
  if (!last) throw new Error('no step recorded');
  return last;
}

describe('Maxi Bourse projection', () => {
  let dir: string;
  let store: InMemoryEventStore;
  let engine: ProjectionEngine | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'corbeille-maxi-bourse-projections-'));
    store = new InMemoryEventStore();
  });

  afterEach(async () => {
    await engine?.stop();
    engine = undefined;
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('folds a whole game into public read models that agree with the rules engine', async () => {
    const live = await recordGame(store, 'm1');
    expect(live.phase).toBe('finished');
    if (live.phase !== 'finished') return;
    const path = join(dir, 'read-models.sqlite');
    engine = createProjectionEngine({ eventStore: store, path });
    await engine.start();
    const events = await store.readStream('maxi-bourse-m1');
    const domain = events.map((event) => ({ type: event.type, data: event.data }) as MaxiBourseEvent);

    expect(engine.getGame('m1')).toMatchObject({
      gameType: 'maxi-bourse',
      phase: 'finished',
      league: 'Club',
      round: 10,
      roundLimit: 10,
      eventCount: events.length,
      winners: live.winners,
    });
    const table = engine.getMaxiBourseTable('m1');
    if (!table) throw new Error('no table');

    // Board: the Masters track, every pawn where the rules left it.
    expect(table.board).toMatchObject({ variant: 'masters', trackLength: live.trackLength, tableTurn: 10, roller: null });
    expect(table.board.spaces).toEqual(maxiBourseTrack('masters'));
    expect(table.board.spaces).toHaveLength(maxiBourseContent.boardSpaces.length);
    expect(maxiBourseTrack('junior').every((space) => space.ring === 1)).toBe(true);
    for (const pawn of table.board.pawns) {
      expect(pawn).toMatchObject({ position: live.players[pawn.playerId]?.position, circuits: live.players[pawn.playerId]?.circuits });
    }

    // Price board: the quotations, the bank's stock, and a history point for every price change.
    expect(table.priceBoard.companies).toHaveLength(maxiBourseContent.companies.length);
    for (const quote of table.priceBoard.companies) {
      expect(quote).toMatchObject({ price: live.prices[quote.company], bankShares: live.bank[quote.company] });
      expect(quote.history[0]).toMatchObject({ price: quote.nominal, cause: 'opening' });
      expect(quote.history.at(-1)?.price).toBe(quote.price);
      const changes = quote.history.slice(1);
      expect(changes.every((point, index) => point.price !== (quote.history[index]?.price ?? -1))).toBe(true);
    }
    const causes = new Set(table.priceBoard.companies.flatMap((quote) => quote.history.map((point) => point.cause)));
    for (const cause of ['opening', 'bid', 'auction', 'card']) expect(causes).toContain(cause);

    // Portfolios and standings.
    expect(table.portfolios.map((portfolio) => portfolio.playerId)).toEqual(live.seatOrder);
    for (const portfolio of table.portfolios) {
      const held = live.players[portfolio.playerId];
      const valuation = live.valuations.find((candidate) => candidate.playerId === portfolio.playerId);
      expect(portfolio).toMatchObject({ cash: held?.cash, rumourCount: held?.rumours.length, rank: valuation?.rank, worth: valuation?.total });
      expect(Object.fromEntries(portfolio.holdings.map((holding) => [holding.company, holding.shares]))).toEqual(
        Object.fromEntries(Object.entries(held?.holdings ?? {}).filter(([, shares]) => shares > 0)),
      );
    }
    expect(table.standings).toMatchObject({ reason: 'TURN_LIMIT' });
    expect(table.standings?.rows.filter((row) => row.winner).map((row) => row.playerId)).toEqual(live.winners);
    expect(table.decision).toMatchObject({ phase: 'finished', kind: 'NONE', awaiting: [] });

    // Payouts: one per completed round, adding up to the events paid.
    const circuits = domain.filter((event) => event.type === 'CircuitCompleted');
    expect(circuits.length).toBeGreaterThan(0);
    expect(table.payouts).toHaveLength(circuits.length);
    const paid = domain.reduce((sum, event) => {
      switch (event.type) {
        case 'DividendPaid':
        case 'DirectorsFeePaid':
        case 'HorizontalBonusPaid':
        case 'VerticalBonusPaid':
          return sum + event.data.amount;
        default:
          return sum;
      }
    }, 0);
    expect(table.payouts.reduce((sum, payout) => sum + payout.total, 0)).toBe(paid);
    expect(table.payouts.every((payout) => payout.dividend !== null)).toBe(true);

    // Ledger: a line per deal, filterable by kind and player.
    const ledger = (kinds: Parameters<ProjectionEngine['getMaxiBourseLedger']>[1]['kinds']) =>
      engine?.getMaxiBourseLedger('m1', { offset: 0, limit: 100_000, ...(kinds ? { kinds } : {}) }) ?? { items: [], total: 0 };
    expect(ledger(['PAYMENT']).total).toBe(domain.filter((event) => event.type === 'SharesPaid').length);
    expect(ledger(['AUCTION']).items.map((entry) => entry.position)).toEqual(
      events.filter((event) => event.type === 'AuctionClosed' && (event.data as { allocations: { lots: number }[] }).allocations.some((a) => a.lots > 0)).flatMap((event) =>
        (event.data as { allocations: { lots: number }[] }).allocations.filter((a) => a.lots > 0).map(() => event.position),
      ),
    );
    expect(ledger(['BANK_PURCHASE']).total).toBe(domain.filter((event) => event.type === 'SoldToBank' && event.data.seller !== 'bank').length);
    for (const kind of ['MARKET_PURCHASE', 'BEST_PURCHASE', 'AUCTION', 'SALE', 'BANK_PURCHASE', 'PAYMENT'] as const) expect(ledger([kind]).total).toBeGreaterThan(0);
    // Every share that changed hands for money was paid for: bought lots equal paid lots.
    const dealt = ledger(['MARKET_PURCHASE', 'BEST_PURCHASE', 'AUCTION', 'SALE', 'PREMIUM_SALE']).items.reduce((sum, entry) => sum + entry.lots, 0);
    expect(ledger(['PAYMENT']).items.reduce((sum, entry) => sum + entry.lots, 0)).toBeLessThanOrEqual(dealt);
    const anas = engine.getMaxiBourseLedger('m1', { offset: 0, limit: 3, playerId: 'ana' });
    expect(anas.items.every((entry) => entry.playerId === 'ana')).toBe(true);
    expect(anas.total).toBeGreaterThanOrEqual(anas.items.length);
    expect(engine.getMaxiBourseLedger('nobody', { offset: 0, limit: 3 }).total).toBe(0);

    expect(engine.listGames({ offset: 0, limit: 10, gameType: 'maxi-bourse', phase: 'finished' }).total).toBe(1);
    expect(engine.getBolsaBoard('m1')).toBeUndefined();
    expect(engine.getPriceBoard('m1')).toBeUndefined();

    // The stored rows rebuild the same models after a restart.
    await engine.stop();
    engine = createProjectionEngine({ eventStore: store, path });
    expect(engine.getMaxiBourseTable('m1')).toEqual(table);
  });

  it('never stores an unrevealed Rumours card or the order of a pile, in any column', async () => {
    const live = await recordGame(store, 'm2');
    if (live.phase !== 'finished') throw new Error('the game did not finish');
    const unrevealed = Object.values(live.players).flatMap((portfolio) => portfolio.rumours);
    expect(unrevealed.length).toBeGreaterThan(0);
    const path = join(dir, 'read-models.sqlite');
    engine = createProjectionEngine({ eventStore: store, path });
    await engine.start();
    expect(engine.getMaxiBourseTable('m2')?.portfolios.reduce((sum, portfolio) => sum + portfolio.rumourCount, 0)).toBe(unrevealed.length);
    await engine.stop();
    engine = undefined;

    const db = new Database(path, { readonly: true });
    const row = db.prepare("SELECT summary, state, price_board, portfolios, extras FROM games WHERE game_id = 'm2'").get() as Record<string, string>;
    const ledger = db.prepare("SELECT entry FROM ledger WHERE game_id = 'm2'").all() as { entry: string }[];
    db.close();
    const stored = [...Object.values(row), ...ledger.map((line) => line.entry)].join('\n');
    for (const cardId of unrevealed) expect(stored).not.toContain(`"${cardId}"`);
    // The working state holds placeholders where the engine keeps the cards and the piles.
    const state = JSON.parse(row['state'] ?? 'null') as Extract<MaxiBourseState, { phase: 'finished' }>;
    for (const portfolio of Object.values(state.players)) expect(portfolio.rumours.every((card) => card === HIDDEN_CARD)).toBe(true);
    for (const deck of Object.values(state.decks)) expect(deck.drawPile.every((card) => card === HIDDEN_CARD)).toBe(true);
    expect(Object.values(state.decks).some((deck) => deck.drawPile.length > 0)).toBe(true);
  });

  it('follows the pending decision in the middle of a game', async () => {
    // Created, four seated, started, the draft, then a few turns.
    const live = await recordGame(store, 'm3', 80);
    engine = createProjectionEngine({ eventStore: store, path: ':memory:' });
    await engine.start();
    const decision = engine.getMaxiBourseTable('m3')?.decision;
    expect(decision?.phase).toBe(live.phase);
    expect(decision?.awaiting).toEqual(awaitedPlayers(live));
    expect(decision?.awaiting.length).toBeGreaterThan(0);
    expect(decision?.kind).not.toBe('NONE');
  });

  it('shows a drawn rumour to its holder and the referee only, and a shuffled order to the referee only', async () => {
    await recordGame(store, 'm4');
    const events = await store.readStream('maxi-bourse-m4');
    const drawn = events.find((event) => event.type === 'RumourDrawn');
    const shuffled = events.find((event) => event.type === 'DeckShuffled');
    if (!drawn || !shuffled) throw new Error('no rumour drawn or pile shuffled');
    const holder = asPlayerId((drawn.data as { playerId: string }).playerId);
    const other = asPlayerId(players.find((player) => player.playerId !== holder)?.playerId ?? '');
    const progress = { phase: 'playing', round: 1 };
    expect(redactMaxiBourseEvent(drawn, { kind: 'player', playerId: holder }, progress)).toBe(drawn);
    expect(redactMaxiBourseEvent(drawn, { kind: 'referee' }, progress)).toBe(drawn);
    expect(redactMaxiBourseEvent(drawn, { kind: 'player', playerId: other }, progress).data).toEqual({ playerId: holder, cardId: HIDDEN_CARD });
    expect(redactMaxiBourseEvent(drawn, { kind: 'spectator' }, { phase: 'finished', round: 10 }).data).toEqual({ playerId: holder, cardId: HIDDEN_CARD });
    const order = (redactMaxiBourseEvent(shuffled, { kind: 'player', playerId: holder }, progress).data as { order: string[] }).order;
    expect(order.length).toBe(32);
    expect(order.every((card) => card === HIDDEN_CARD)).toBe(true);
    expect(redactMaxiBourseEvent(shuffled, { kind: 'referee' }, progress)).toBe(shuffled);

    expect(mayReadMaxiBourseActionsOf({ kind: 'player', playerId: holder }, holder)).toBe(true);
    expect(mayReadMaxiBourseActionsOf({ kind: 'player', playerId: other }, holder)).toBe(false);
    expect(mayReadMaxiBourseActionsOf({ kind: 'referee' }, holder)).toBe(true);
    expect(mayReadMaxiBourseActionsOf({ kind: 'spectator' }, holder)).toBe(false);
  });
});
