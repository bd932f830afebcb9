import { ArgsType, Field, ID, Int } from '@nestjs/graphql';
import { IsInt, IsOptional, Min } from 'class-validator';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import { IsEntityId } from '../../common/validation/is-entity-id.validator';

@ArgsType()
export class GameAtArgs {
  @Field(() => ID)
  @IsEntityId()
  id!: string;

  @Field(() => SafeIntScalar, {
    nullable: true,
    description: 'Fold the events whose global position is at most this one. Give this or `revision`.',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  position?: number | null;

  @Field(() => Int, { nullable: true, description: 'Fold the events up to and including this stream revision.' })
  @IsOptional()
  @IsInt()
  @Min(0)
  revision?: number | null;
}

/** Time travel in a game with hidden information: a referee may see it as one of its players could. */
@ArgsType()
export class GameAtAsArgs extends GameAtArgs {
  @Field(() => ID, { nullable: true, description: "Referees only: the game as this player could see it at that point (their own secrets, nobody else's)." })
  @IsOptional()
  @IsEntityId()
  viewAs?: string | null;
}
