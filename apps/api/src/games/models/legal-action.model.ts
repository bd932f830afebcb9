import { Field, ObjectType } from '@nestjs/graphql';
import type { StockName } from '@corbeille/stock-ticker';
import { LegalActionType, Stock, type LegalActionTypeValue } from './game-enums';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';

@ObjectType('LegalAction', { description: 'A move the player may make now, with its bounds.' })
export class LegalActionModel {
  @Field(() => LegalActionType)
  type!: LegalActionTypeValue;

  @Field(() => Stock, { nullable: true, description: 'The stock of a buy or sell.' })
  stock!: StockName | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'Most shares the player can buy or sell now.' })
  maxShares!: number | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'Shares are traded in multiples of this lot.' })
  lot!: number | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'Largest loan the player may take, in cents.' })
  maxAmount!: number | null;
}
