import type { EventStore, RecordedEvent, Subscription } from '@corbeille/event-store';
import { isVoidingMarker, liveEvents } from '@corbeille/rulings';
import { READ_MODEL_WRITES, ReadModelDb } from './read-model-db';
import type { Statement } from 'better-sqlite3';
import { BOLSA_GAME } from './bolsa/bolsa-game';
import type { BolsaBoard, BolsaLedgerEntry, BolsaLedgerKind, BolsaMonthStatus, BolsaPublicPortfolio } from './bolsa/bolsa-read-models';
import { MAXI_BOURSE_GAME } from './maxi-bourse/maxi-bourse-game';
import type { MaxiBourseLedgerEntry, MaxiBourseLedgerKind, MaxiBourseTable } from './maxi-bourse/maxi-bourse-read-models';
import type {
  GameSummary,
  Page,
  PortfolioView,
  PriceBoard,
  ReadModelListener,
  ReadModelQueries,
  TradeEntry,
} from './read-models';
import type { GameTypeName, ProjectableEvent, RegisteredGame, TypedGame } from './registry/game-definition';
import { gameOfStream, gameOfType } from './registry/game-registry';
import { STOCK_TICKER_GAME } from './stock-ticker-game';

export interface ProjectionEngineOptions {
  readonly eventStore: EventStore;
  /** SQLite file for read models and checkpoints (':memory:' for tests). */
  readonly path: string;
  /**
   * Opens a faster, synchronous reader of the same log for catching up from a position (e.g. event-store-sqlite's
   * openSqliteLogReader); the engine closes it once caught up. Without one, catching up reads with the store's
   * readAll. Live events always come from the store.
   */
  readonly catchUpReader?: (afterPosition: number) => CatchUpReader;
  /** Events per catch-up transaction through the reader (default CATCH_UP_TRANSACTION; small in tests). */
  readonly catchUpTransactionEvents?: number;
  /**
   * How long a live change of a game's row may wait to be written (default ROW_WRITE_DELAY_MS). Rows and
   * the checkpoint are written together, so after a crash the engine folds again what they had not seen.
   */
  readonly rowWriteDelayMs?: number;
}

/** Reads the global log synchronously: up to `maxCount` events after `afterPosition`, in order. */
export interface CatchUpReader {
  readAfter(afterPosition: number, maxCount: number): readonly ProjectableEvent[];
  close(): void;
}

export interface ProjectionEngine extends ReadModelQueries {
  /** Catches up from the stored checkpoint, then follows the log live. Resolves once caught up. */
  start(): Promise<void>;
  /** Resolves once every event up to `position` is folded (e.g. after a mutation, before reading). */
  waitFor(position: number, timeoutMs?: number): Promise<void>;
  onChange(listener: ReadModelListener): () => void;
  stop(): Promise<void>;
}

const CHECKPOINT = 'read-models';
/**
 * A live game's row (state, price board with its whole history, portfolios) is rewritten whole: written
 * for every batch of events, it was most of what a command cost the read models. Rows wait this long and
 * are written at once, with the checkpoint.
 */
const ROW_WRITE_DELAY_MS = 1_000;
/**
 * Events folded per transaction while catching up. Each changed game's row is written once per batch,
 * so larger batches write fewer rows: 20,000 events are about 10 MB in memory, and rebuilt 1.1 M events
 * in 14.4 s against 23.9 s with batches of 1,000 (docs/performance.md).
 */
const CATCH_UP_BATCH = 20_000;
/**
 * With a synchronous reader, catching up reads pages of READ_PAGE events (short-lived, so the garbage
 * collector frees them young) and commits every CATCH_UP_TRANSACTION events: each changed game's row is
 * written once per transaction, and a game's trade rows share B-tree pages in the page cache until then.
 */
const READ_PAGE = 2_000;
const CATCH_UP_TRANSACTION = 200_000;

