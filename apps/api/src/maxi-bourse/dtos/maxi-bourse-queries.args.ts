import { ArgsType, Field, ID, Int } from '@nestjs/graphql';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, Min } from 'class-validator';
import type { MaxiBourseLedgerKind } from '@corbeille/projections';
import { PaginationArgs } from '../../common/pagination/pagination.args';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import { IsEntityId } from '../../common/validation/is-entity-id.validator';
import {
  MAXI_BOURSE_LEDGER_KINDS,
  MAXI_BOURSE_PHASES,
  MaxiBourseGamePhase,
  MaxiBourseLedgerKindEnum,
  type MaxiBoursePhaseValue,
} from '../models/maxi-bourse-enums';

@ArgsType()
export class MaxiBourseGamesArgs extends PaginationArgs {
  @Field(() => MaxiBourseGamePhase, { nullable: true, description: 'Only games in this phase.' })
  @IsOptional()
  @IsIn(MAXI_BOURSE_PHASES)
  phase?: MaxiBoursePhaseValue | null;
}

@ArgsType()
export class MaxiBourseGameAtArgs {
  @Field(() => ID)
  @IsEntityId()
  id!: string;

  @Field(() => SafeIntScalar, { nullable: true, description: 'Fold the events whose global position is at most this one. Give this or `revision`.' })
  @IsOptional()
  @IsInt()
  @Min(0)
  position?: number | null;

  @Field(() => Int, { nullable: true, description: 'Fold the events up to and including this stream revision.' })
  @IsOptional()
  @IsInt()
  @Min(0)
  revision?: number | null;

  @Field(() => ID, { nullable: true, description: "Referees only: the game as this player could see it at that point (their own secrets, nobody else's)." })
  @IsOptional()
  @IsEntityId()
  viewAs?: string | null;
}

@ArgsType()
export class MaxiBourseLedgerArgs extends PaginationArgs {
  @Field(() => ID, { nullable: true, description: "Only this player's lines." })
  @IsOptional()
  @IsEntityId()
  playerId?: string | null;

  @Field(() => [MaxiBourseLedgerKindEnum], { nullable: true, description: 'Only lines of these kinds.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAXI_BOURSE_LEDGER_KINDS.length)
  @IsIn(MAXI_BOURSE_LEDGER_KINDS, { each: true })
  kinds?: MaxiBourseLedgerKind[] | null;
}

@ArgsType()
export class MaxiBoursePayoutsArgs {
  @Field(() => ID, { nullable: true, description: "Only this player's rounds." })
  @IsOptional()
  @IsEntityId()
  playerId?: string | null;
}
