import { ArgsType, Field, ID } from '@nestjs/graphql';
import { IsEntityId } from '../../common/validation/is-entity-id.validator';

@ArgsType()
export class GameFairnessArgs {
  @Field(() => ID)
  @IsEntityId()
  gameId!: string;
}
