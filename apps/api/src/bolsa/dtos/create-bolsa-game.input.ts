import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Length, Max, Min, ValidateNested } from 'class-validator';
import type { LotteryRotation } from '@corbeille/bolsa';
import { IsEntityId } from '../../common/validation/is-entity-id.validator';
import { CommandInput } from '../../games/dtos/command.input';
import { BolsaLotteryRotation, LOTTERY_ROTATIONS } from '../models/bolsa-enums';

export const BOLSA_LAST_MONTHS = [3, 6, 9, 12] as const;

@InputType('BolsaOptionsInput', { description: 'Setup choices; anything omitted takes the standard value.' })
export class BolsaOptionsInput {
  @Field(() => Int, { nullable: true, description: 'Step 4: seconds to plan, 5 to 600 (default 30).' })
  @IsOptional()
  @IsInt()
  @Min(5)
  @Max(600)
  planningSeconds?: number | null;

  @Field(() => Int, { nullable: true, description: 'First month with a deadline, 1 to 12 (default 1; the book suggests 4 for a first game).' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(12)
  timedFromMonth?: number | null;

  @Field(() => Int, { nullable: true, description: 'The last month played: 3, 6, 9 or 12 (default 12).' })
  @IsOptional()
  @IsIn(BOLSA_LAST_MONTHS)
  lastMonth?: number | null;

  @Field(() => BolsaLotteryRotation, { nullable: true, description: 'Step 7: who draws next (default NEXT_SEAT).' })
  @IsOptional()
  @IsIn(LOTTERY_ROTATIONS)
  lotteryRotation?: LotteryRotation | null;
}

@InputType('CreateBolsaGameInput')
export class CreateBolsaGameInput extends CommandInput {
  @Field(() => ID, { nullable: true, description: 'Id of the new game (UUID or slug). If absent, one is generated (derived from commandId when given).' })
  @IsOptional()
  @IsEntityId()
  gameId?: string | null;

  @Field(() => BolsaOptionsInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => BolsaOptionsInput)
  options?: BolsaOptionsInput | null;

  @Field(() => String, { nullable: true, description: 'League or label the game belongs to.' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  league?: string | null;
}
