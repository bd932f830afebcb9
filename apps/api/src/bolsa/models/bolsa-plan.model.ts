import { Field, ID, ObjectType } from '@nestjs/graphql';
import { BolsaSharesModel } from './bolsa-company.model';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';

@ObjectType('BolsaPlan', { description: 'Step 4: a player card with its markers.' })
export class BolsaPlanModel {
  @Field(() => [BolsaSharesModel], { description: 'Shares to sell, per company.' })
  sell!: BolsaSharesModel[];

  @Field(() => [BolsaSharesModel], { description: 'Shares to buy, per company.' })
  buy!: BolsaSharesModel[];

  @Field(() => SafeIntScalar, { description: 'Markers on the newspaper area.' })
  newspaper!: number;

  @Field(() => SafeIntScalar, { description: 'Markers used, at most 5.' })
  markers!: number;
}

@ObjectType('BolsaPlayerPlan')
export class BolsaPlayerPlanModel {
  @Field(() => ID)
  playerId!: string;

  @Field(() => BolsaPlanModel)
  plan!: BolsaPlanModel;
}
