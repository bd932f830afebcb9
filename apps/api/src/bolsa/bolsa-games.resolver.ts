import { Args, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import type { Principal } from '../access/access.port';
import { CurrentPrincipal } from '../common/principal/current-principal.decorator';
import { JsonScalar } from '../common/scalars/json.scalar';
import { GameArgs } from '../games/dtos/game.args';
import { LegalActionsArgs } from '../games/dtos/legal-actions.args';
import { GameEventConnection } from '../games/models/game-event.model';
import { ViewerModel } from '../games/models/viewer.model';
import { BolsaGameAtArgs, BolsaGamesArgs, BolsaLedgerArgs } from './dtos/bolsa-queries.args';
import { BolsaBoardModel } from './models/bolsa-board.model';
import { BolsaCompanyBoardModel } from './models/bolsa-company.model';
import { BolsaGameConnection, BolsaGameModel, BolsaOptionsModel } from './models/bolsa-game.model';
import { BolsaLedgerConnection } from './models/bolsa-ledger.model';
import { BolsaLegalActionModel } from './models/bolsa-legal-action.model';
import { BolsaMonthModel } from './models/bolsa-month.model';
import { BolsaPortfolioModel, BolsaStandingModel } from './models/bolsa-portfolio.model';
import { BolsaSnapshotModel } from './models/bolsa-snapshot.model';
import { BolsaQueriesService } from './services/bolsa-queries.service';
import { GameEventsArgs } from '../games/dtos/game-events.args';

@Resolver(() => BolsaGameModel)
export class BolsaGamesResolver {
  constructor(private readonly queries: BolsaQueriesService) {}

  @Query(() => BolsaGameConnection, { description: 'BOLSA games, newest first.' })
  bolsaGames(@Args() args: BolsaGamesArgs, @CurrentPrincipal() principal: Principal): Promise<BolsaGameConnection> {
    return this.queries.listGames(principal, args.first, args.after, args.phase);
  }

  @Query(() => BolsaGameModel, { nullable: true, description: 'A BOLSA game (null for an unknown id or another game type).' })
  bolsaGame(@Args() args: GameArgs, @CurrentPrincipal() principal: Principal): Promise<BolsaGameModel | null> {
    return this.queries.getGame(principal, args.id);
  }

  @Query(() => [BolsaCompanyBoardModel], { description: 'The six company boards: price and dividend grids.' })
  bolsaCompanies(): BolsaCompanyBoardModel[] {
    return this.queries.companies();
  }

  @Query(() => BolsaSnapshotModel, {
    nullable: true,
    description: 'Time travel: the BOLSA game after the event at `position` (or `revision`), folded from its stream and seen as the requester may.',
  })
  bolsaGameAt(@Args() args: BolsaGameAtArgs, @CurrentPrincipal() principal: Principal): Promise<BolsaSnapshotModel | null> {
    return this.queries.snapshotAt(principal, args.id, args);
  }

  @ResolveField(() => ViewerModel, { description: 'Who the requester is in this game (what they may see follows from it).' })
  viewer(@Parent() game: BolsaGameModel, @CurrentPrincipal() principal: Principal): Promise<ViewerModel> {
    return this.queries.viewer(principal, game.id);
  }

  @ResolveField(() => BolsaOptionsModel, { nullable: true })
  options(@Parent() game: BolsaGameModel, @CurrentPrincipal() principal: Principal): Promise<BolsaOptionsModel | null> {
    return this.queries.options(principal, game.id);
  }

  @ResolveField(() => BolsaMonthModel, { nullable: true, description: 'The month being played (null before the start).' })
  currentMonth(@Parent() game: BolsaGameModel, @CurrentPrincipal() principal: Principal): Promise<BolsaMonthModel | null> {
    return this.queries.month(principal, game.id);
  }

  @ResolveField(() => BolsaBoardModel, { nullable: true, description: 'The companies: prices, dividends, shares available, history.' })
  board(@Parent() game: BolsaGameModel): BolsaBoardModel | null {
    return this.queries.board(game.id);
  }

  @ResolveField(() => [BolsaPortfolioModel], { description: 'Seats in seat order: cash for all, shares as the requester may see them.' })
  portfolios(@Parent() game: BolsaGameModel, @CurrentPrincipal() principal: Principal): Promise<BolsaPortfolioModel[]> {
    return this.queries.portfolios(principal, game.id);
  }

  @ResolveField(() => [BolsaStandingModel], { description: 'Final standings (empty until the game is over).' })
  standings(@Parent() game: BolsaGameModel, @CurrentPrincipal() principal: Principal): Promise<BolsaStandingModel[]> {
    return this.queries.standings(principal, game.id);
  }

  @ResolveField(() => BolsaLedgerConnection, { description: 'Sales, purchases, lottery draws, dividends and the final sale, oldest first.' })
  ledger(@Parent() game: BolsaGameModel, @Args() args: BolsaLedgerArgs): BolsaLedgerConnection {
    return this.queries.ledger(game.id, args.first, args.after, { playerId: args.playerId ?? null, kinds: args.kinds ?? null });
  }

  @ResolveField(() => GameEventConnection, { description: "The game's stream in order, with what the requester may not see left out." })
  events(@Parent() game: BolsaGameModel, @Args() args: GameEventsArgs, @CurrentPrincipal() principal: Principal): Promise<GameEventConnection> {
    return this.queries.events(principal, game.id, args);
  }

  @ResolveField(() => [BolsaLegalActionModel], { description: 'What this player may do now (only that player may ask: it shows their shares and cards).' })
  legalActions(@Parent() game: BolsaGameModel, @Args() args: LegalActionsArgs, @CurrentPrincipal() principal: Principal): Promise<BolsaLegalActionModel[]> {
    return this.queries.legalActions(principal, game.id, args.playerId);
  }

  @ResolveField(() => JsonScalar, { nullable: true, description: "The engine's view of the state for the requester (BolsaView)." })
  state(@Parent() game: BolsaGameModel, @CurrentPrincipal() principal: Principal): Promise<unknown> {
    return this.queries.state(principal, game.id);
  }
}
