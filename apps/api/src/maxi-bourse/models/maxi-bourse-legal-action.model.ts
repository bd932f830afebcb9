import { Field, ID, ObjectType } from '@nestjs/graphql';
import { MaxiBourseCardModel } from './maxi-bourse-card.model';
import { MaxiBourseActionType, MaxiBourseCompany, type MaxiBourseActionTypeValue } from './maxi-bourse-enums';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';

@ObjectType('MaxiBourseLegalAction', { description: 'A move the player may make now, with its bounds (lots are lots of 1,000 shares).' })
export class MaxiBourseLegalActionModel {
  @Field(() => MaxiBourseActionType)
  type!: MaxiBourseActionTypeValue;

  @Field(() => [MaxiBourseCompany], { description: 'PICK_STARTING_COMPANY: the companies that may be picked.' })
  companies!: string[];

  @Field(() => MaxiBourseCompany, { nullable: true, description: 'The company the move is about.' })
  company!: string | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'The most lots the move may name (the fewest is 0 for a bid or an answer to an offer, 1 otherwise).' })
  maxLots!: number | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'ANSWER_AUCTION: the lots the bidder asked for (a whole request).' })
  lots!: number | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'The price at stake, in dollars per share.' })
  price!: number | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'QUOTE_PREMIUM_PRICE: the lowest price that may be named.' })
  minPrice!: number | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'QUOTE_PREMIUM_PRICE: the highest price offered as a choice.' })
  maxPrice!: number | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'QUOTE_PREMIUM_PRICE: prices go in steps of this many dollars.' })
  step!: number | null;

  @Field(() => ID, { nullable: true, description: 'REQUEST_SHARES: the holder asked.' })
  sellerId!: string | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'PAY_FOR_SHARES: dollars due.' })
  amount!: number | null;

  @Field(() => Boolean, { nullable: true, description: 'CHOOSE_SHARE_COMPANY: whether the lander buys at market price (the company of the space).' })
  atMarketPrice!: boolean | null;

  @Field(() => ID, { nullable: true, description: 'REVEAL_RUMOUR: the card.' })
  cardId!: string | null;

  @Field(() => MaxiBourseCardModel, { nullable: true, description: 'REVEAL_RUMOUR: the card as printed.' })
  card!: MaxiBourseCardModel | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'REVEAL_RUMOUR: the price move it makes.' })
  delta!: number | null;
}
