import { Field, ObjectType } from '@nestjs/graphql';
import type { CardSeries, VariantName } from '@corbeille/maxi-bourse';
import { MaxiBourseSpaceModel } from './maxi-bourse-board.model';
import { MaxiBourseCardModel } from './maxi-bourse-card.model';
import { MaxiBourseCardSeries, MaxiBourseCompany, MaxiBourseSector, MaxiBourseVariant } from './maxi-bourse-enums';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';

@ObjectType('MaxiBourseCompanyDefinition', { description: 'A company of the price board.' })
export class MaxiBourseCompanyDefinitionModel {
  @Field(() => MaxiBourseCompany)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => MaxiBourseSector)
  sector!: string;

  @Field(() => SafeIntScalar, { description: 'Nominal value in dollars per share: the opening quotation.' })
  nominal!: number;
}

@ObjectType('MaxiBourseSectorDefinition')
export class MaxiBourseSectorDefinitionModel {
  @Field(() => MaxiBourseSector)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => [MaxiBourseCompany])
  companies!: string[];
}

@ObjectType('MaxiBourseVariantDefinition', { description: 'One of the games of IV.6.' })
export class MaxiBourseVariantDefinitionModel {
  @Field(() => MaxiBourseVariant)
  variant!: VariantName;

  @Field(() => String)
  label!: string;

  @Field(() => [SafeIntScalar], { description: 'The rings of the spiral making up the track.' })
  rings!: number[];

  @Field(() => SafeIntScalar, { description: 'Dollars each player starts with (the cheques of I).' })
  startingCash!: number;

  @Field(() => SafeIntScalar, { description: 'Different companies, 1,000 shares each, in the starting portfolio.' })
  startingCompanies!: number;

  @Field(() => [SafeIntScalar], { description: 'Nominal values the starting companies are chosen from.' })
  startingNominals!: number[];

  @Field(() => SafeIntScalar)
  trackLength!: number;

  @Field(() => [MaxiBourseSpaceModel], { description: 'The track, in play order.' })
  spaces!: MaxiBourseSpaceModel[];
}

@ObjectType('MaxiBourseCardSeriesDefinition', { description: 'A pile: the cards it holds, listed by id (never in the order they are drawn).' })
export class MaxiBourseCardSeriesDefinitionModel {
  @Field(() => MaxiBourseCardSeries)
  series!: CardSeries;

  @Field(() => SafeIntScalar)
  size!: number;

  @Field(() => [MaxiBourseCardModel], { description: 'Sorted by id.' })
  cards!: MaxiBourseCardModel[];
}

@ObjectType('MaxiBourseRules', { description: 'The constants the rules use.' })
export class MaxiBourseRulesModel {
  @Field(() => SafeIntScalar)
  minPlayers!: number;

  @Field(() => SafeIntScalar)
  maxPlayers!: number;

  @Field(() => SafeIntScalar, { description: 'III.1-1: shares per company.' })
  sharesPerCompany!: number;

  @Field(() => SafeIntScalar, { description: 'III.1-1: shares in a lot.' })
  lotSize!: number;

  @Field(() => SafeIntScalar, { description: 'III.1-3, III.7: lots per player in a round of bidding or on a double.' })
  maxLotsPerBid!: number;

  @Field(() => SafeIntScalar, { description: 'Prices move in steps of this many dollars.' })
  priceStep!: number;

  @Field(() => SafeIntScalar, { description: 'No price falls below this.' })
  priceFloor!: number;

  @Field(() => SafeIntScalar, { description: 'III.8: the careless player’s fine.' })
  carelessFine!: number;

  @Field(() => SafeIntScalar, { description: 'V: turns around the table when the options do not say.' })
  defaultTurnLimit!: number;

  @Field(() => SafeIntScalar, { description: 'IV.1: dollars per share on each complete round.' })
  dividendPerShare!: number;

  @Field(() => SafeIntScalar, { description: 'IV.2: shares that make a majority.' })
  majorityShares!: number;

  @Field(() => SafeIntScalar, { description: 'IV.3: the horizontal concentration bonus.' })
  horizontalBonus!: number;

  @Field(() => SafeIntScalar, { description: 'IV.3: the vertical concentration bonus.' })
  verticalBonus!: number;
}

@ObjectType('MaxiBourseContent', { description: 'Everything printed in the box: companies, sectors, the board of each game, the cards.' })
export class MaxiBourseContentModel {
  @Field(() => [MaxiBourseCompanyDefinitionModel], { description: 'In board order (alphabetical).' })
  companies!: MaxiBourseCompanyDefinitionModel[];

  @Field(() => [MaxiBourseSectorDefinitionModel])
  sectors!: MaxiBourseSectorDefinitionModel[];

  @Field(() => [MaxiBourseVariantDefinitionModel])
  variants!: MaxiBourseVariantDefinitionModel[];

  @Field(() => [MaxiBourseCardSeriesDefinitionModel])
  cardSeries!: MaxiBourseCardSeriesDefinitionModel[];

  @Field(() => MaxiBourseRulesModel)
  rules!: MaxiBourseRulesModel;
}

