import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { IntegrityResolver } from './integrity.resolver';
import { GameIntegrityService } from './services/game-integrity.service';

/** Provable fairness over GraphQL: seed commitments, reveals and the verifier. */
@Module({
  imports: [GamesModule],
  providers: [GameIntegrityService, IntegrityResolver],
  exports: [GameIntegrityService],
})
export class IntegrityModule {}
