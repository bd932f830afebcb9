import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { IdentityModule } from '../identity/identity.module';
import { GameRefereesResolver } from './game-referees.resolver';
import { GameRefereesService } from './game-referees.service';

/** Naming the referees of games outside leagues, and listing any game's referees. */
@Module({
  imports: [GamesModule, IdentityModule],
  providers: [GameRefereesService, GameRefereesResolver],
})
export class GameRefereesModule {}
