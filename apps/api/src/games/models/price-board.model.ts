import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { StockName } from '@corbeille/stock-ticker';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import { Stock } from './game-enums';

@ObjectType('PricePoint', { description: 'A price a stock had, and the event that set it.' })
export class PricePointModel {
  @Field(() => SafeIntScalar, { description: 'Global position of the event that set this price.' })
  position!: number;

  @Field(() => SafeIntScalar, { description: 'Stream revision of the event that set this price.' })
  revision!: number;

  @Field(() => SafeIntScalar, { description: 'Round in which the price was set (0 before the first roll).' })
  round!: number;

  @Field(() => SafeIntScalar, { description: 'Price in cents per share.' })
  price!: number;
}

@ObjectType('StockQuote')
export class StockQuoteModel {
  @Field(() => Stock)
  stock!: StockName;

  @Field(() => SafeIntScalar, { description: 'Current price in cents per share (par is 100).' })
  price!: number;

  @Field(() => [PricePointModel], { description: 'Every price the stock has had, in order, starting at par.' })
  history!: PricePointModel[];

  @Field(() => SafeIntScalar, { description: 'How many times the stock split.' })
  splits!: number;

  @Field(() => SafeIntScalar, { description: 'How many times the stock went off the market.' })
  timesOffMarket!: number;
}

@ObjectType('PriceBoard', { description: 'The Quotation Board of a game.' })
export class PriceBoardModel {
  @Field(() => ID)
  gameId!: string;

  @Field(() => SafeIntScalar, { description: 'Current round (0 before the first roll).' })
  round!: number;

  @Field(() => [StockQuoteModel])
  stocks!: StockQuoteModel[];

  @Field(() => SafeIntScalar, { description: 'Global position of the last event folded into the board.' })
  lastPosition!: number;
}
