import { Args, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import type { Principal } from '../access/access.port';
import { CurrentPrincipal } from '../common/principal/current-principal.decorator';
import { AllGamesArgs } from './dtos/all-games.args';
import { GameAtArgs } from './dtos/game-at.args';
import { GameArgs } from './dtos/game.args';
import { GamesArgs } from './dtos/games.args';
import { LegalActionsArgs } from './dtos/legal-actions.args';
import { TradesArgs } from './dtos/trades.args';
import { GameEventConnection } from './models/game-event.model';
import { GameSnapshotModel } from './models/game-snapshot.model';
import { GameSummaryConnection } from './models/game-summary.model';
import { GameConnection, GameModel } from './models/game.model';
import { LegalActionModel } from './models/legal-action.model';
import { PortfolioModel } from './models/portfolio.model';
import { PriceBoardModel } from './models/price-board.model';
import { TradeConnection } from './models/trade.model';
import { GameQueriesService } from './services/game-queries.service';
import { GameEventsArgs } from './dtos/game-events.args';

@Resolver(() => GameModel)
export class GamesResolver {
  constructor(private readonly queries: GameQueriesService) {}

  @Query(() => GameConnection, { description: 'Stock Ticker games, newest first (`allGames` lists every game type).' })
  games(@Args() args: GamesArgs, @CurrentPrincipal() principal: Principal): Promise<GameConnection> {
    return this.queries.listGames(principal, args.first, args.after, args.phase);
  }

  @Query(() => GameSummaryConnection, { description: 'Games of every type (or of one type), newest first.' })
  allGames(@Args() args: AllGamesArgs, @CurrentPrincipal() principal: Principal): Promise<GameSummaryConnection> {
    return this.queries.listAllGames(principal, args.first, args.after, args.gameType);
  }

  @Query(() => GameModel, { nullable: true, description: 'A Stock Ticker game (null for other game types: see e.g. `bolsaGame`).' })
  game(@Args() args: GameArgs, @CurrentPrincipal() principal: Principal): Promise<GameModel | null> {
    return this.queries.getGame(principal, args.id);
  }

  @Query(() => GameSnapshotModel, {
    nullable: true,
    description: 'Time travel: the Stock Ticker game as it was after the event at `position` (or `revision`), folded from its stream.',
  })
  gameAt(@Args() args: GameAtArgs, @CurrentPrincipal() principal: Principal): Promise<GameSnapshotModel | null> {
    return this.queries.snapshotAt(principal, args.id, args);
  }

  @ResolveField(() => PriceBoardModel, { nullable: true, description: 'The Quotation Board (no stocks until the start).' })
  priceBoard(@Parent() game: GameModel): PriceBoardModel | null {
    return this.queries.priceBoard(game.id);
  }

  @ResolveField(() => [PortfolioModel])
  portfolios(@Parent() game: GameModel): PortfolioModel[] {
    return this.queries.portfolios(game.id);
  }

  @ResolveField(() => TradeConnection, { description: 'The trade ledger, oldest first.' })
  trades(@Parent() game: GameModel, @Args() args: TradesArgs): TradeConnection {
    return this.queries.trades(game.id, args.first, args.after, args.playerId);
  }

  @ResolveField(() => GameEventConnection, { description: "The game's stream, in order of position." })
  events(@Parent() game: GameModel, @Args() args: GameEventsArgs, @CurrentPrincipal() principal: Principal): Promise<GameEventConnection> {
    return this.queries.events(principal, game.id, args);
  }

  @ResolveField(() => [LegalActionModel], { description: 'What this player may do now, computed by the rules.' })
  legalActions(@Parent() game: GameModel, @Args() args: LegalActionsArgs, @CurrentPrincipal() principal: Principal): Promise<LegalActionModel[]> {
    return this.queries.legalActions(principal, game.id, args.playerId);
  }
}
