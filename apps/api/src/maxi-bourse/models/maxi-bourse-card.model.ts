import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { CardSeries } from '@corbeille/maxi-bourse';
import { MaxiBourseCardSeries, MaxiBourseCompany, MaxiBourseSector } from './maxi-bourse-enums';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';

@ObjectType('MaxiBourseCardEffect', { description: 'What a card does once applied (or, for a rumour, once revealed).' })
export class MaxiBourseCardEffectModel {
  @Field(() => String, { description: 'companyPrice, sectorPrice, receive, pay or sellShares.' })
  kind!: string;

  @Field(() => MaxiBourseCompany, { nullable: true })
  company!: string | null;

  @Field(() => MaxiBourseSector, { nullable: true })
  sector!: string | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'A price move in $ per share (a multiple of 10).' })
  delta!: number | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'Dollars received, paid, or to raise by selling shares.' })
  amount!: number | null;
}

@ObjectType('MaxiBourseCard', { description: 'A card as printed.' })
export class MaxiBourseCardModel {
  @Field(() => ID, { description: 'E.g. RU-01.' })
  id!: string;

  @Field(() => MaxiBourseCardSeries)
  series!: CardSeries;

  @Field(() => String)
  text!: string;

  @Field(() => [MaxiBourseCardEffectModel])
  effects!: MaxiBourseCardEffectModel[];
}
