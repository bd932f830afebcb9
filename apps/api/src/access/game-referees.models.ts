import { ArgsType, Field, ID, InputType, ObjectType } from '@nestjs/graphql';
import { IsOptional } from 'class-validator';
import { IsEntityId } from '../common/validation/is-entity-id.validator';

@InputType('GameRefereeInput')
export class GameRefereeInput {
  @Field(() => ID, { description: 'A game outside any league.' })
  @IsEntityId()
  gameId!: string;

  @Field(() => ID, { description: 'The account to name (or take off) as a referee.' })
  @IsEntityId()
  accountId!: string;

  @Field(() => ID, { nullable: true, description: 'Idempotency key: a retry with the same id is applied once.' })
  @IsOptional()
  @IsEntityId()
  commandId?: string | null;
}

@ArgsType()
export class GameRefereesArgs {
  @Field(() => ID)
  @IsEntityId()
  gameId!: string;
}

@ObjectType('GameReferee')
export class GameRefereeModel {
  @Field(() => ID)
  accountId!: string;

  @Field(() => String)
  displayName!: string;

  @Field(() => String, { description: 'Why they referee: ORGANISER (of the league), TEACHER (of the class), CREATOR (of the game) or NAMED (by its creator).' })
  reason!: 'ORGANISER' | 'TEACHER' | 'CREATOR' | 'NAMED';
}

@ObjectType('GameReferees', { description: "Who referees a game: they alone rule on its disputes, preview remedies, pause, end, correct, reveal its seed and see it as a player." })
export class GameRefereesModel {
  @Field(() => ID)
  gameId!: string;

  @Field(() => ID, { nullable: true, description: "The game's league or class (null outside leagues)." })
  leagueId!: string | null;

  @Field(() => [GameRefereeModel])
  referees!: GameRefereeModel[];
}
