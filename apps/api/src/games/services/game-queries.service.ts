import { Inject, Injectable } from '@nestjs/common';
import { asPlayerId } from '@corbeille/kernel';
import type { ProjectionEngine } from '@corbeille/projections';
import { stockTicker } from '@corbeille/stock-ticker';
import { offsetAfter, offsetConnection, type ConnectionShape } from '../../common/pagination/connection.model';
import { InputValidationError } from '../../common/errors/input-validation.error';
import { PROJECTIONS } from '../../infrastructure/infrastructure.tokens';
import { toGameSnapshotModel, toLegalActionModel } from '../mappers/engine.mapper';
import { toGameModel, toPortfolioModel, toPriceBoardModel, toTradeModel } from '../mappers/read-model.mapper';
import type { GameSnapshotModel } from '../models/game-snapshot.model';
import type { GameModel } from '../models/game.model';
import type { GamePhaseValue } from '../models/game-enums';
import type { LegalActionModel } from '../models/legal-action.model';
import type { PortfolioModel } from '../models/portfolio.model';
import type { PriceBoardModel } from '../models/price-board.model';
import type { TradeModel } from '../models/trade.model';
import { GameStreamService } from './game-stream.service';

const GAME_CURSOR = 'game';
const TRADE_CURSOR = 'trade';

/** Reads for queries: lists and figures from the read models, history and legal moves from the stream. */
@Injectable()
export class GameQueriesService {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionEngine,
    private readonly streams: GameStreamService,
  ) {}

  listGames(first: number, after: string | null | undefined, phase: GamePhaseValue | null | undefined): ConnectionShape<GameModel> {
    const offset = offsetAfter(GAME_CURSOR, after);
    const page = this.projections.listGames({ offset, limit: first, ...(phase ? { phase } : {}) });
    return offsetConnection(GAME_CURSOR, page.items.map(toGameModel), offset, page.total);
  }

  getGame(gameId: string): GameModel | null {
    const summary = this.projections.getGame(gameId);
    return summary ? toGameModel(summary) : null;
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

  async legalActions(gameId: string, playerId: string): Promise<LegalActionModel[]> {
    const { state } = await this.streams.foldState(gameId);
    return stockTicker.legalActions(state, asPlayerId(playerId)).map(toLegalActionModel);
  }

  /** Time travel: the game folded from its stream up to a position or revision (null if nothing is there yet). */
  async snapshotAt(gameId: string, point: { position?: number | null; revision?: number | null }): Promise<GameSnapshotModel | null> {
    const { position, revision } = point;
    const hasPosition = position !== undefined && position !== null;
    const hasRevision = revision !== undefined && revision !== null;
    if (hasPosition === hasRevision) {
      throw new InputValidationError([{ field: 'position', messages: ['give exactly one of position or revision'] }]);
    }
    const { state, last } = await this.streams.foldState(gameId, (event) =>
      hasPosition ? event.position <= position : event.revision <= (revision ?? -1),
    );
    if (last === undefined || state.phase === 'uncreated') return null;
    return toGameSnapshotModel(gameId, state, last);
  }
}
