import { Module } from '@nestjs/common';
import { GameCommandsResolver } from './game-commands.resolver';
import { GameSubscriptionsResolver } from './game-subscriptions.resolver';
import { GamesResolver } from './games.resolver';
import { GameCommandsService } from './services/game-commands.service';
import { GameLiveUpdatesService } from './services/game-live-updates.service';
import { GameQueriesService } from './services/game-queries.service';
import { GameStreamService } from './services/game-stream.service';

@Module({
  providers: [
    GameStreamService,
    GameCommandsService,
    GameQueriesService,
    GameLiveUpdatesService,
    GamesResolver,
    GameCommandsResolver,
    GameSubscriptionsResolver,
  ],
  exports: [GameCommandsService, GameQueriesService],
})
export class GamesModule {}
