import { Inject, Injectable } from '@nestjs/common';
import { STOCK_TICKER_GAME, type ProjectionEngine } from '@corbeille/projections';
import type { Principal } from '../../access/access.port';
import { offsetAfter, offsetConnection, type ConnectionShape } from '../../common/pagination/connection.model';
import { PROJECTIONS } from '../../infrastructure/infrastructure.tokens';
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
  ) {}

  listGames(first: number, after: string | null | undefined, phase: GamePhaseValue | null | undefined): ConnectionShape<GameModel> {
    const offset = offsetAfter(GAME_CURSOR, after);
    const page = this.projections.listGames({ offset, limit: first, gameType: STOCK_TICKER_GAME.type, ...(phase ? { phase } : {}) });
    return offsetConnection(GAME_CURSOR, page.items.map(toGameModel), offset, page.total);
  }

  /** Games of every type (or of one), newest first. */
  listAllGames(first: number, after: string | null | undefined, gameType: GameTypeValue | null | undefined): ConnectionShape<GameSummaryModel> {
    const offset = offsetAfter(SUMMARY_CURSOR, after);
    const page = this.projections.listGames({ offset, limit: first, ...(gameType ? { gameType } : {}) });
    return offsetConnection(SUMMARY_CURSOR, page.items.map(toGameSummaryModel), offset, page.total);
  }

  /** A Stock Ticker game (null for an unknown id or a game of another type). */
  getGame(gameId: string): GameModel | null {
    const summary = this.projections.getGame(gameId);
    return summary?.gameType === STOCK_TICKER_GAME.type ? toGameModel(summary) : null;
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

  async events(principal: Principal, gameId: string, first: number, after: string | null | undefined): Promise<ConnectionShape<GameEventModel>> {
    const page = await this.access.eventsPage(principal, gameId, first, after, STOCK_TICKER_GAME);
    return { ...page, edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: toGameEventModel(edge.node) })) };
  }

  /** Time travel: the game folded from its stream up to a position or revision (null if nothing is there yet). */
  async snapshotAt(principal: Principal, gameId: string, point: StreamPoint): Promise<GameSnapshotModel | null> {
    const viewed = await this.access.view(principal, gameId, STOCK_TICKER_GAME, point);
    if (viewed === null || viewed.view.phase === 'uncreated') return null;
    return toGameSnapshotModel(gameId, viewed.view, viewed.last);
  }
}
