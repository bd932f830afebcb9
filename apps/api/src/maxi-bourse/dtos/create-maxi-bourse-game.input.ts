import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Max, Min, ValidateNested } from 'class-validator';
import { maxiBourseContent, type VariantName } from '@corbeille/maxi-bourse';
import { IsEntityId } from '../../common/validation/is-entity-id.validator';
import { CommandInput } from '../../games/dtos/command.input';
import { MAXI_BOURSE_VARIANTS, MaxiBourseVariant } from '../models/maxi-bourse-enums';

/** A session longer than this is not a game anyone will finish. */
export const MAX_TURN_LIMIT = 1000;

@InputType('MaxiBourseOptionsInput', { description: 'Choices made at the opening of the session; anything omitted takes the standard value.' })
export class MaxiBourseOptionsInput {
  @Field(() => MaxiBourseVariant, { nullable: true, description: 'IV.6: Junior, Senior or Masters (default MASTERS).' })
  @IsOptional()
  @IsIn(MAXI_BOURSE_VARIANTS)
  variant?: VariantName | null;

  @Field(() => Int, {
    nullable: true,
    description: `V: close the session after this many turns around the table, 1 to ${MAX_TURN_LIMIT} (default ${maxiBourseContent.defaultTurnLimit}).`,
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_TURN_LIMIT)
  turnLimit?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'No turn limit: the session ends by the other conditions of V, or when the banker closes it.' })
  @IsOptional()
  @IsBoolean()
  noTurnLimit?: boolean | null;

  @Field(() => Int, {
    nullable: true,
    description: `Seats at the table, ${maxiBourseContent.players.min} to ${maxiBourseContent.players.max} (default ${maxiBourseContent.players.max}).`,
  })
  @IsOptional()
  @IsInt()
  @Min(maxiBourseContent.players.min)
  @Max(maxiBourseContent.players.max)
  maxPlayers?: number | null;
}

@InputType('CreateMaxiBourseGameInput')
export class CreateMaxiBourseGameInput extends CommandInput {
  @Field(() => ID, { nullable: true, description: 'Id of the new game (UUID or slug). If absent, one is generated (derived from commandId when given).' })
  @IsOptional()
  @IsEntityId()
  gameId?: string | null;

  @Field(() => MaxiBourseOptionsInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => MaxiBourseOptionsInput)
  options?: MaxiBourseOptionsInput | null;

  @Field(() => String, { nullable: true, description: 'League or label the game belongs to.' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  league?: string | null;
}