interface Change {
  gameId: string;
  gameType: GameTypeName;
  position: number;
  eventTypes: string[];
}

interface GameRow {
  game_type: string;
  summary: string;
  state: string;
  price_board: string;
  portfolios: string;
  extras: string;
}

/** A game's read models in memory, tagged with the game they belong to. */
interface CachedModel {
  readonly game: RegisteredGame;
  readonly model: unknown;
}

/** A registered game's typed model type, as its projection folds it. */
type ModelOf<Game> = Game extends TypedGame<infer _S, infer _C, infer _E, infer _V, infer _A, infer Model> ? Model : never;

export function createProjectionEngine(options: ProjectionEngineOptions): ProjectionEngine {
  return new SqliteProjectionEngine(
    options.eventStore,
    new ReadModelDb(options.path),
    options.catchUpReader,
    options.catchUpTransactionEvents ?? CATCH_UP_TRANSACTION,
    options.rowWriteDelayMs ?? ROW_WRITE_DELAY_MS,
  );
}

/**
 * Folds the global log into the read models, one transaction per batch with its checkpoint. Each stream is
 * folded by the projection of the registered game its prefix names; other streams are skipped.
 */
class SqliteProjectionEngine implements ProjectionEngine {
  private readonly models = new Map<string, CachedModel>();
  /** Games changed by the transaction in progress: each one's row is written once, when it commits. */
  private readonly unsaved = new Set<string>();
  private readonly filteredStatements = new Map<string, Statement<unknown[], { item: string; total: number }>>();
  private readonly listeners = new Set<ReadModelListener>();
  private waiters: { position: number; resolve: () => void }[] = [];
  private subscription: Subscription | undefined;
  /** Live events delivered since the last batch was applied. */
  private live: RecordedEvent[] = [];
  /** Set while live events are waiting for, or being applied in, a batch. */
  private draining: Promise<void> | undefined;
  /** The pending write of the rows changed by live events (and of the checkpoint). */
  private rowWrite: NodeJS.Timeout | undefined;
  /** Whether events being applied are live: their trade and ledger rows then wait with the games' rows. */
  private deferRows = false;
  private pendingTrades: [gameId: string, position: number, playerId: string, entry: string][] = [];
  private pendingLedger: [gameId: string, position: number, sequence: number, playerId: string | null, kind: string, entry: string][] = [];
  private readonly rowWriteDelayMs: number;
  private position: number;
  private failure: unknown;

  private readonly statements;

  constructor(
    private readonly eventStore: EventStore,
    private readonly readModels: ReadModelDb,
    private readonly catchUpReader: ((afterPosition: number) => CatchUpReader) | undefined,
    private readonly catchUpTransactionEvents: number,
    rowWriteDelayMs = ROW_WRITE_DELAY_MS,
  ) {
    this.rowWriteDelayMs = rowWriteDelayMs;
    const db = readModels.db;
    this.statements = {
      checkpoint: db.prepare<[string], { position: number }>('SELECT position FROM checkpoints WHERE name = ?'),
      saveCheckpoint: db.prepare(READ_MODEL_WRITES.saveCheckpoint),
      game: db.prepare<[string], GameRow>(
        'SELECT game_type, summary, state, price_board, portfolios, extras FROM games WHERE game_id = ?',
      ),
      saveGame: db.prepare(READ_MODEL_WRITES.saveGame),
      saveTrade: db.prepare(READ_MODEL_WRITES.saveTrade),
      saveLedger: db.prepare(READ_MODEL_WRITES.saveLedger),
      trades: db.prepare<[string, number, number], { entry: string }>(
        'SELECT entry FROM trades WHERE game_id = ? ORDER BY position LIMIT ? OFFSET ?',
      ),
      tradesOfPlayer: db.prepare<[string, string, number, number], { entry: string }>(
        'SELECT entry FROM trades WHERE game_id = ? AND player_id = ? ORDER BY position LIMIT ? OFFSET ?',
      ),
      countTrades: db.prepare<[string], { total: number }>('SELECT COUNT(*) AS total FROM trades WHERE game_id = ?'),
      countTradesOfPlayer: db.prepare<[string, string], { total: number }>(
        'SELECT COUNT(*) AS total FROM trades WHERE game_id = ? AND player_id = ?',
      ),
    };
    this.position = this.statements.checkpoint.get(CHECKPOINT)?.position ?? 0;
  }

