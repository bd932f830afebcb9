import type { EventStore, RecordedEvent, Subscription } from '@corbeille/event-store';
import { ReadModelDb } from './read-model-db';
import type {
  GameSummary,
  Page,
  PortfolioView,
  PriceBoard,
  ReadModelListener,
  ReadModelQueries,
  TradeEntry,
} from './read-models';
import {
  STOCK_TICKER_STREAM_PREFIX,
  gameIdFromStream,
  projectStockTickerEvent,
  type StockTickerGameModel,
} from './stock-ticker-projection';

export interface ProjectionEngineOptions {
  readonly eventStore: EventStore;
  /** SQLite file for read models and checkpoints (':memory:' for tests). */
  readonly path: string;
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

interface GameRow {
  summary: string;
  state: string;
  price_board: string;
  portfolios: string;
}

export function createProjectionEngine(options: ProjectionEngineOptions): ProjectionEngine {
  return new SqliteProjectionEngine(options.eventStore, new ReadModelDb(options.path));
}

/** Folds the global log into the read models, one transaction per event with its checkpoint. */
class SqliteProjectionEngine implements ProjectionEngine {
  private readonly models = new Map<string, StockTickerGameModel>();
  private readonly listeners = new Set<ReadModelListener>();
  private waiters: { position: number; resolve: () => void }[] = [];
  private subscription: Subscription | undefined;
  private position: number;
  private failure: unknown;

  private readonly statements;

  constructor(
    private readonly eventStore: EventStore,
    private readonly readModels: ReadModelDb,
  ) {
    const db = readModels.db;
    this.statements = {
      checkpoint: db.prepare<[string], { position: number }>('SELECT position FROM checkpoints WHERE name = ?'),
      saveCheckpoint: db.prepare(
        'INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position',
      ),
      game: db.prepare<[string], GameRow>('SELECT summary, state, price_board, portfolios FROM games WHERE game_id = ?'),
      saveGame: db.prepare(
        `INSERT INTO games (game_id, phase, created_at, summary, state, price_board, portfolios) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(game_id) DO UPDATE SET phase = excluded.phase, summary = excluded.summary, state = excluded.state,
           price_board = excluded.price_board, portfolios = excluded.portfolios`,
      ),
      saveTrade: db.prepare('INSERT OR REPLACE INTO trades (game_id, position, player_id, entry) VALUES (?, ?, ?, ?)'),
      listGames: db.prepare<[number, number], { summary: string }>(
        'SELECT summary FROM games ORDER BY created_at DESC, game_id LIMIT ? OFFSET ?',
      ),
      listGamesInPhase: db.prepare<[string, number, number], { summary: string }>(
        'SELECT summary FROM games WHERE phase = ? ORDER BY created_at DESC, game_id LIMIT ? OFFSET ?',
      ),
      countGames: db.prepare<[], { total: number }>('SELECT COUNT(*) AS total FROM games'),
      countGamesInPhase: db.prepare<[string], { total: number }>('SELECT COUNT(*) AS total FROM games WHERE phase = ?'),
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
    for (;;) {
      const batch = await this.eventStore.readAll({ afterPosition: this.position, maxCount: 1000 });
      if (batch.length === 0) break;
      this.applyBatch(batch);
    }
    this.subscription = this.eventStore.subscribeToAll((event) => this.applyBatch([event]), {
      afterPosition: this.position,
      onError: (error) => {
        this.failure = error;
      },
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.unsubscribe();
    this.subscription = undefined;
    this.readModels.close();
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

  listGames(options: { offset: number; limit: number; phase?: string }): Page<GameSummary> {
    const rows =
      options.phase === undefined
        ? this.statements.listGames.all(options.limit, options.offset)
        : this.statements.listGamesInPhase.all(options.phase, options.limit, options.offset);
    const total =
      options.phase === undefined
        ? this.statements.countGames.get()?.total
        : this.statements.countGamesInPhase.get(options.phase)?.total;
    return { items: rows.map((row) => JSON.parse(row.summary) as GameSummary), total: total ?? 0 };
  }

  getGame(gameId: string): GameSummary | undefined {
    return this.model(gameId)?.summary;
  }

  getPriceBoard(gameId: string): PriceBoard | undefined {
    return this.model(gameId)?.priceBoard;
  }

  getPortfolios(gameId: string): PortfolioView[] {
    return this.model(gameId)?.portfolios ?? [];
  }

  getTrades(gameId: string, options: { offset: number; limit: number; playerId?: string }): Page<TradeEntry> {
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

  private model(gameId: string): StockTickerGameModel | undefined {
    const cached = this.models.get(gameId);
    if (cached) return cached;
    const row = this.statements.game.get(gameId);
    if (!row) return undefined;
    const model: StockTickerGameModel = {
      summary: JSON.parse(row.summary),
      state: JSON.parse(row.state),
      priceBoard: JSON.parse(row.price_board),
      portfolios: JSON.parse(row.portfolios),
    };
    this.models.set(gameId, model);
    return model;
  }

  private applyBatch(events: readonly RecordedEvent[]): void {
    const changes = new Map<string, { gameId: string; position: number; eventTypes: string[] }>();
    const apply = this.readModels.db.transaction((batch: readonly RecordedEvent[]) => {
      for (const event of batch) {
        if (event.position <= this.position) continue;
        if (event.streamId.startsWith(STOCK_TICKER_STREAM_PREFIX)) {
          const gameId = gameIdFromStream(event.streamId);
          const { model, trade } = projectStockTickerEvent(this.model(gameId), event);
          this.models.set(gameId, model);
          this.statements.saveGame.run(
            gameId,
            model.summary.phase,
            model.summary.createdAt,
            JSON.stringify(model.summary),
            JSON.stringify(model.state),
            JSON.stringify(model.priceBoard),
            JSON.stringify(model.portfolios),
          );
          if (trade) this.statements.saveTrade.run(gameId, trade.position, trade.playerId, JSON.stringify(trade));
          const change = changes.get(gameId) ?? { gameId, position: event.position, eventTypes: [] };
          change.position = event.position;
          change.eventTypes.push(event.type);
          changes.set(gameId, change);
        }
        this.position = event.position;
      }
      this.statements.saveCheckpoint.run(CHECKPOINT, this.position);
    });
    try {
      apply(events);
    } catch (error) {
      // The transaction rolled back: forget cached models that may hold half-applied changes.
      this.models.clear();
      this.position = this.statements.checkpoint.get(CHECKPOINT)?.position ?? 0;
      throw error;
    }
    for (const change of changes.values()) for (const listener of this.listeners) listener(change);
    const ready = this.waiters.filter((waiter) => waiter.position <= this.position);
    this.waiters = this.waiters.filter((waiter) => waiter.position > this.position);
    for (const waiter of ready) waiter.resolve();
  }
}
