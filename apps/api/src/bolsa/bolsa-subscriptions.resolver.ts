import { Args, Resolver, Subscription } from '@nestjs/graphql';
import { BOLSA_GAME } from '@corbeille/projections';
import type { Principal } from '../access/access.port';
import { CurrentPrincipal } from '../common/principal/current-principal.decorator';
import { PriceBoardSubscriptionArgs } from '../games/dtos/game-subscription.args';
import { GameAccessService } from '../games/services/game-access.service';
import { GameLiveUpdatesService } from '../games/services/game-live-updates.service';
import { BolsaBoardModel } from './models/bolsa-board.model';
import { BolsaMonthModel } from './models/bolsa-month.model';
import { BolsaQueriesService } from './services/bolsa-queries.service';

/** BOLSA's live feeds; its events come through the generic `gameEvents`, filtered for each subscriber. */
@Resolver()
export class BolsaSubscriptionsResolver {
  constructor(
    private readonly live: GameLiveUpdatesService,
    private readonly access: GameAccessService,
    private readonly queries: BolsaQueriesService,
  ) {}

  @Subscription(() => BolsaBoardModel, {
    description: "A BOLSA game's board now, then after each change folded into the read models.",
    resolve: (board: BolsaBoardModel) => board,
  })
  async bolsaBoard(@Args() args: PriceBoardSubscriptionArgs, @CurrentPrincipal() principal: Principal): Promise<AsyncIterableIterator<BolsaBoardModel>> {
    await this.access.locateReadable(principal, args.gameId, BOLSA_GAME);
    return this.live.readModelUpdates(args.gameId, () => this.queries.board(args.gameId) ?? undefined, (board) => board.lastPosition);
  }

  @Subscription(() => BolsaMonthModel, {
    description: 'The month now, then after each change (who has planned, the reveal...), with the plans the subscriber may see.',
    resolve: (month: BolsaMonthModel) => month,
  })
  async bolsaMonth(@Args() args: PriceBoardSubscriptionArgs, @CurrentPrincipal() principal: Principal): Promise<AsyncIterableIterator<BolsaMonthModel>> {
    await this.access.locateReadable(principal, args.gameId, BOLSA_GAME);
    return this.live.readModelUpdates(
      args.gameId,
      async () => (await this.queries.month(principal, args.gameId)) ?? undefined,
      (month) => month.lastPosition,
    );
  }
}
