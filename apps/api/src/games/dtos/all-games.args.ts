import { ArgsType, Field } from '@nestjs/graphql';
import { IsIn, IsOptional } from 'class-validator';
import { PaginationArgs } from '../../common/pagination/pagination.args';
import { GameType, type GameTypeValue } from '../models/game-type.enum';

@ArgsType()
export class AllGamesArgs extends PaginationArgs {
  @Field(() => GameType, { nullable: true, description: 'Only games of this type.' })
  @IsOptional()
  @IsIn(Object.values(GameType))
  gameType?: GameTypeValue | null;
}
