import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { StockName } from '@corbeille/stock-ticker';
import { Stock } from './game-enums';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';

@ObjectType('Holding')
export class HoldingModel {
  @Field(() => Stock)
  stock!: StockName;

  @Field(() => SafeIntScalar, { description: 'Shares held.' })
  shares!: number;

  @Field(() => SafeIntScalar, { description: 'Market value in cents (shares times the current price).' })
  value!: number;
}

@ObjectType('Portfolio', { description: "A player's money and stock." })
export class PortfolioModel {
  @Field(() => ID)
  playerId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => SafeIntScalar, { description: 'Cash in cents.' })
  cash!: number;

  @Field(() => [HoldingModel])
  holdings!: HoldingModel[];

  @Field(() => SafeIntScalar, { description: 'Amount borrowed from the Broker, in cents (0 if none).' })
  loan!: number;

  @Field(() => SafeIntScalar, { description: 'Cash plus holdings at market price, minus the loan and its charge, in cents.' })
  netWorth!: number;
}
