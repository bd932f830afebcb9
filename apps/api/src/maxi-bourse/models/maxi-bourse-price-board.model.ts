import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { MaxiBoursePriceCause } from '@corbeille/projections';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import { MaxiBourseCompany, MaxiBoursePriceCauseEnum, MaxiBourseSector } from './maxi-bourse-enums';

@ObjectType('MaxiBoursePricePoint', { description: 'A quotation, and the event that set it.' })
export class MaxiBoursePricePointModel {
  @Field(() => SafeIntScalar)
  position!: number;

  @Field(() => SafeIntScalar)
  revision!: number;

  @Field(() => SafeIntScalar)
  tableTurn!: number;

  @Field(() => SafeIntScalar, { description: 'Dollars per share.' })
  price!: number;

  @Field(() => MaxiBoursePriceCauseEnum)
  cause!: MaxiBoursePriceCause;
}

@ObjectType('MaxiBourseQuote', { description: 'A company on the price board.' })
export class MaxiBourseQuoteModel {
  @Field(() => MaxiBourseCompany)
  company!: string;

  @Field(() => String)
  name!: string;

  @Field(() => MaxiBourseSector)
  sector!: string;

  @Field(() => SafeIntScalar, { description: 'Nominal value: the opening quotation.' })
  nominal!: number;

  @Field(() => SafeIntScalar, { description: 'The current quotation, in dollars per share.' })
  price!: number;

  @Field(() => SafeIntScalar, { description: 'Shares still held by the Share Service.' })
  bankShares!: number;

  @Field(() => [MaxiBoursePricePointModel], { description: 'Every quotation, starting at the nominal value.' })
  history!: MaxiBoursePricePointModel[];
}

@ObjectType('MaxiBoursePriceBoard', { description: 'The quotations of the 40 companies, as everyone at the table sees them.' })
export class MaxiBoursePriceBoardModel {
  @Field(() => ID)
  gameId!: string;

  @Field(() => SafeIntScalar)
  tableTurn!: number;

  @Field(() => [MaxiBourseQuoteModel], { description: 'In the order of the board (alphabetical); empty before the start.' })
  companies!: MaxiBourseQuoteModel[];

  @Field(() => SafeIntScalar)
  lastPosition!: number;
}
