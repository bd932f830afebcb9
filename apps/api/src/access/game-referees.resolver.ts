import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal } from '../common/principal/current-principal.decorator';
import type { Principal } from './access.port';
import { GameRefereeInput, GameRefereesArgs, GameRefereesModel } from './game-referees.models';
import { GameRefereesService } from './game-referees.service';

@Resolver(() => GameRefereesModel)
export class GameRefereesResolver {
  constructor(private readonly service: GameRefereesService) {}

  @Query(() => GameRefereesModel, { description: "Who referees a game (for those who may see the game)." })
  gameReferees(@Args() args: GameRefereesArgs, @CurrentPrincipal() principal: Principal): Promise<GameRefereesModel> {
    return this.service.referees(principal, args.gameId);
  }

  @Mutation(() => GameRefereesModel, { nullable: true, description: "The creator of a game outside any league names another account its referee." })
  addGameReferee(@Args('input') input: GameRefereeInput, @CurrentPrincipal() principal: Principal): Promise<GameRefereesModel> {
    return this.service.change(principal, 'AddGameReferee', input);
  }

  @Mutation(() => GameRefereesModel, { nullable: true, description: 'The creator of a game outside any league takes a named referee off it.' })
  removeGameReferee(@Args('input') input: GameRefereeInput, @CurrentPrincipal() principal: Principal): Promise<GameRefereesModel> {
    return this.service.change(principal, 'RemoveGameReferee', input);
  }
}
