import { ArgsType, Field, Float, ID, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsISO8601, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import {
  DEFAULT_FLAG_THRESHOLDS,
  GAME_TYPES,
  MAX_ANNOTATION_COMMENT_LENGTH,
  MAX_RATIONALE_LENGTH,
  MAX_RUBRIC_SCORE,
  type GameType,
  type TradeSide,
} from '@corbeille/identity';
import { PaginationArgs } from '../../common/pagination/pagination.args';
import { IsEntityId } from '../../common/validation/is-entity-id.validator';
import { ClassTradeTypeEnum, LeagueGameTypeEnum } from '../models/identity-enums';
import { IdentityCommandInput } from './league.inputs';

/** `<gameType>:<gameId>:<revision>:<playerId>` (checked again, part by part, when used). */
export const TRADE_ID = /^[a-z-]{1,20}:[A-Za-z0-9_-]{1,64}:\d{1,16}:[A-Za-z0-9_-]{1,64}$/;
const TRADE_ID_MESSAGE = '$property must be a trade id (<gameType>:<gameId>:<revision>:<playerId>)';

@InputType('ClassTradeFilter', { description: 'Every given criterion must match.' })
export class ClassTradeFilterInput {
  @Field(() => ID, { nullable: true, description: "A student's account id." })
  @IsOptional()
  @IsEntityId()
  studentId?: string | null;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  @IsEntityId()
  gameId?: string | null;

  @Field(() => LeagueGameTypeEnum, { nullable: true })
  @IsOptional()
  @IsIn(GAME_TYPES)
  gameType?: GameType | null;

  @Field(() => String, { nullable: true, description: 'A company (stock) as the game names it, e.g. GOLD, CEREAL, AEG.' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  company?: string | null;

  @Field(() => ClassTradeTypeEnum, { nullable: true })
  @IsOptional()
  @IsIn(Object.values(ClassTradeTypeEnum))
  type?: TradeSide | null;

  @Field(() => String, { nullable: true, description: 'ISO-8601: trades at or after this time.' })
  @IsOptional()
  @IsISO8601({ strict: true })
  from?: string | null;

  @Field(() => String, { nullable: true, description: 'ISO-8601: trades before this time.' })
  @IsOptional()
  @IsISO8601({ strict: true })
  to?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Only trades that are part of a flag.' })
  @IsOptional()
  @IsBoolean()
  flaggedOnly?: boolean | null;
}

@ArgsType()
export class ClassTradesArgs extends PaginationArgs {
  @Field(() => ID, { description: 'The class (or league) id.' })
  @IsEntityId()
  classId!: string;

  @Field(() => ClassTradeFilterInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => ClassTradeFilterInput)
  filter?: ClassTradeFilterInput | null;
}

@ArgsType()
export class ClassTradesExportArgs {
  @Field(() => ID)
  @IsEntityId()
  classId!: string;

  @Field(() => ClassTradeFilterInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => ClassTradeFilterInput)
  filter?: ClassTradeFilterInput | null;
}

@ArgsType()
export class ClassFlagsArgs {
  @Field(() => ID)
  @IsEntityId()
  classId!: string;

  @Field(() => Float, {
    defaultValue: DEFAULT_FLAG_THRESHOLDS.minDeviationPercent,
    description: 'Trades between players at least this far from the market price (percent) are flagged.',
  })
  @IsNumber()
  @Min(0)
  @Max(10_000)
  minDeviationPercent: number = DEFAULT_FLAG_THRESHOLDS.minDeviationPercent;

  @Field(() => Int, { defaultValue: DEFAULT_FLAG_THRESHOLDS.minPenalties, description: 'Participants fined at least this many times are flagged.' })
  @IsInt()
  @Min(1)
  @Max(1000)
  minPenalties: number = DEFAULT_FLAG_THRESHOLDS.minPenalties;
}

@ArgsType()
export class ClassIdArgs {
  @Field(() => ID)
  @IsEntityId()
  classId!: string;
}

@ArgsType()
export class TradeAnnotationsArgs extends PaginationArgs {
  @Field(() => ID)
  @IsEntityId()
  classId!: string;

  @Field(() => ID, { nullable: true, description: 'Only the annotations of this trade.' })
  @IsOptional()
  @Matches(TRADE_ID, { message: TRADE_ID_MESSAGE })
  tradeId?: string | null;

  @Field(() => ID, { nullable: true, description: "Only the annotations of this student's trades." })
  @IsOptional()
  @IsEntityId()
  studentId?: string | null;
}

@ArgsType()
export class TradeJournalArgs extends PaginationArgs {
  @Field(() => ID)
  @IsEntityId()
  classId!: string;

  @Field(() => ID, { nullable: true, description: "Only this student's rationales (a student always sees only their own)." })
  @IsOptional()
  @IsEntityId()
  studentId?: string | null;
}

@InputType('AnnotateTradeInput', { description: 'A comment, a flag and a rubric score: give at least one.' })
export class AnnotateTradeInput extends IdentityCommandInput {
  @Field(() => ID)
  @IsEntityId()
  classId!: string;

  @Field(() => ID)
  @Matches(TRADE_ID, { message: TRADE_ID_MESSAGE })
  tradeId!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_ANNOTATION_COMMENT_LENGTH)
  comment?: string | null;

  @Field(() => Boolean, { nullable: true, defaultValue: false })
  @IsOptional()
  @IsBoolean()
  flagged?: boolean | null;

  @Field(() => Int, { nullable: true, description: `Rubric score, 0 to ${MAX_RUBRIC_SCORE}.` })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_RUBRIC_SCORE)
  score?: number | null;
}

@InputType('RecordTradeRationaleInput', { description: 'Why you made this trade; writing again replaces what you wrote.' })
export class RecordTradeRationaleInput extends IdentityCommandInput {
  @Field(() => ID)
  @IsEntityId()
  classId!: string;

  @Field(() => ID)
  @Matches(TRADE_ID, { message: TRADE_ID_MESSAGE })
  tradeId!: string;

  @Field(() => String, { description: `At most ${MAX_RATIONALE_LENGTH} characters.` })
  @IsString()
  @MaxLength(MAX_RATIONALE_LENGTH)
  rationale!: string;
}
