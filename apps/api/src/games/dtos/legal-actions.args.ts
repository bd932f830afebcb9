import { ArgsType, Field, ID } from '@nestjs/graphql';
import { IsEntityId } from '../../common/validation/is-entity-id.validator';

@ArgsType()
export class LegalActionsArgs {
  @Field(() => ID)
  @IsEntityId()
  playerId!: string;
}
