import { ArgsType, Field, ID } from '@nestjs/graphql';
import { IsOptional } from 'class-validator';
import { PaginationArgs } from '../../common/pagination/pagination.args';
import { IsEntityId } from '../../common/validation/is-entity-id.validator';

@ArgsType()
export class TradesArgs extends PaginationArgs {
  @Field(() => ID, { nullable: true, description: "Only this player's trades." })
  @IsOptional()
  @IsEntityId()
  playerId?: string | null;
}
