import { ArgsType, Field, ID, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Min, ValidateNested } from 'class-validator';
import { MAX_ADJUSTMENTS, MAX_CLAIM_LENGTH, MAX_REASON_LENGTH, type AdjustmentKind, type DisputeStatus, type Remedy } from '@corbeille/rulings';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import { IsEntityId } from '../../common/validation/is-entity-id.validator';
import { AdjustmentKindEnum, DisputeStatusEnum, RemedyKindEnum, RulingDecisionEnum, type RulingDecision } from '../models/dispute-enums';

@InputType('OpenDisputeInput')
export class OpenDisputeInput {
  @Field(() => ID, { nullable: true, description: 'The new dispute\'s id (UUID or slug); generated if absent. A retry with the same id opens it once.' })
  @IsOptional()
  @IsEntityId()
  disputeId?: string | null;

  @Field(() => ID)
  @IsEntityId()
  gameId!: string;

  @Field(() => Int, { description: 'The disputed event, by its revision in the game (GameEvent.revision).' })
  @IsInt()
  @Min(0)
  revision!: number;

  @Field(() => String, { description: `What the disputant says went wrong (at most ${MAX_CLAIM_LENGTH} characters).` })
  @IsString()
  @Length(1, MAX_CLAIM_LENGTH)
  claim!: string;
}

@InputType('AdjustmentInput')
export class AdjustmentInput {
  @Field(() => AdjustmentKindEnum)
  @IsIn(Object.values(AdjustmentKindEnum))
  kind!: AdjustmentKind;

  @Field(() => ID, { nullable: true, description: 'Required for CASH and HOLDING.' })
  @IsOptional()
  @IsEntityId()
  playerId?: string | null;

  @Field(() => String, { nullable: true, description: 'Required for HOLDING and PRICE: the stock or company id (e.g. GOLD, CEREAL, ESSO).' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  stock?: string | null;

  @Field(() => SafeIntScalar, { nullable: true, description: "Required for CASH and HOLDING: the amount added (negative to take away), in the game's unit or shares." })
  @IsOptional()
  @IsInt()
  delta?: number | null;

  @Field(() => SafeIntScalar, { nullable: true, description: "Required for PRICE: the new price, in the game's unit." })
  @IsOptional()
  @IsInt()
  to?: number | null;
}

@InputType('RemedyInput')
export class RemedyInput {
  @Field(() => RemedyKindEnum)
  @IsIn(Object.values(RemedyKindEnum))
  kind!: Remedy['kind'];

  @Field(() => [AdjustmentInput], { nullable: true, description: `CORRECTION: 1 to ${MAX_ADJUSTMENTS} adjustments.` })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ADJUSTMENTS)
  @ValidateNested({ each: true })
  @Type(() => AdjustmentInput)
  adjustments?: AdjustmentInput[] | null;

  @Field(() => Int, { nullable: true, description: 'REWIND: the last revision kept, at most the disputed one.' })
  @IsOptional()
  @IsInt()
  @Min(0)
  afterRevision?: number | null;
}

@InputType('RuleOnDisputeInput')
export class RuleOnDisputeInput {
  @Field(() => ID)
  @IsEntityId()
  disputeId!: string;

  @Field(() => RulingDecisionEnum)
  @IsIn(Object.values(RulingDecisionEnum))
  decision!: RulingDecision;

  @Field(() => String, { description: `Why (at most ${MAX_REASON_LENGTH} characters); recorded with the ruling and its remedy.` })
  @IsString()
  @Length(1, MAX_REASON_LENGTH)
  reason!: string;

  @Field(() => RemedyInput, { nullable: true, description: 'Required to UPHOLD.' })
  @IsOptional()
  @ValidateNested()
  @Type(() => RemedyInput)
  remedy?: RemedyInput | null;
}

@InputType('PreviewRemedyInput')
export class PreviewRemedyInput {
  @Field(() => ID)
  @IsEntityId()
  disputeId!: string;

  @Field(() => RemedyInput)
  @ValidateNested()
  @Type(() => RemedyInput)
  remedy!: RemedyInput;
}

@InputType('DisputeSettingsInput')
export class DisputeSettingsInput {
  @Field(() => ID)
  @IsEntityId()
  gameId!: string;

  @Field(() => Boolean)
  @IsBoolean()
  pauseOnDispute!: boolean;
}

@ArgsType()
export class DisputeArgs {
  @Field(() => ID)
  @IsEntityId()
  id!: string;
}

@ArgsType()
export class DisputesArgs {
  @Field(() => ID, { nullable: true, description: "A game's disputes." })
  @IsOptional()
  @IsEntityId()
  gameId?: string | null;

  @Field(() => ID, { nullable: true, description: 'The disputes of the games of a league.' })
  @IsOptional()
  @IsEntityId()
  leagueId?: string | null;

  @Field(() => ID, { nullable: true, description: 'The disputes of the games of a class (a class is a league of kind class).' })
  @IsOptional()
  @IsEntityId()
  classId?: string | null;

  @Field(() => DisputeStatusEnum, { nullable: true })
  @IsOptional()
  @IsIn(Object.values(DisputeStatusEnum))
  status?: DisputeStatus | null;
}

@ArgsType()
export class DisputeSettingsArgs {
  @Field(() => ID)
  @IsEntityId()
  gameId!: string;
}