  async start(): Promise<void> {
    if (this.subscription) return;
    // Catch up by reading, then follow live from wherever catch-up ended.
    if (this.catchUpReader) {
      const reader = this.catchUpReader(this.position);
      try {
        await this.catchUpWith(reader);
      } finally {
        reader.close();
      }
    }
    for (;;) {
      const batch = await this.eventStore.readAll({ afterPosition: this.position, maxCount: CATCH_UP_BATCH });
      if (batch.length === 0) break;
      await this.applyWithRewinds(batch);
    }
    this.subscription = this.eventStore.subscribeToAll((event) => this.enqueueLive(event), {
      afterPosition: this.position,
      onError: (error) => {
        this.failure = error;
      },
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.unsubscribe();
    this.subscription = undefined;
    this.live = [];
    await this.draining;
    if (!this.failure) this.writeRows();
    this.readModels.close();
  }

  /**
   * Live events are applied in batches: every event delivered before the event loop's next turn (a group
   * commit of many commands' events, a page of the subscription) goes into one transaction, with each
   * changed game's row written and its listeners told once, instead of a transaction per event.
   */
  private enqueueLive(event: RecordedEvent): void {
    this.live.push(event);
    this.draining ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drainLive());
  }

  private async drainLive(): Promise<void> {
    try {
      while (this.live.length > 0 && this.subscription) {
        const batch = this.live;
        this.live = [];
        await this.applyWithRewinds(batch);
      }
    } catch (error) {
      // As a failing subscription handler would: stop following the log; checkpoint() reports it.
      this.failure = error;
      this.live = [];
      await this.subscription?.unsubscribe();
    } finally {
      this.draining = undefined;
    }
  }

  waitFor(position: number, timeoutMs = 10_000): Promise<void> {
    if (this.position >= position) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter.resolve !== done);
        reject(new Error(`Read models did not reach position ${position} within ${timeoutMs} ms (at ${this.position})`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.push({ position, resolve: done });
    });
  }

