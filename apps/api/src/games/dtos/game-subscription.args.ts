import { ArgsType, Field, ID } from '@nestjs/graphql';
import { IsInt, IsOptional, Min } from 'class-validator';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import { IsEntityId } from '../../common/validation/is-entity-id.validator';

@ArgsType()
export class PriceBoardSubscriptionArgs {
  @Field(() => ID)
  @IsEntityId()
  gameId!: string;
}

@ArgsType()
export class GameEventsSubscriptionArgs extends PriceBoardSubscriptionArgs {
  @Field(() => SafeIntScalar, {
    nullable: true,
    description: 'Replay the stored events after this global position first, then go live (to resume without gaps).',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  afterPosition?: number | null;
}
