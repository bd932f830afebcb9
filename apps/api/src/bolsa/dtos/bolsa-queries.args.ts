import { ArgsType, Field, ID, Int } from '@nestjs/graphql';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, Min } from 'class-validator';
import type { BolsaLedgerKind } from '@corbeille/projections';
import { PaginationArgs } from '../../common/pagination/pagination.args';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import { IsEntityId } from '../../common/validation/is-entity-id.validator';
import { BOLSA_LEDGER_KINDS, BOLSA_PHASES, BolsaGamePhase, BolsaLedgerKindEnum, type BolsaPhaseValue } from '../models/bolsa-enums';

@ArgsType()
export class BolsaGamesArgs extends PaginationArgs {
  @Field(() => BolsaGamePhase, { nullable: true, description: 'Only games in this phase.' })
  @IsOptional()
  @IsIn(BOLSA_PHASES)
  phase?: BolsaPhaseValue | null;
}

@ArgsType()
export class BolsaGameAtArgs {
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
export class BolsaLedgerArgs extends PaginationArgs {
  @Field(() => ID, { nullable: true, description: "Only this player's lines." })
  @IsOptional()
  @IsEntityId()
  playerId?: string | null;

  @Field(() => [BolsaLedgerKindEnum], { nullable: true, description: 'Only lines of these kinds.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(BOLSA_LEDGER_KINDS.length)
  @IsIn(BOLSA_LEDGER_KINDS, { each: true })
  kinds?: BolsaLedgerKind[] | null;
}
