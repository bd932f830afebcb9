import { Inject, Injectable } from '@nestjs/common';
import { companies } from '@corbeille/bolsa';
import { NotFound } from '@corbeille/kernel';
import { BOLSA_GAME, type BolsaLedgerKind, type ProjectionEngine } from '@corbeille/projections';
import type { Principal } from '../../access/access.port';
import { offsetAfter, offsetConnection, type ConnectionShape } from '../../common/pagination/connection.model';
import { toGameEventModel } from '../../games/mappers/game-event.mapper';
import type { GameEventModel } from '../../games/models/game-event.model';
import { toViewerModel, type ViewerModel } from '../../games/models/viewer.model';
import { GameAccessService, type StreamPoint } from '../../games/services/game-access.service';
import { PROJECTIONS } from '../../infrastructure/infrastructure.tokens';
import { toCompanyBoardModel } from '../mappers/bolsa-content.mapper';
import { toBolsaBoardModel, toBolsaGameModel, toLedgerEntryModel } from '../mappers/bolsa-read-model.mapper';
import { seatOf, toLegalActionModel, toMonthModel, toPortfolioModels, toSnapshotModel, toStandingModels } from '../mappers/bolsa-view.mapper';
import type { BolsaBoardModel } from '../models/bolsa-board.model';
import type { BolsaCompanyBoardModel } from '../models/bolsa-company.model';
import type { BolsaPhaseValue } from '../models/bolsa-enums';
import type { BolsaGameModel, BolsaOptionsModel } from '../models/bolsa-game.model';
import type { BolsaLedgerEntryModel } from '../models/bolsa-ledger.model';
import type { BolsaLegalActionModel } from '../models/bolsa-legal-action.model';
import type { BolsaMonthModel } from '../models/bolsa-month.model';
import type { BolsaPortfolioModel, BolsaStandingModel } from '../models/bolsa-portfolio.model';
import type { BolsaSnapshotModel } from '../models/bolsa-snapshot.model';
import type { EventFilters, EventPageArgs } from '../../games/services/event-filters';

const GAME_CURSOR = 'bolsa-game';
const LEDGER_CURSOR = 'bolsa-ledger';
/** A player's trades in one game: a year holds a few dozen. */
const OWN_TRADES_LIMIT = 10_000;

/**
 * BOLSA reads: public figures from the read models; anything that depends on who asks (plans, shares,
 * hands, legal actions, state, events) through GameAccessService and the engine's view.
 */
