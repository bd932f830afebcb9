import { Field, ObjectType } from '@nestjs/graphql';
import type { StockName } from '@corbeille/stock-ticker';
import { Connection } from '../../common/pagination/connection.model';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import { Stock, TradeSide, type TradeSideValue } from './game-enums';

@ObjectType('Trade', { description: 'A purchase or sale in the trade ledger of a game.' })
export class TradeModel {
  @Field(() => SafeIntScalar)
  position!: number;

  @Field(() => SafeIntScalar)
  revision!: number;

  @Field(() => String)
  playerId!: string;

  @Field(() => TradeSide)
  side!: TradeSideValue;

  @Field(() => Stock)
  stock!: StockName;

  @Field(() => SafeIntScalar)
  shares!: number;

  @Field(() => SafeIntScalar, { description: 'Price in cents per share.' })
  price!: number;

  @Field(() => SafeIntScalar, { description: 'Cost (buy) or proceeds (sell) in cents.' })
  amount!: number;

  @Field(() => String, { description: 'ISO-8601.' })
  occurredAt!: string;

  @Field(() => SafeIntScalar)
  round!: number;
}

@ObjectType('TradeConnection')
export class TradeConnection extends Connection(TradeModel, 'Trade') {}
