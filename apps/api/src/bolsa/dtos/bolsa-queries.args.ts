import { ArgsType, Field, ID } from '@nestjs/graphql';
import { ArrayMaxSize, IsArray, IsIn, IsOptional } from 'class-validator';
import type { BolsaLedgerKind } from '@corbeille/projections';
import { PaginationArgs } from '../../common/pagination/pagination.args';
import { IsEntityId } from '../../common/validation/is-entity-id.validator';
import { GameAtAsArgs } from '../../games/dtos/game-at.args';
import { BOLSA_LEDGER_KINDS, BOLSA_PHASES, BolsaGamePhase, BolsaLedgerKindEnum, type BolsaPhaseValue } from '../models/bolsa-enums';

@ArgsType()
export class BolsaGamesArgs extends PaginationArgs {
  @Field(() => BolsaGamePhase, { nullable: true, description: 'Only games in this phase.' })
  @IsOptional()
  @IsIn(BOLSA_PHASES)
  phase?: BolsaPhaseValue | null;
}

@ArgsType()
export class BolsaGameAtArgs extends GameAtAsArgs {}

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
