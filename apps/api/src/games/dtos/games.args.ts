import { ArgsType, Field } from '@nestjs/graphql';
import { IsIn, IsOptional } from 'class-validator';
import { PaginationArgs } from '../../common/pagination/pagination.args';
import { GAME_PHASES, GamePhase, type GamePhaseValue } from '../models/game-enums';

@ArgsType()
export class GamesArgs extends PaginationArgs {
  @Field(() => GamePhase, { nullable: true, description: 'Only games in this phase.' })
  @IsOptional()
  @IsIn(GAME_PHASES)
  phase?: GamePhaseValue | null;
}
