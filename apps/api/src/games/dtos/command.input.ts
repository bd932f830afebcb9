import { Field, ID, InputType } from '@nestjs/graphql';
import { IsOptional } from 'class-validator';
import { IsEntityId } from '../../common/validation/is-entity-id.validator';

@InputType({ isAbstract: true })
export abstract class CommandInput {
  @Field(() => ID, {
    nullable: true,
    description: 'Idempotency key (UUID or slug): a retried request with the same id is applied once. Generated if absent.',
  })
  @IsOptional()
  @IsEntityId()
  commandId?: string | null;
}

@InputType({ isAbstract: true })
export abstract class GameCommandInput extends CommandInput {
  @Field(() => ID)
  @IsEntityId()
  gameId!: string;
}

@InputType({ isAbstract: true })
export abstract class PlayerCommandInput extends GameCommandInput {
  @Field(() => ID, { description: 'The player making the move.' })
  @IsEntityId()
  playerId!: string;
}
