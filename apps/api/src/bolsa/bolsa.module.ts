import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { BolsaCommandsResolver } from './bolsa-commands.resolver';
import { BolsaGamesResolver } from './bolsa-games.resolver';
import { BolsaSubscriptionsResolver } from './bolsa-subscriptions.resolver';
import { BolsaDeadlineService } from './services/bolsa-deadline.service';
import { BolsaQueriesService } from './services/bolsa-queries.service';

/** BOLSA's GraphQL and its planning timer, on the generic command path and access service of GamesModule. */
@Module({
  imports: [GamesModule],
  providers: [BolsaQueriesService, BolsaDeadlineService, BolsaGamesResolver, BolsaCommandsResolver, BolsaSubscriptionsResolver],
  exports: [BolsaDeadlineService],
})
export class BolsaModule {}
