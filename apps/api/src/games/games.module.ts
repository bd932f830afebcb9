import { Module } from '@nestjs/common';
import { GameCommandsResolver } from './game-commands.resolver';
import { GameSubscriptionsResolver } from './game-subscriptions.resolver';
import { GamesResolver } from './games.resolver';
import { GameAccessService } from './services/game-access.service';
import { GameCommandsService } from './services/game-commands.service';
import { GameLiveUpdatesService } from './services/game-live-updates.service';
import { GameQueriesService } from './services/game-queries.service';
import { GameStreamService } from './services/game-stream.service';

/** Every game's command path, reads and live feeds; Stock Ticker's GraphQL. Other games' modules build on its exports. */
@Module({
  providers: [
    GameStreamService,
    GameAccessService,
    GameCommandsService,
    GameQueriesService,
    GameLiveUpdatesService,
    GamesResolver,
    GameCommandsResolver,
    GameSubscriptionsResolver,
  ],
  exports: [GameStreamService, GameAccessService, GameCommandsService, GameQueriesService, GameLiveUpdatesService],
})
export class GamesModule {}
