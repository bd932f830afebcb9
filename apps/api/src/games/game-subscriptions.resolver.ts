import { Args, Resolver, Subscription } from '@nestjs/graphql';
import { NotFound } from '@corbeille/kernel';
import { GameEventsSubscriptionArgs, PriceBoardSubscriptionArgs } from './dtos/game-subscription.args';
import { GameEventModel } from './models/game-event.model';
import { PriceBoardModel } from './models/price-board.model';
import { GameLiveUpdatesService } from './services/game-live-updates.service';
import { GameStreamService } from './services/game-stream.service';

@Resolver()
export class GameSubscriptionsResolver {
  constructor(
    private readonly live: GameLiveUpdatesService,
    private readonly streams: GameStreamService,
  ) {}

  @Subscription(() => GameEventModel, {
    description: 'Each new event of a game, as it is recorded.',
    resolve: (event: GameEventModel) => event,
  })
  async gameEvents(@Args() args: GameEventsSubscriptionArgs): Promise<AsyncIterableIterator<GameEventModel>> {
    await this.requireGame(args.gameId);
    return this.live.gameEvents(args.gameId, args.afterPosition);
  }

  @Subscription(() => PriceBoardModel, {
    description: "The game's current price board, then the board after each change folded into the read models.",
    resolve: (board: PriceBoardModel) => board,
  })
  async priceBoard(@Args() args: PriceBoardSubscriptionArgs): Promise<AsyncIterableIterator<PriceBoardModel>> {
    await this.requireGame(args.gameId);
    return this.live.priceBoards(args.gameId);
  }

  private async requireGame(gameId: string): Promise<void> {
    if (!(await this.streams.exists(gameId))) {
      throw new NotFound('GAME_NOT_FOUND', `There is no game with id "${gameId}"`, { gameId });
    }
  }
}
