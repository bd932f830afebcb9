import { ArgsType, Field, ID } from '@nestjs/graphql';
import { IsEntityId } from '../../common/validation/is-entity-id.validator';

@ArgsType()
export class GameArgs {
  @Field(() => ID)
  @IsEntityId()
  id!: string;
}