@Injectable()
export class BolsaQueriesService {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionEngine,
    private readonly access: GameAccessService,
  ) {}

  async listGames(principal: Principal, first: number, after: string | null | undefined, phase: BolsaPhaseValue | null | undefined): Promise<ConnectionShape<BolsaGameModel>> {
    const offset = offsetAfter(GAME_CURSOR, after);
    const page = await this.access.visibleGames(principal, { offset, limit: first, gameType: BOLSA_GAME.type, ...(phase ? { phase } : {}) });
    return offsetConnection(GAME_CURSOR, page.items.map(toBolsaGameModel), offset, page.total);
  }

  /** The game, if there is one of this type: Forbidden when it is not the principal's to see. */
  async getGame(principal: Principal, gameId: string): Promise<BolsaGameModel | null> {
    const summary = this.projections.getGame(gameId);
    if (summary?.gameType !== BOLSA_GAME.type) return null;
    await this.access.locateReadable(principal, gameId, BOLSA_GAME);
    return toBolsaGameModel(summary);
  }

  companies(): BolsaCompanyBoardModel[] {
    return companies.map((company) => toCompanyBoardModel(company.id));
  }

  board(gameId: string): BolsaBoardModel | null {
    const board = this.projections.getBolsaBoard(gameId);
    return board ? toBolsaBoardModel(board) : null;
  }

  ledger(
    gameId: string,
    first: number,
    after: string | null | undefined,
    filter: { playerId?: string | null; kinds?: readonly BolsaLedgerKind[] | null },
  ): ConnectionShape<BolsaLedgerEntryModel> {
    const offset = offsetAfter(LEDGER_CURSOR, after);
    const page = this.projections.getBolsaLedger(gameId, {
      offset,
      limit: first,
      ...(filter.playerId ? { playerId: filter.playerId } : {}),
      ...(filter.kinds && filter.kinds.length > 0 ? { kinds: filter.kinds } : {}),
    });
    return offsetConnection(LEDGER_CURSOR, page.items.map(toLedgerEntryModel), offset, page.total);
  }

  async viewer(principal: Principal, gameId: string): Promise<ViewerModel> {
    return toViewerModel(await this.access.viewerFor(principal, await this.access.locate(gameId, BOLSA_GAME)));
  }

  async options(principal: Principal, gameId: string): Promise<BolsaOptionsModel | null> {
    const viewed = await this.access.view(principal, gameId, BOLSA_GAME);
    return viewed?.view.options ? { ...viewed.view.options } : null;
  }

  /** The current month, from its public status and the requester's view; null before the game starts. */
  async month(principal: Principal, gameId: string): Promise<BolsaMonthModel | null> {
    const status = this.projections.getBolsaMonth(gameId);
    if (!status || status.month === 0) return null;
    const viewed = await this.access.view(principal, gameId, BOLSA_GAME);
    return viewed ? toMonthModel(gameId, status, viewed.view, viewed.viewer, viewed.last.position) : null;
  }

  async portfolios(principal: Principal, gameId: string): Promise<BolsaPortfolioModel[]> {
    const viewed = await this.access.view(principal, gameId, BOLSA_GAME);
    if (!viewed) return [];
    const me = seatOf(viewed.viewer);
    const ownTrades =
      me === null
        ? []
        : this.projections.getBolsaLedger(gameId, { offset: 0, limit: OWN_TRADES_LIMIT, playerId: me, kinds: ['SALE', 'PURCHASE', 'LIQUIDATION'] }).items;
    return toPortfolioModels(this.projections.getBolsaPortfolios(gameId), viewed.view, viewed.viewer, ownTrades);
  }

  async standings(principal: Principal, gameId: string): Promise<BolsaStandingModel[]> {
    const viewed = await this.access.view(principal, gameId, BOLSA_GAME);
    return viewed ? toStandingModels(viewed.view) : [];
  }

  /** The engine's view of the state for the requester (BolsaView, as JSON). */
  async state(principal: Principal, gameId: string): Promise<unknown> {
    return (await this.access.view(principal, gameId, BOLSA_GAME))?.view ?? null;
  }

  async legalActions(principal: Principal, gameId: string, playerId: string): Promise<BolsaLegalActionModel[]> {
    return (await this.access.legalActions(principal, gameId, BOLSA_GAME, playerId)).map(toLegalActionModel);
  }

  async events(principal: Principal, gameId: string, args: EventPageArgs & EventFilters): Promise<ConnectionShape<GameEventModel>> {
    const page = await this.access.eventsPage(principal, gameId, args, BOLSA_GAME);
    return { ...page, edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: toGameEventModel(edge.node) })) };
  }

  /** Time travel: the game after the event at a position (or revision), as the requester may see it (or, for a referee, as `viewAs` could). */
  async snapshotAt(principal: Principal, gameId: string, point: StreamPoint & { readonly viewAs?: string | null }): Promise<BolsaSnapshotModel | null> {
    const viewed = await this.access.view(principal, gameId, BOLSA_GAME, point, point.viewAs);
    if (viewed === null || viewed.view.phase === 'uncreated') return null;
    const snapshot = toSnapshotModel(gameId, viewed.view, viewed.last);
    if (point.viewAs && !snapshot.players.some((player) => player.playerId === point.viewAs)) {
      throw new NotFound('PLAYER_NOT_FOUND', `There is no player "${point.viewAs}" in game "${gameId}" at that point`, { gameId, playerId: point.viewAs });
    }
    return snapshot;
  }
}
