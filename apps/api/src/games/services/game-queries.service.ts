import { Inject, Injectable } from '@nestjs/common';
import { foldAt, type SnapshotHistory, type StreamPoint as FoldPoint } from '@corbeille/application';
import type { EventStore } from '@corbeille/event-store';
import { STOCK_TICKER_GAME, type ProjectionEngine } from '@corbeille/projections';
import type { StockTickerState } from '@corbeille/stock-ticker';
import type { Principal } from '../../access/access.port';
import { offsetAfter, offsetConnection, type ConnectionShape } from '../../common/pagination/connection.model';
import { InputValidationError } from '../../common/errors/input-validation.error';
import { EVENT_STORE, PROJECTIONS, SNAPSHOT_HISTORY } from '../../infrastructure/infrastructure.tokens';
import { SNAPSHOT_EVERY } from '../../infrastructure/snapshots';
import { toGameSnapshotModel, toLegalActionModel } from '../mappers/engine.mapper';
import { toGameEventModel } from '../mappers/game-event.mapper';
import { toGameModel, toGameSummaryModel, toPortfolioModel, toPriceBoardModel, toTradeModel } from '../mappers/read-model.mapper';
import type { GameEventModel } from '../models/game-event.model';
import type { GameSummaryModel } from '../models/game-summary.model';
import type { GameTypeValue } from '../models/game-type.enum';
import type { GameSnapshotModel } from '../models/game-snapshot.model';
import type { GameModel } from '../models/game.model';
import type { GamePhaseValue } from '../models/game-enums';
import type { LegalActionModel } from '../models/legal-action.model';
import type { PortfolioModel } from '../models/portfolio.model';
import type { PriceBoardModel } from '../models/price-board.model';
import type { TradeModel } from '../models/trade.model';
import { GameAccessService, type StreamPoint } from './game-access.service';
import type { EventFilters, EventPageArgs } from './event-filters';

const GAME_CURSOR = 'game';
const SUMMARY_CURSOR = 'summary';
const TRADE_CURSOR = 'trade';

/**
 * Stock Ticker reads for queries (and the list of every game): figures from the read models, history,
 * time travel and legal moves from the stream through the access service.
 */
@Injectable()
export class GameQueriesService {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionEngine,
    private readonly access: GameAccessService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SNAPSHOT_HISTORY) private readonly history: SnapshotHistory,
  ) {}

  async listGames(principal: Principal, first: number, after: string | null | undefined, phase: GamePhaseValue | null | undefined): Promise<ConnectionShape<GameModel>> {
    const offset = offsetAfter(GAME_CURSOR, after);
    const page = await this.access.visibleGames(principal, { offset, limit: first, gameType: STOCK_TICKER_GAME.type, ...(phase ? { phase } : {}) });
    return offsetConnection(GAME_CURSOR, page.items.map(toGameModel), offset, page.total);
  }

  /** Games of every type (or of one), newest first. */
  async listAllGames(
    principal: Principal,
    first: number,
    after: string | null | undefined,
    gameType: GameTypeValue | null | undefined,
  ): Promise<ConnectionShape<GameSummaryModel>> {
    const offset = offsetAfter(SUMMARY_CURSOR, after);
    const page = await this.access.visibleGames(principal, { offset, limit: first, ...(gameType ? { gameType } : {}) });
    return offsetConnection(SUMMARY_CURSOR, page.items.map(toGameSummaryModel), offset, page.total);
  }

  /** A Stock Ticker game (null for an unknown id or a game of another type). */
  /** The game, if there is a Stock Ticker game with this id: Forbidden when it is not the principal's to see. */
  async getGame(principal: Principal, gameId: string): Promise<GameModel | null> {
    const summary = this.projections.getGame(gameId);
    if (summary?.gameType !== STOCK_TICKER_GAME.type) return null;
    await this.access.locateReadable(principal, gameId, STOCK_TICKER_GAME);
    return toGameModel(summary);
  }

  priceBoard(gameId: string): PriceBoardModel | null {
    const board = this.projections.getPriceBoard(gameId);
    return board ? toPriceBoardModel(board) : null;
  }

  portfolios(gameId: string): PortfolioModel[] {
    return this.projections.getPortfolios(gameId).map(toPortfolioModel);
  }

  trades(gameId: string, first: number, after: string | null | undefined, playerId: string | null | undefined): ConnectionShape<TradeModel> {
    const offset = offsetAfter(TRADE_CURSOR, after);
    const page = this.projections.getTrades(gameId, { offset, limit: first, ...(playerId ? { playerId } : {}) });
    return offsetConnection(TRADE_CURSOR, page.items.map(toTradeModel), offset, page.total);
  }

  async legalActions(principal: Principal, gameId: string, playerId: string): Promise<LegalActionModel[]> {
    return (await this.access.legalActions(principal, gameId, STOCK_TICKER_GAME, playerId)).map(toLegalActionModel);
  }

  async events(principal: Principal, gameId: string, args: EventPageArgs & EventFilters): Promise<ConnectionShape<GameEventModel>> {
    const page = await this.access.eventsPage(principal, gameId, args, STOCK_TICKER_GAME);
    return { ...page, edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: toGameEventModel(edge.node) })) };
  }

  /**
   * Time travel: the game folded up to a position or revision (null if nothing is there yet), from the
   * nearest snapshot before the point (one every SNAPSHOT_EVERY events, saved by the folds that pass them),
   * so a point of a long game costs at most that many events rather than the whole stream.
   */
  async snapshotAt(principal: Principal, gameId: string, point: StreamPoint): Promise<GameSnapshotModel | null> {
    const at = foldPointOf(point);
    const located = await this.access.tryLocate(gameId, STOCK_TICKER_GAME);
    if (!located) return null;
    const viewer = await this.access.viewerFor(principal, located);
    const { state, last } = await foldAt(located.game.decider, this.store, located.streamId, at, {
      snapshots: this.history,
      snapshotEvery: SNAPSHOT_EVERY,
    });
    if (last === undefined) return null;
    // Sound: the stream is a Stock Ticker game's, folded by its decider.
    const view = STOCK_TICKER_GAME.definition.decider.view(state as StockTickerState, viewer);
    return view.phase === 'uncreated' ? null : toGameSnapshotModel(gameId, view, last);
  }
}

/** Exactly one of a global position or a stream revision. */
function foldPointOf(point: StreamPoint): FoldPoint {
  const hasPosition = point.position !== undefined && point.position !== null;
  const hasRevision = point.revision !== undefined && point.revision !== null;
  if (hasPosition === hasRevision) {
    throw new InputValidationError([{ field: 'position', messages: ['give exactly one of position or revision'] }]);
  }
  return hasPosition ? { position: point.position as number } : { revision: point.revision as number };
}
