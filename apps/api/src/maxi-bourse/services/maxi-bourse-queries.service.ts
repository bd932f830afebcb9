import { Inject, Injectable } from '@nestjs/common';
import { NotFound } from '@corbeille/kernel';
import { MAXI_BOURSE_GAME, type MaxiBourseLedgerKind, type MaxiBourseTable, type ProjectionEngine } from '@corbeille/projections';
import type { Principal } from '../../access/access.port';
import { offsetAfter, offsetConnection, type ConnectionShape } from '../../common/pagination/connection.model';
import { toGameEventModel } from '../../games/mappers/game-event.mapper';
import type { GameEventModel } from '../../games/models/game-event.model';
import { toViewerModel, type ViewerModel } from '../../games/models/viewer.model';
import { GameAccessService, type StreamPoint } from '../../games/services/game-access.service';
import { PROJECTIONS } from '../../infrastructure/infrastructure.tokens';
import { toContentModel } from '../mappers/maxi-bourse-content.mapper';
import {
  toBoardModel,
  toDecisionModel,
  toLedgerEntryModel,
  toMaxiBourseGameModel,
  toPayoutModel,
  toPriceBoardModel,
  toStandingModels,
} from '../mappers/maxi-bourse-read-model.mapper';
import { toLegalActionModel, toPortfolioModels, toSnapshotModel } from '../mappers/maxi-bourse-view.mapper';
import type { MaxiBourseBoardModel } from '../models/maxi-bourse-board.model';
import type { MaxiBourseContentModel } from '../models/maxi-bourse-content.model';
import type { MaxiBourseDecisionModel } from '../models/maxi-bourse-decision.model';
import type { MaxiBourseEndReasonEnum, MaxiBoursePhaseValue } from '../models/maxi-bourse-enums';
import type { MaxiBourseGameModel, MaxiBourseOptionsModel } from '../models/maxi-bourse-game.model';
import type { MaxiBourseLedgerEntryModel } from '../models/maxi-bourse-ledger.model';
import type { MaxiBourseLegalActionModel } from '../models/maxi-bourse-legal-action.model';
import type { MaxiBoursePayoutModel } from '../models/maxi-bourse-payout.model';
import type { MaxiBoursePortfolioModel, MaxiBourseStandingModel } from '../models/maxi-bourse-portfolio.model';
import type { MaxiBoursePriceBoardModel } from '../models/maxi-bourse-price-board.model';
import type { MaxiBourseSnapshotModel } from '../models/maxi-bourse-snapshot.model';
import type { EventFilters, EventPageArgs } from '../../games/services/event-filters';

const GAME_CURSOR = 'maxi-bourse-game';
const LEDGER_CURSOR = 'maxi-bourse-ledger';

type EndReasonValue = (typeof MaxiBourseEndReasonEnum)[keyof typeof MaxiBourseEndReasonEnum];

/**
 * Maxi Bourse reads: public figures from the read models; anything that depends on who asks (Rumours
 * cards, legal actions, state, events) through GameAccessService and the engine's view.
 */