  onChange(listener: ReadModelListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  checkpoint(): number {
    if (this.failure) throw this.failure;
    return this.position;
  }

  listGames(options: { offset: number; limit: number; phase?: string; gameType?: GameTypeName }): Page<GameSummary> {
    const filters: [string, string][] = [];
    if (options.gameType !== undefined) filters.push(['game_type', options.gameType]);
    if (options.phase !== undefined) filters.push(['phase', options.phase]);
    const page = this.filteredPage('games', 'summary', 'created_at DESC, game_id', filters, [], options);
    return { items: page.items.map((item) => JSON.parse(item) as GameSummary), total: page.total };
  }

  getGame(gameId: string): GameSummary | undefined {
    const cached = this.cached(gameId);
    return cached ? cached.game.projection.summaryOf(cached.model) : undefined;
  }

  getPriceBoard(gameId: string): PriceBoard | undefined {
    return this.modelOf(STOCK_TICKER_GAME, gameId)?.priceBoard;
  }

  getPortfolios(gameId: string): PortfolioView[] {
    return this.modelOf(STOCK_TICKER_GAME, gameId)?.portfolios ?? [];
  }

  getBolsaBoard(gameId: string): BolsaBoard | undefined {
    return this.modelOf(BOLSA_GAME, gameId)?.board;
  }

  getBolsaPortfolios(gameId: string): BolsaPublicPortfolio[] {
    return [...(this.modelOf(BOLSA_GAME, gameId)?.portfolios ?? [])];
  }

  getBolsaMonth(gameId: string): BolsaMonthStatus | undefined {
    return this.modelOf(BOLSA_GAME, gameId)?.month ?? undefined;
  }

  getBolsaLedger(
    gameId: string,
    options: { offset: number; limit: number; playerId?: string; kinds?: readonly BolsaLedgerKind[] },
  ): Page<BolsaLedgerEntry> {
    if (this.modelOf(BOLSA_GAME, gameId) === undefined) return { items: [], total: 0 };
    const filters: [string, string][] = [['game_id', gameId]];
    if (options.playerId !== undefined) filters.push(['player_id', options.playerId]);
    const page = this.filteredPage('ledger', 'entry', 'position, sequence', filters, options.kinds ?? [], options);
    return { items: page.items.map((item) => JSON.parse(item) as BolsaLedgerEntry), total: page.total };
  }

  getMaxiBourseTable(gameId: string): MaxiBourseTable | undefined {
    const model = this.modelOf(MAXI_BOURSE_GAME, gameId);
    if (!model) return undefined;
    const { board, priceBoard, portfolios, decision, payouts, standings } = model;
    return { board, priceBoard, portfolios, decision, payouts, standings };
  }

  getMaxiBourseLedger(
    gameId: string,
    options: { offset: number; limit: number; playerId?: string; kinds?: readonly MaxiBourseLedgerKind[] },
  ): Page<MaxiBourseLedgerEntry> {
    if (this.modelOf(MAXI_BOURSE_GAME, gameId) === undefined) return { items: [], total: 0 };
    const filters: [string, string][] = [['game_id', gameId]];
    if (options.playerId !== undefined) filters.push(['player_id', options.playerId]);
    const page = this.filteredPage('ledger', 'entry', 'position, sequence', filters, options.kinds ?? [], options);
    return { items: page.items.map((item) => JSON.parse(item) as MaxiBourseLedgerEntry), total: page.total };
  }

  /**
   * One page of a table filtered by equal columns (and `kind IN (...)`), with the total count. Statements
   * are prepared once per shape; column names come from this file, values are always bound.
   */
  private filteredPage(
    table: 'games' | 'ledger',
    column: 'summary' | 'entry',
    order: string,
    filters: readonly [string, string][],
    kinds: readonly string[],
    page: { offset: number; limit: number },
  ): { items: string[]; total: number } {
    // Read from the rows: the ones waiting to be written go first.
    this.writeRows();
    const conditions = [...filters.map(([name]) => `${name} = ?`), ...(kinds.length > 0 ? [`kind IN (${kinds.map(() => '?').join(', ')})`] : [])];
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const sql = `SELECT ${column} AS item, COUNT(*) OVER () AS total FROM ${table} ${where} ORDER BY ${order} LIMIT ? OFFSET ?`;
    const values = [...filters.map(([, value]) => value), ...kinds];
    const rows = this.prepared(sql).all(...values, page.limit, page.offset);
    if (rows.length > 0) return { items: rows.map((row) => row.item), total: rows[0]?.total ?? 0 };
    // Past the last page the window count has no row to ride on.
    const count = this.prepared(`SELECT COUNT(*) AS total FROM ${table} ${where}`).get(...values);
    return { items: [], total: count?.total ?? 0 };
  }

  private prepared(sql: string): Statement<unknown[], { item: string; total: number }> {
    let statement = this.filteredStatements.get(sql);
    if (!statement) {
      statement = this.readModels.db.prepare<unknown[], { item: string; total: number }>(sql);
      this.filteredStatements.set(sql, statement);
    }
    return statement;
  }

  getTrades(gameId: string, options: { offset: number; limit: number; playerId?: string }): Page<TradeEntry> {
    // Read from the rows: the ones waiting to be written go first.
    this.writeRows();
    const { offset, limit, playerId } = options;
    const rows =
      playerId === undefined
        ? this.statements.trades.all(gameId, limit, offset)
        : this.statements.tradesOfPlayer.all(gameId, playerId, limit, offset);
    const total =
      playerId === undefined
        ? this.statements.countTrades.get(gameId)?.total
        : this.statements.countTradesOfPlayer.get(gameId, playerId)?.total;
    return { items: rows.map((row) => JSON.parse(row.entry) as TradeEntry), total: total ?? 0 };
  }

  /** The typed model of a game of this type (undefined for an unknown game or one of another type). */
  private modelOf<Game extends RegisteredGame>(game: Game, gameId: string): ModelOf<Game> | undefined {
    const cached = this.cached(gameId);
    // Sound: a cached model is always the one its game's projection folded.
    return cached?.game.type === game.type ? (cached.model as ModelOf<Game>) : undefined;
  }

  private cached(gameId: string): CachedModel | undefined {
    const cached = this.models.get(gameId);
    if (cached) return cached;
    const row = this.statements.game.get(gameId);
    if (!row) return undefined;
    const game = gameOfType(row.game_type as GameTypeName);
    const model = game.projection.fromRow(JSON.parse(row.summary) as GameSummary, {
      state: JSON.parse(row.state),
      priceBoard: JSON.parse(row.price_board),
      portfolios: JSON.parse(row.portfolios),
      extras: JSON.parse(row.extras),
    });
    const entry = { game, model };
    this.models.set(gameId, entry);
    return entry;
  }

  /**
   * Catches up through a synchronous reader, in transactions of CATCH_UP_TRANSACTION events read in pages.
   * A rewind marker ends its transaction and rebuilds its game as applyWithRewinds does. A rebuild from
   * nothing leaves the secondary indexes out until the end (one sorted build instead of an insert per row).
   * Every write stays on this thread's connection: the identity and dispute stores share the file, and
   * a write lock held by another thread while they open or commit would make them wait, or fail busy.
   */
  private async catchUpWith(reader: CatchUpReader): Promise<void> {
    const fromScratch = this.position === 0;
    if (fromScratch) this.readModels.dropSecondaryIndexes();
    try {
      for (;;) {
        const step = this.applyTransaction(reader);
        if (step.marker) {
          // Rewinding a game deletes its rows by game: from here on the indexes are kept up to date.
          if (fromScratch) this.readModels.createSecondaryIndexes();
          const routed = gameOfStream(step.marker.streamId);
          if (routed) {
            const stream = await this.eventStore.readStream(step.marker.streamId, { maxCount: step.marker.revision + 1 });
            this.rebuildGame(routed.game, routed.gameId, step.marker, stream);
          }
        } else if (step.events === 0) break;
        // Let the rest of the start-up (and anything else waiting) run between transactions.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } finally {
      if (fromScratch && this.readModels.db.open) this.readModels.createSecondaryIndexes();
    }
  }

  /** Folds the events of one catch-up transaction, up to a rewind marker (returned, not applied). */
  private foldEvents(reader: CatchUpReader, changes: Map<string, Change>): { marker: ProjectableEvent | undefined; events: number } {
    let applied = 0;
    while (applied < this.catchUpTransactionEvents) {
      const page = reader.readAfter(this.position, Math.min(READ_PAGE, this.catchUpTransactionEvents - applied));
      if (page.length === 0) break;
      for (const event of page) {
        if (event.position <= this.position) continue;
        const routed = gameOfStream(event.streamId);
        if (routed && isVoidingMarker(event)) return { marker: event, events: applied };
        if (routed) this.applyEvent(routed.game, routed.gameId, event, changes);
        this.position = event.position;
        applied += 1;
      }
    }
    return { marker: undefined, events: applied };
  }

  /** One catch-up transaction. */
  private applyTransaction(reader: CatchUpReader): { marker: ProjectableEvent | undefined; events: number } {
    const changes = new Map<string, Change>();
    let step: { marker: ProjectableEvent | undefined; events: number } = { marker: undefined, events: 0 };
    const apply = this.readModels.db.transaction(() => {
      step = this.foldEvents(reader, changes);
      this.saveChangedGames();
      this.statements.saveCheckpoint.run(CHECKPOINT, this.position);
    });
    try {
      apply();
    } catch (error) {
      this.forgetUnsaved();
      throw error;
    }
    this.applied(changes, this.position);
    return step;
  }

  /** Tells the listeners of each changed game, and the waiters the position committed. */
  private applied(changes: ReadonlyMap<string, Change>, position: number): void {
    for (const change of changes.values()) for (const listener of this.listeners) listener(change);
    const ready = this.waiters.filter((waiter) => waiter.position <= position);
    this.waiters = this.waiters.filter((waiter) => waiter.position > position);
    for (const waiter of ready) waiter.resolve();
  }

  /**
   * Live events: folded into the models only. Their rows (the games' rows, which are rewritten whole, and
   * the trade and ledger rows) are written later, in one transaction with the checkpoint (writeRows): within
   * ROW_WRITE_DELAY_MS, at stop, and before anything is read from the rows. The file is thus always the read
   * models at its checkpoint; after a crash the engine folds again the events it had not written.
   */
  private applyBatch(events: readonly RecordedEvent[]): void {
    const changes = new Map<string, Change>();
    this.deferRows = true;
    try {
      for (const event of events) {
        if (event.position <= this.position) continue;
        const routed = gameOfStream(event.streamId);
        if (routed) this.applyEvent(routed.game, routed.gameId, event, changes);
        this.position = event.position;
      }
    } catch (error) {
      // The models may hold half-applied changes: they are read again from the rows.
      this.forgetUnsaved();
      throw error;
    } finally {
      this.deferRows = false;
    }
    this.rowWrite ??= setTimeout(() => {
      try {
        this.writeRows();
      } catch (error) {
        // As a failing live batch would: stop following the log; checkpoint() reports it.
        this.failure = error;
        void this.subscription?.unsubscribe();
      }
    }, this.rowWriteDelayMs).unref();
    this.applied(changes, this.position);
  }

  /** Writes the rows of the games changed since the last write, and the checkpoint with them. */
  private writeRows(): void {
    if (this.rowWrite) clearTimeout(this.rowWrite);
    this.rowWrite = undefined;
    if (!this.readModels.db.open || this.position === (this.statements.checkpoint.get(CHECKPOINT)?.position ?? 0)) return;
    const write = this.readModels.db.transaction(() => {
      this.saveChangedGames();
      this.statements.saveCheckpoint.run(CHECKPOINT, this.position);
    });
    try {
      write();
    } catch (error) {
      this.forgetUnsaved();
      throw error;
    }
  }

  /** After a rollback: the models may be ahead of the rows, so they are read again from the rows. */
  private forgetUnsaved(): void {
    if (this.rowWrite) clearTimeout(this.rowWrite);
    this.rowWrite = undefined;
    this.unsaved.clear();
    this.pendingTrades = [];
    this.pendingLedger = [];
    this.models.clear();
    this.position = this.statements.checkpoint.get(CHECKPOINT)?.position ?? 0;
  }

  /**
   * Applies events in order; a rewind marker (`EventsVoided`) of a game rebuilds that game's read models
   * from its stream, without the events it voids (they stay in the log and the audit trail).
   */
  private async applyWithRewinds(events: readonly RecordedEvent[]): Promise<void> {
    let from = 0;
    for (const [index, event] of events.entries()) {
      if (!isVoidingMarker(event) || event.position <= this.position) continue;
      const routed = gameOfStream(event.streamId);
      if (!routed) continue;
      if (index > from) this.applyBatch(events.slice(from, index));
      const stream = await this.eventStore.readStream(event.streamId, { maxCount: event.revision + 1 });
      this.rebuildGame(routed.game, routed.gameId, event, stream);
      from = index + 1;
    }
    if (from < events.length) this.applyBatch(from === 0 ? events : events.slice(from));
  }

  /** Folds a game again from the start of its stream up to a rewind marker, skipping voided events. */
  private rebuildGame(game: RegisteredGame, gameId: string, marker: ProjectableEvent, stream: readonly RecordedEvent[]): void {
    const changes = new Map<string, Change>();
    const db = this.readModels.db;
    // Rows of the game's events not written yet go with the rows on disk: the game is folded again.
    this.pendingTrades = this.pendingTrades.filter(([rowGame]) => rowGame !== gameId);
    this.pendingLedger = this.pendingLedger.filter(([rowGame]) => rowGame !== gameId);
    const rebuild = db.transaction(() => {
      for (const table of ['trades', 'ledger', 'games']) db.prepare(`DELETE FROM ${table} WHERE game_id = ?`).run(gameId);
      this.models.delete(gameId);
      for (const event of liveEvents(stream)) this.applyEvent(game, gameId, event, changes);
      this.position = marker.position;
      this.saveChangedGames();
      this.statements.saveCheckpoint.run(CHECKPOINT, this.position);
    });
    try {
      rebuild();
    } catch (error) {
      this.forgetUnsaved();
      throw error;
    }
    this.applied(changes, this.position);
  }

  private applyEvent(game: RegisteredGame, gameId: string, event: ProjectableEvent, changes: Map<string, Change>): void {
    const previous = this.cached(gameId);
    // Game ids are unique across game types (the API refuses a second one); a stray stream must not clobber a game.
    if (previous && previous.game.type !== game.type) return;
    const projected = game.projection.project(previous?.model, event, gameId);
    const { model } = projected;
    // A projection that advances its model in place (Stock Ticker's) leaves the cached entry as it is.
    if (previous?.model !== model) this.models.set(gameId, { game, model });
    this.unsaved.add(gameId);
    const { trades, ledger } = projected;
    if (trades) {
      for (const trade of trades) {
        if (this.deferRows) this.pendingTrades.push([gameId, trade.position, trade.playerId, JSON.stringify(trade)]);
        else this.statements.saveTrade.run(gameId, trade.position, trade.playerId, JSON.stringify(trade));
      }
    }
    if (ledger) {
      ledger.forEach((line, sequence) => {
        const entry = JSON.stringify(line.entry);
        if (this.deferRows) this.pendingLedger.push([gameId, event.position, sequence, line.playerId, line.kind, entry]);
        else this.statements.saveLedger.run(gameId, event.position, sequence, line.playerId, line.kind, entry);
      });
    }
    const change = changes.get(gameId);
    if (change) {
      change.position = event.position;
      change.eventTypes.push(event.type);
    } else changes.set(gameId, { gameId, gameType: game.type, position: event.position, eventTypes: [event.type] });
  }

  /**
   * Writes the row of every game the transaction changed, once: a game's row (state, board with its
   * history, portfolios) is re-serialised whole, so writing it per event made a batch cost its events
   * times the row.
   */
  private saveChangedGames(): void {
    for (const row of this.pendingTrades) this.statements.saveTrade.run(...row);
    for (const row of this.pendingLedger) this.statements.saveLedger.run(...row);
    this.pendingTrades = [];
    this.pendingLedger = [];
    for (const gameId of this.unsaved) {
      const cached = this.models.get(gameId);
      if (!cached) continue;
      const { game, model } = cached;
      const summary = game.projection.summaryOf(model);
      const row = game.projection.toRow(model);
      this.statements.saveGame.run(
        gameId,
        game.type,
        summary.phase,
        summary.createdAt,
        JSON.stringify(summary),
        JSON.stringify(row.state),
        JSON.stringify(row.priceBoard),
        JSON.stringify(row.portfolios),
        JSON.stringify(row.extras),
      );
    }
    this.unsaved.clear();
  }
}
