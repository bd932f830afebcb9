import { Args, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import type { Principal } from '../access/access.port';
import { CurrentPrincipal } from '../common/principal/current-principal.decorator';
import { JsonScalar } from '../common/scalars/json.scalar';
import { GameArgs } from '../games/dtos/game.args';
import { LegalActionsArgs } from '../games/dtos/legal-actions.args';
import { GameEventConnection } from '../games/models/game-event.model';
import { ViewerModel } from '../games/models/viewer.model';
import { MaxiBourseGameAtArgs, MaxiBourseGamesArgs, MaxiBourseLedgerArgs, MaxiBoursePayoutsArgs } from './dtos/maxi-bourse-queries.args';
import { MaxiBourseBoardModel } from './models/maxi-bourse-board.model';
import { MaxiBourseContentModel } from './models/maxi-bourse-content.model';
import { MaxiBourseDecisionModel } from './models/maxi-bourse-decision.model';
import { MaxiBourseEndReasonEnum } from './models/maxi-bourse-enums';
import { MaxiBourseGameConnection, MaxiBourseGameModel, MaxiBourseOptionsModel } from './models/maxi-bourse-game.model';
import { MaxiBourseLedgerConnection } from './models/maxi-bourse-ledger.model';
import { MaxiBourseLegalActionModel } from './models/maxi-bourse-legal-action.model';
import { MaxiBoursePayoutModel } from './models/maxi-bourse-payout.model';
import { MaxiBoursePortfolioModel, MaxiBourseStandingModel } from './models/maxi-bourse-portfolio.model';
import { MaxiBoursePriceBoardModel } from './models/maxi-bourse-price-board.model';
import { MaxiBourseSnapshotModel } from './models/maxi-bourse-snapshot.model';
import { MaxiBourseQueriesService } from './services/maxi-bourse-queries.service';
import { GameEventsArgs } from '../games/dtos/game-events.args';

type EndReasonValue = (typeof MaxiBourseEndReasonEnum)[keyof typeof MaxiBourseEndReasonEnum];

@Resolver(() => MaxiBourseGameModel)
export class MaxiBourseGamesResolver {
  constructor(private readonly queries: MaxiBourseQueriesService) {}

  @Query(() => MaxiBourseGameConnection, { description: 'Maxi Bourse games, newest first.' })
  maxiBourseGames(@Args() args: MaxiBourseGamesArgs, @CurrentPrincipal() principal: Principal): Promise<MaxiBourseGameConnection> {
    return this.queries.listGames(principal, args.first, args.after, args.phase);
  }

  @Query(() => MaxiBourseGameModel, { nullable: true, description: 'A Maxi Bourse game (null for an unknown id or another game type).' })
  maxiBourseGame(@Args() args: GameArgs, @CurrentPrincipal() principal: Principal): Promise<MaxiBourseGameModel | null> {
    return this.queries.getGame(principal, args.id);
  }

  @Query(() => MaxiBourseContentModel, { description: 'The companies, sectors, the board of each game and the cards of each pile (listed by id, never in draw order).' })
  maxiBourseContent(): MaxiBourseContentModel {
    return this.queries.contentModel();
  }

  @Query(() => MaxiBourseSnapshotModel, {
    nullable: true,
    description: 'Time travel: the Maxi Bourse game after the event at `position` (or `revision`), folded from its stream and seen as the requester may.',
  })
  maxiBourseGameAt(@Args() args: MaxiBourseGameAtArgs, @CurrentPrincipal() principal: Principal): Promise<MaxiBourseSnapshotModel | null> {
    return this.queries.snapshotAt(principal, args.id, args);
  }

  @ResolveField(() => ViewerModel, { description: 'Who the requester is in this game (what they may see follows from it).' })
  viewer(@Parent() game: MaxiBourseGameModel, @CurrentPrincipal() principal: Principal): Promise<ViewerModel> {
    return this.queries.viewer(principal, game.id);
  }

  @ResolveField(() => MaxiBourseOptionsModel, { nullable: true })
  options(@Parent() game: MaxiBourseGameModel, @CurrentPrincipal() principal: Principal): Promise<MaxiBourseOptionsModel | null> {
    return this.queries.options(principal, game.id);
  }

  @ResolveField(() => MaxiBourseBoardModel, { nullable: true, description: 'The track of the variant and the pawns on it.' })
  board(@Parent() game: MaxiBourseGameModel): MaxiBourseBoardModel | null {
    return this.queries.board(game.id);
  }

  @ResolveField(() => MaxiBoursePriceBoardModel, { nullable: true, description: 'Quotations, the Share Service’s stock and the history of every price.' })
  priceBoard(@Parent() game: MaxiBourseGameModel): MaxiBoursePriceBoardModel | null {
    return this.queries.priceBoard(game.id);
  }

  @ResolveField(() => [MaxiBoursePortfolioModel], { description: 'Seats in seat order: cash and shares for all, Rumours cards for their holder.' })
  portfolios(@Parent() game: MaxiBourseGameModel, @CurrentPrincipal() principal: Principal): Promise<MaxiBoursePortfolioModel[]> {
    return this.queries.portfolios(principal, game.id);
  }

  @ResolveField(() => MaxiBourseDecisionModel, { nullable: true, description: 'What the game waits for now, and from whom.' })
  pendingDecision(@Parent() game: MaxiBourseGameModel): MaxiBourseDecisionModel | null {
    return this.queries.decision(game.id);
  }

  @ResolveField(() => [MaxiBoursePayoutModel], { description: 'IV: the payouts of every complete round of the track, oldest first.' })
  payouts(@Parent() game: MaxiBourseGameModel, @Args() args: MaxiBoursePayoutsArgs): MaxiBoursePayoutModel[] {
    return this.queries.payouts(game.id, args.playerId);
  }

  @ResolveField(() => [MaxiBourseStandingModel], { description: 'V: the final valuations (empty until the session closes).' })
  standings(@Parent() game: MaxiBourseGameModel): MaxiBourseStandingModel[] {
    return this.queries.standings(game.id);
  }

  @ResolveField(() => MaxiBourseEndReasonEnum, { nullable: true, description: 'Why the session closed (null while it runs).' })
  endReason(@Parent() game: MaxiBourseGameModel): EndReasonValue | null {
    return this.queries.endReason(game.id);
  }

  @ResolveField(() => MaxiBourseLedgerConnection, { description: 'Purchases, auctions, sales, purchases by the Share Service, premium sales and payments, oldest first.' })
  ledger(@Parent() game: MaxiBourseGameModel, @Args() args: MaxiBourseLedgerArgs): MaxiBourseLedgerConnection {
    return this.queries.ledger(game.id, args.first, args.after, { playerId: args.playerId ?? null, kinds: args.kinds ?? null });
  }

  @ResolveField(() => GameEventConnection, { description: "The game's stream in order, with what the requester may not see left out." })
  events(@Parent() game: MaxiBourseGameModel, @Args() args: GameEventsArgs, @CurrentPrincipal() principal: Principal): Promise<GameEventConnection> {
    return this.queries.events(principal, game.id, args);
  }

  @ResolveField(() => [MaxiBourseLegalActionModel], {
    description: 'What this player may do now (only that player and the referee may ask: it names their Rumours cards).',
  })
  legalActions(
    @Parent() game: MaxiBourseGameModel,
    @Args() args: LegalActionsArgs,
    @CurrentPrincipal() principal: Principal,
  ): Promise<MaxiBourseLegalActionModel[]> {
    return this.queries.legalActions(principal, game.id, args.playerId);
  }

  @ResolveField(() => JsonScalar, { nullable: true, description: "The engine's view of the state for the requester (MaxiBourseView)." })
  state(@Parent() game: MaxiBourseGameModel, @CurrentPrincipal() principal: Principal): Promise<unknown> {
    return this.queries.state(principal, game.id);
  }
}
