import { Field, Int, ObjectType } from '@nestjs/graphql';
import type { StockName } from '@corbeille/stock-ticker';
import { LegalActionType, Stock, type LegalActionTypeValue } from './game-enums';

@ObjectType('LegalAction', { description: 'A move the player may make now, with its bounds.' })
export class LegalActionModel {
  @Field(() => LegalActionType)
  type!: LegalActionTypeValue;

  @Field(() => Stock, { nullable: true, description: 'The stock of a buy or sell.' })
  stock!: StockName | null;

  @Field(() => Int, { nullable: true, description: 'Most shares the player can buy or sell now.' })
  maxShares!: number | null;

  @Field(() => Int, { nullable: true, description: 'Shares are traded in multiples of this lot.' })
  lot!: number | null;

  @Field(() => Int, { nullable: true, description: 'Largest loan the player may take, in cents.' })
  maxAmount!: number | null;
}
