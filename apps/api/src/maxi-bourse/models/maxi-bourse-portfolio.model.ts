import { Field, ID, ObjectType } from '@nestjs/graphql';
import { MaxiBourseCardModel } from './maxi-bourse-card.model';
import { MaxiBourseCompany } from './maxi-bourse-enums';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';

@ObjectType('MaxiBourseHolding', { description: 'Share certificates of one company.' })
export class MaxiBourseHoldingModel {
  @Field(() => MaxiBourseCompany)
  company!: string;

  @Field(() => SafeIntScalar)
  shares!: number;

  @Field(() => SafeIntScalar, { description: 'At the current quotation, in dollars.' })
  value!: number;
}

@ObjectType('MaxiBoursePortfolio', { description: 'A player’s cheques and shares (on the table for all to see) and Rumours cards (counted for all, shown to their holder).' })
export class MaxiBoursePortfolioModel {
  @Field(() => ID)
  playerId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => SafeIntScalar)
  seat!: number;

  @Field(() => SafeIntScalar, { description: 'Dollars.' })
  cash!: number;

  @Field(() => [MaxiBourseHoldingModel], { description: 'Companies held, in board order.' })
  holdings!: MaxiBourseHoldingModel[];

  @Field(() => SafeIntScalar, { description: 'The shares at market price.' })
  shareValue!: number;

  @Field(() => SafeIntScalar, { description: 'Cash plus shares at market price (V).' })
  worth!: number;

  @Field(() => SafeIntScalar, { description: 'Rumours cards held and not yet revealed.' })
  rumourCount!: number;

  @Field(() => [MaxiBourseCardModel], {
    nullable: true,
    description: 'The Rumours cards themselves: for their holder and the referee only (III.5); null for everyone else.',
  })
  rumours!: MaxiBourseCardModel[] | null;

  @Field(() => SafeIntScalar)
  missedTurns!: number;

  @Field(() => Boolean)
  ruined!: boolean;

  @Field(() => SafeIntScalar, { nullable: true, description: 'Final rank once the session is closed.' })
  rank!: number | null;
}

@ObjectType('MaxiBourseStanding', { description: 'V: a player’s valuation when the session closed; equal totals share a rank.' })
export class MaxiBourseStandingModel {
  @Field(() => ID)
  playerId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => SafeIntScalar)
  rank!: number;

  @Field(() => SafeIntScalar)
  cash!: number;

  @Field(() => SafeIntScalar, { description: 'Shares at their stock market value.' })
  shareValue!: number;

  @Field(() => SafeIntScalar)
  total!: number;

  @Field(() => Boolean, { description: 'The richest player still in the running (several on a tie).' })
  winner!: boolean;
}
