import { Args, Resolver, Subscription } from '@nestjs/graphql';
import { STOCK_TICKER_GAME } from '@corbeille/projections';
import type { Principal } from '../access/access.port';
import { CurrentPrincipal } from '../common/principal/current-principal.decorator';
import { GameEventsSubscriptionArgs, PriceBoardSubscriptionArgs } from './dtos/game-subscription.args';
import { GameEventModel } from './models/game-event.model';
import { PriceBoardModel } from './models/price-board.model';
import { GameAccessService } from './services/game-access.service';
import { GameLiveUpdatesService } from './services/game-live-updates.service';

@Resolver()
export class GameSubscriptionsResolver {
  constructor(
    private readonly live: GameLiveUpdatesService,
    private readonly access: GameAccessService,
  ) {}

  @Subscription(() => GameEventModel, {
    description: 'Each new event of a game of any type, as it is recorded, with what the subscriber may not see left out.',
    resolve: (event: GameEventModel) => event,
  })
  async gameEvents(@Args() args: GameEventsSubscriptionArgs, @CurrentPrincipal() principal: Principal): Promise<AsyncIterableIterator<GameEventModel>> {
    const located = await this.access.locateReadable(principal, args.gameId);
    return this.live.gameEvents(principal, located, args.afterPosition);
  }

  @Subscription(() => PriceBoardModel, {
    description: "A Stock Ticker game's current price board, then the board after each change folded into the read models.",
    resolve: (board: PriceBoardModel) => board,
  })
  async priceBoard(@Args() args: PriceBoardSubscriptionArgs, @CurrentPrincipal() principal: Principal): Promise<AsyncIterableIterator<PriceBoardModel>> {
    await this.access.locateReadable(principal, args.gameId, STOCK_TICKER_GAME);
    return this.live.priceBoards(args.gameId);
  }
}
