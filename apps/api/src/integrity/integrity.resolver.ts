import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { Principal } from '../access/access.port';
import { CurrentPrincipal } from '../common/principal/current-principal.decorator';
import { GameFairnessArgs } from './dtos/game-fairness.args';
import { RevealGameSeedInput } from './dtos/reveal-game-seed.input';
import { FairnessReportModel, GameFairnessModel } from './models/game-fairness.model';
import { GameIntegrityService } from './services/game-integrity.service';

@Resolver()
export class IntegrityResolver {
  constructor(private readonly integrity: GameIntegrityService) {}

  @Query(() => GameFairnessModel, { description: "A game's seed commitment and engine pin, its seed once revealed, and its plan commitments (nonces as the viewer may see them)." })
  gameFairness(@Args() args: GameFairnessArgs, @CurrentPrincipal() principal: Principal): Promise<GameFairnessModel> {
    return this.integrity.fairness(principal, args.gameId);
  }

  @Query(() => FairnessReportModel, {
    description:
      "Recomputes every recorded draw from the revealed seed, decides again every command that drew, re-folds the round/month checksums and checks plan commitments. Public.",
  })
  verifyGameFairness(@Args() args: GameFairnessArgs, @CurrentPrincipal() principal: Principal): Promise<FairnessReportModel> {
    return this.integrity.verify(principal, args.gameId);
  }

  @Mutation(() => GameFairnessModel, { nullable: true, description: "A referee reveals a game's seed before its end (e.g. to settle a dispute), for everyone to verify." })
  revealGameSeed(@Args('input') input: RevealGameSeedInput, @CurrentPrincipal() principal: Principal): Promise<GameFairnessModel> {
    return this.integrity.reveal(principal, input.gameId, input.reason, input.commandId);
  }
}
