import { Field, ID, ObjectType } from '@nestjs/graphql';
import { JsonScalar } from '../../common/scalars/json.scalar';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import { BolsaSharesModel } from './bolsa-company.model';
import type { CompanyId } from '@corbeille/bolsa';
import { BolsaCompany, BolsaGamePhase, type BolsaPhaseValue } from './bolsa-enums';

@ObjectType('BolsaSnapshotPlayer', { description: 'A player at a point of the game, as the requester may see them.' })
export class BolsaSnapshotPlayerModel {
  @Field(() => ID)
  playerId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => SafeIntScalar)
  cash!: number;

  @Field(() => [BolsaSharesModel], { nullable: true, description: 'Shares behind the screen, when the requester may see them.' })
  shares!: BolsaSharesModel[] | null;

  @Field(() => Boolean)
  hasSubmittedPlan!: boolean;
}

@ObjectType('BolsaPrice')
export class BolsaPriceModel {
  @Field(() => BolsaCompany)
  company!: CompanyId;

  @Field(() => SafeIntScalar)
  price!: number;
}

@ObjectType('BolsaSnapshot', { description: 'A BOLSA game as it was after a given event, folded from its stream and seen as the requester may.' })
export class BolsaSnapshotModel {
  @Field(() => ID)
  gameId!: string;

  @Field(() => SafeIntScalar, { description: 'Global position of the last event folded.' })
  position!: number;

  @Field(() => SafeIntScalar, { description: 'Stream revision of the last event folded.' })
  revision!: number;

  @Field(() => BolsaGamePhase)
  phase!: BolsaPhaseValue;

  @Field(() => SafeIntScalar)
  month!: number;

  @Field(() => [BolsaPriceModel], { description: 'Blue prices in euros (empty before the start).' })
  prices!: BolsaPriceModel[];

  @Field(() => [BolsaSnapshotPlayerModel])
  players!: BolsaSnapshotPlayerModel[];

  @Field(() => JsonScalar, { description: "The engine's view of the state for the requester (BolsaView)." })
  state!: unknown;
}