@Injectable()
export class MaxiBourseQueriesService {
  private readonly content = toContentModel();

  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionEngine,
    private readonly access: GameAccessService,
  ) {}

  async listGames(principal: Principal, first: number, after: string | null | undefined, phase: MaxiBoursePhaseValue | null | undefined): Promise<ConnectionShape<MaxiBourseGameModel>> {
    const offset = offsetAfter(GAME_CURSOR, after);
    const page = await this.access.visibleGames(principal, { offset, limit: first, gameType: MAXI_BOURSE_GAME.type, ...(phase ? { phase } : {}) });
    return offsetConnection(GAME_CURSOR, page.items.map(toMaxiBourseGameModel), offset, page.total);
  }

  /** The game, if there is one of this type: Forbidden when it is not the principal's to see. */
  async getGame(principal: Principal, gameId: string): Promise<MaxiBourseGameModel | null> {
    const summary = this.projections.getGame(gameId);
    if (summary?.gameType !== MAXI_BOURSE_GAME.type) return null;
    await this.access.locateReadable(principal, gameId, MAXI_BOURSE_GAME);
    return toMaxiBourseGameModel(summary);
  }

  contentModel(): MaxiBourseContentModel {
    return this.content;
  }

  private table(gameId: string): MaxiBourseTable | undefined {
    return this.projections.getMaxiBourseTable(gameId);
  }

  board(gameId: string): MaxiBourseBoardModel | null {
    const table = this.table(gameId);
    return table ? toBoardModel(table.board) : null;
  }

  priceBoard(gameId: string): MaxiBoursePriceBoardModel | null {
    const table = this.table(gameId);
    return table ? toPriceBoardModel(table.priceBoard) : null;
  }

  decision(gameId: string): MaxiBourseDecisionModel | null {
    const table = this.table(gameId);
    return table ? toDecisionModel(table.decision) : null;
  }

  payouts(gameId: string, playerId: string | null | undefined): MaxiBoursePayoutModel[] {
    const payouts = this.table(gameId)?.payouts ?? [];
    return payouts.filter((payout) => !playerId || payout.playerId === playerId).map(toPayoutModel);
  }

  standings(gameId: string): MaxiBourseStandingModel[] {
    return toStandingModels(this.table(gameId)?.standings ?? null);
  }

  endReason(gameId: string): EndReasonValue | null {
    return this.table(gameId)?.standings?.reason ?? null;
  }

  ledger(
    gameId: string,
    first: number,
    after: string | null | undefined,
    filter: { playerId?: string | null; kinds?: readonly MaxiBourseLedgerKind[] | null },
  ): ConnectionShape<MaxiBourseLedgerEntryModel> {
    const offset = offsetAfter(LEDGER_CURSOR, after);
    const page = this.projections.getMaxiBourseLedger(gameId, {
      offset,
      limit: first,
      ...(filter.playerId ? { playerId: filter.playerId } : {}),
      ...(filter.kinds && filter.kinds.length > 0 ? { kinds: filter.kinds } : {}),
    });
    return offsetConnection(LEDGER_CURSOR, page.items.map(toLedgerEntryModel), offset, page.total);
  }

  async viewer(principal: Principal, gameId: string): Promise<ViewerModel> {
    return toViewerModel(await this.access.viewerFor(principal, await this.access.locate(gameId, MAXI_BOURSE_GAME)));
  }

  async options(principal: Principal, gameId: string): Promise<MaxiBourseOptionsModel | null> {
    const viewed = await this.access.view(principal, gameId, MAXI_BOURSE_GAME);
    return viewed && viewed.view.phase !== 'uncreated' ? { ...viewed.view.options } : null;
  }

  /** Public portfolios, with the Rumours cards the requester may see (their own; all of them for the referee). */
  async portfolios(principal: Principal, gameId: string): Promise<MaxiBoursePortfolioModel[]> {
    const table = this.table(gameId);
    const viewed = await this.access.view(principal, gameId, MAXI_BOURSE_GAME);
    return table && viewed ? toPortfolioModels(table.portfolios, viewed.view) : [];
  }

  /** The engine's view of the state for the requester (MaxiBourseView, as JSON). */
  async state(principal: Principal, gameId: string): Promise<unknown> {
    return (await this.access.view(principal, gameId, MAXI_BOURSE_GAME))?.view ?? null;
  }

  async legalActions(principal: Principal, gameId: string, playerId: string): Promise<MaxiBourseLegalActionModel[]> {
    return (await this.access.legalActions(principal, gameId, MAXI_BOURSE_GAME, playerId)).map(toLegalActionModel);
  }

  async events(principal: Principal, gameId: string, args: EventPageArgs & EventFilters): Promise<ConnectionShape<GameEventModel>> {
    const page = await this.access.eventsPage(principal, gameId, args, MAXI_BOURSE_GAME);
    return { ...page, edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: toGameEventModel(edge.node) })) };
  }

  /** Time travel: the game after the event at a position (or revision), as the requester may see it (or, for a referee, as `viewAs` could). */
  async snapshotAt(principal: Principal, gameId: string, point: StreamPoint & { readonly viewAs?: string | null }): Promise<MaxiBourseSnapshotModel | null> {
    const viewed = await this.access.view(principal, gameId, MAXI_BOURSE_GAME, point, point.viewAs);
    if (viewed === null || viewed.view.phase === 'uncreated') return null;
    const snapshot = toSnapshotModel(gameId, viewed.view, viewed.last);
    if (point.viewAs && !snapshot.players.some((player) => player.playerId === point.viewAs)) {
      throw new NotFound('PLAYER_NOT_FOUND', `There is no player "${point.viewAs}" in game "${gameId}" at that point`, { gameId, playerId: point.viewAs });
    }
    return snapshot;
  }
}
