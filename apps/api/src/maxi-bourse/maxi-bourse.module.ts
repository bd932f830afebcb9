import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { MaxiBourseCommandsResolver } from './maxi-bourse-commands.resolver';
import { MaxiBourseGamesResolver } from './maxi-bourse-games.resolver';
import { MaxiBourseSubscriptionsResolver } from './maxi-bourse-subscriptions.resolver';
import { MaxiBourseQueriesService } from './services/maxi-bourse-queries.service';

/** Maxi Bourse's GraphQL, on the generic command path and access service of GamesModule. */
@Module({
  imports: [GamesModule],
  providers: [MaxiBourseQueriesService, MaxiBourseGamesResolver, MaxiBourseCommandsResolver, MaxiBourseSubscriptionsResolver],
})
export class MaxiBourseModule {}
