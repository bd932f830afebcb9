import { ArgsType, Field, ID } from '@nestjs/graphql';
import { ArrayMaxSize, IsArray, IsIn, IsOptional } from 'class-validator';
import type { MaxiBourseLedgerKind } from '@corbeille/projections';
import { PaginationArgs } from '../../common/pagination/pagination.args';
import { IsEntityId } from '../../common/validation/is-entity-id.validator';
import { GameAtAsArgs } from '../../games/dtos/game-at.args';
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
export class MaxiBourseGameAtArgs extends GameAtAsArgs {}

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
