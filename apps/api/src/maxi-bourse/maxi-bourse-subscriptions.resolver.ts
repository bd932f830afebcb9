import type { Principal } from '../access/access.port';
import { CurrentPrincipal } from '../common/principal/current-principal.decorator';
import { Args, Resolver, Subscription } from '@nestjs/graphql';
import { MAXI_BOURSE_GAME } from '@corbeille/projections';
import { PriceBoardSubscriptionArgs } from '../games/dtos/game-subscription.args';
import { GameAccessService } from '../games/services/game-access.service';
import { GameLiveUpdatesService } from '../games/services/game-live-updates.service';
import { MaxiBourseBoardModel } from './models/maxi-bourse-board.model';
import { MaxiBourseDecisionModel } from './models/maxi-bourse-decision.model';
import { MaxiBoursePriceBoardModel } from './models/maxi-bourse-price-board.model';
import { MaxiBourseQueriesService } from './services/maxi-bourse-queries.service';

/** Maxi Bourse's live feeds of public read models; its events come through the generic `gameEvents`, filtered for each subscriber. */
@Resolver()
export class MaxiBourseSubscriptionsResolver {
  constructor(
    private readonly live: GameLiveUpdatesService,
    private readonly access: GameAccessService,
    private readonly queries: MaxiBourseQueriesService,
  ) {}

  @Subscription(() => MaxiBourseBoardModel, {
    description: "A Maxi Bourse game's track and pawns now, then after each change folded into the read models.",
    resolve: (board: MaxiBourseBoardModel) => board,
  })
  async maxiBourseBoard(@Args() args: PriceBoardSubscriptionArgs, @CurrentPrincipal() principal: Principal): Promise<AsyncIterableIterator<MaxiBourseBoardModel>> {
    await this.access.locateReadable(principal, args.gameId, MAXI_BOURSE_GAME);
    return this.live.readModelUpdates(args.gameId, () => this.queries.board(args.gameId) ?? undefined, (board) => board.lastPosition);
  }

  @Subscription(() => MaxiBoursePriceBoardModel, {
    description: "A Maxi Bourse game's price board now, then after each change folded into the read models.",
    resolve: (board: MaxiBoursePriceBoardModel) => board,
  })
  async maxiBoursePriceBoard(@Args() args: PriceBoardSubscriptionArgs, @CurrentPrincipal() principal: Principal): Promise<AsyncIterableIterator<MaxiBoursePriceBoardModel>> {
    await this.access.locateReadable(principal, args.gameId, MAXI_BOURSE_GAME);
    return this.live.readModelUpdates(args.gameId, () => this.queries.priceBoard(args.gameId) ?? undefined, (board) => board.lastPosition);
  }

  @Subscription(() => MaxiBourseDecisionModel, {
    description: 'What a Maxi Bourse game waits for now, then after each change.',
    resolve: (decision: MaxiBourseDecisionModel) => decision,
  })
  async maxiBourseDecision(@Args() args: PriceBoardSubscriptionArgs, @CurrentPrincipal() principal: Principal): Promise<AsyncIterableIterator<MaxiBourseDecisionModel>> {
    await this.access.locateReadable(principal, args.gameId, MAXI_BOURSE_GAME);
    return this.live.readModelUpdates(args.gameId, () => this.queries.decision(args.gameId) ?? undefined, (decision) => decision.lastPosition);
  }
}
