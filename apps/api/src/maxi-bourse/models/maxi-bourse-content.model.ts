import { Field, Int, ObjectType } from '@nestjs/graphql';
import type { CardSeries, VariantName } from '@corbeille/maxi-bourse';
import { MaxiBourseSpaceModel } from './maxi-bourse-board.model';
import { MaxiBourseCardModel } from './maxi-bourse-card.model';
import { MaxiBourseCardSeries, MaxiBourseCompany, MaxiBourseSector, MaxiBourseVariant } from './maxi-bourse-enums';

@ObjectType('MaxiBourseCompanyDefinition', { description: 'A company of the price board.' })
export class MaxiBourseCompanyDefinitionModel {
  @Field(() => MaxiBourseCompany)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => MaxiBourseSector)
  sector!: string;

  @Field(() => Int, { description: 'Nominal value in dollars per share: the opening quotation.' })
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

  @Field(() => [Int], { description: 'The rings of the spiral making up the track.' })
  rings!: number[];

  @Field(() => Int, { description: 'Dollars each player starts with (the cheques of I).' })
  startingCash!: number;

  @Field(() => Int, { description: 'Different companies, 1,000 shares each, in the starting portfolio.' })
  startingCompanies!: number;

  @Field(() => [Int], { description: 'Nominal values the starting companies are chosen from.' })
  startingNominals!: number[];

  @Field(() => Int)
  trackLength!: number;

  @Field(() => [MaxiBourseSpaceModel], { description: 'The track, in play order.' })
  spaces!: MaxiBourseSpaceModel[];
}

@ObjectType('MaxiBourseCardSeriesDefinition', { description: 'A pile: the cards it holds, listed by id (never in the order they are drawn).' })
export class MaxiBourseCardSeriesDefinitionModel {
  @Field(() => MaxiBourseCardSeries)
  series!: CardSeries;

  @Field(() => Int)
  size!: number;

  @Field(() => [MaxiBourseCardModel], { description: 'Sorted by id.' })
  cards!: MaxiBourseCardModel[];
}

@ObjectType('MaxiBourseRules', { description: 'The constants the rules use.' })
export class MaxiBourseRulesModel {
  @Field(() => Int)
  minPlayers!: number;

  @Field(() => Int)
  maxPlayers!: number;

  @Field(() => Int, { description: 'III.1-1: shares per company.' })
  sharesPerCompany!: number;

  @Field(() => Int, { description: 'III.1-1: shares in a lot.' })
  lotSize!: number;

  @Field(() => Int, { description: 'III.1-3, III.7: lots per player in a round of bidding or on a double.' })
  maxLotsPerBid!: number;

  @Field(() => Int, { description: 'Prices move in steps of this many dollars.' })
  priceStep!: number;

  @Field(() => Int, { description: 'No price falls below this.' })
  priceFloor!: number;

  @Field(() => Int, { description: 'III.8: the careless player’s fine.' })
  carelessFine!: number;

  @Field(() => Int, { description: 'V: turns around the table when the options do not say.' })
  defaultTurnLimit!: number;

  @Field(() => Int, { description: 'IV.1: dollars per share on each complete round.' })
  dividendPerShare!: number;

  @Field(() => Int, { description: 'IV.2: shares that make a majority.' })
  majorityShares!: number;

  @Field(() => Int, { description: 'IV.3: the horizontal concentration bonus.' })
  horizontalBonus!: number;

  @Field(() => Int, { description: 'IV.3: the vertical concentration bonus.' })
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

