import { Field, ID, ObjectType } from '@nestjs/graphql';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import { MaxiBourseCompany, MaxiBourseSector } from './maxi-bourse-enums';

@ObjectType('MaxiBourseDirectorsFee', { description: 'IV.2: the value of 1,000 shares of a company where the player holds a majority.' })
export class MaxiBourseDirectorsFeeModel {
  @Field(() => MaxiBourseCompany)
  company!: string;

  @Field(() => SafeIntScalar)
  price!: number;

  @Field(() => SafeIntScalar)
  amount!: number;
}

@ObjectType('MaxiBourseBonus', { description: 'IV.3: a horizontal (one sector) or vertical (three sectors) concentration bonus.' })
export class MaxiBourseBonusModel {
  @Field(() => MaxiBourseSector, { nullable: true, description: 'The sector of a horizontal concentration.' })
  sector!: string | null;

  @Field(() => [MaxiBourseCompany])
  companies!: string[];

  @Field(() => SafeIntScalar)
  amount!: number;
}

@ObjectType('MaxiBoursePayout', { description: 'IV: what a player earned on completing a round of the track, item by item.' })
export class MaxiBoursePayoutModel {
  @Field(() => SafeIntScalar, { description: 'Position of the CircuitCompleted event.' })
  position!: number;

  @Field(() => SafeIntScalar)
  revision!: number;

  @Field(() => ID)
  playerId!: string;

  @Field(() => SafeIntScalar, { description: 'The player’s round of the track (1 for the first).' })
  circuit!: number;

  @Field(() => SafeIntScalar)
  tableTurn!: number;

  @Field(() => SafeIntScalar, { description: 'IV.1: 10 $ per share.' })
  dividend!: number;

  @Field(() => SafeIntScalar, { description: 'Shares the dividend was paid on.' })
  dividendShares!: number;

  @Field(() => [MaxiBourseDirectorsFeeModel])
  directorsFees!: MaxiBourseDirectorsFeeModel[];

  @Field(() => [MaxiBourseBonusModel])
  horizontalBonuses!: MaxiBourseBonusModel[];

  @Field(() => [MaxiBourseBonusModel])
  verticalBonuses!: MaxiBourseBonusModel[];

  @Field(() => SafeIntScalar, { description: 'Everything paid for this round, in dollars.' })
  total!: number;
}
