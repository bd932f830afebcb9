import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { IsBoolean, IsDivisibleBy, IsIn, IsInt, IsString, Length, Min } from 'class-validator';
import { maxiBourseContent } from '@corbeille/maxi-bourse';
import { IsEntityId } from '../../common/validation/is-entity-id.validator';
import { GameCommandInput, PlayerCommandInput } from '../../games/dtos/command.input';
import { MAXI_BOURSE_COMPANIES, MaxiBourseCompany } from '../models/maxi-bourse-enums';

const { lotSize, priceStep, priceFloor } = maxiBourseContent;
// How many lots a move may name is a rule (III.1-1, III.1-3): the engine answers INVALID_LOTS with the range of that move.
const LOTS = `lots of ${lotSize.toLocaleString('en')} shares`;

/** Input classes per mutation: each names exactly what its engine command needs. */

@InputType('JoinMaxiBourseGameInput')
export class JoinMaxiBourseGameInput extends PlayerCommandInput {
  @Field(() => String, { description: "The player's display name (1 to 40 characters)." })
  @IsString()
  @Length(1, 40)
  name!: string;
}

@InputType('StartMaxiBourseGameInput')
export class StartMaxiBourseGameInput extends GameCommandInput {}

@InputType('CloseMaxiBourseSessionInput')
export class CloseMaxiBourseSessionInput extends GameCommandInput {}

/** A move that names a company. */
@InputType({ isAbstract: true })
abstract class CompanyMoveInput extends PlayerCommandInput {
  @Field(() => MaxiBourseCompany)
  @IsIn(MAXI_BOURSE_COMPANIES)
  company!: string;
}

@InputType('PickMaxiBourseCompanyInput', { description: 'I: one company of the starting portfolio.' })
export class PickMaxiBourseCompanyInput extends CompanyMoveInput {}

@InputType('RollMaxiBourseDiceInput')
export class RollMaxiBourseDiceInput extends PlayerCommandInput {}

@InputType('OfferMaxiBourseSharesInput', { description: `III.2 (before the roll), III.6, III.8 (to raise cash): ${LOTS} offered to the others.` })
export class OfferMaxiBourseSharesInput extends CompanyMoveInput {
  @Field(() => Int)
  @IsInt()
  lots!: number;
}

@InputType('AnswerMaxiBourseSaleOfferInput', { description: 'III.2: how many of the lots offered the player takes; 0 refuses.' })
export class AnswerMaxiBourseSaleOfferInput extends PlayerCommandInput {
  @Field(() => Int)
  @IsInt()
  lots!: number;
}

@InputType('RequestMaxiBourseSharesInput', {
  description: 'III.2: ask the player about to roll for shares (a premium sale); III.1-7: the lander asks a holder of a company the bank has sold out.',
})
export class RequestMaxiBourseSharesInput extends CompanyMoveInput {
  @Field(() => ID, { description: 'The holder asked.' })
  @IsEntityId()
  sellerId!: string;

  @Field(() => Int)
  @IsInt()
  lots!: number;
}

@InputType('QuoteMaxiBoursePremiumInput', { description: 'III.2: the seller names a price above the market price and the last price the buyer accepted.' })
export class QuoteMaxiBoursePremiumInput extends PlayerCommandInput {
  @Field(() => Int, { description: `Dollars per share, in steps of ${priceStep} $.` })
  @IsInt()
  @Min(priceFloor)
  @IsDivisibleBy(priceStep, { message: `a price is named in steps of ${priceStep} $ (prices move by ${priceStep} $)` })
  price!: number;
}

@InputType('DeclineMaxiBourseShareRequestInput', { description: 'III.2: the seller refuses to sell.' })
export class DeclineMaxiBourseShareRequestInput extends PlayerCommandInput {}

@InputType('AnswerMaxiBoursePremiumInput', { description: 'III.2: the buyer accepts or refuses the price named.' })
export class AnswerMaxiBoursePremiumInput extends PlayerCommandInput {
  @Field(() => Boolean)
  @IsBoolean()
  accept!: boolean;
}

@InputType('CloseMaxiBoursePremiumSaleInput', { description: 'III.2: the seller sells at the last price the buyer accepted.' })
export class CloseMaxiBoursePremiumSaleInput extends PlayerCommandInput {}

@InputType('BuyMaxiBourseOnDoubleInput', { description: 'III.7: after a double, 1 or 2 lots of any company at market price.' })
export class BuyMaxiBourseOnDoubleInput extends CompanyMoveInput {
  @Field(() => Int)
  @IsInt()
  lots!: number;
}

@InputType('SkipMaxiBourseDoublePurchaseInput')
export class SkipMaxiBourseDoublePurchaseInput extends PlayerCommandInput {}

@InputType('ChooseMaxiBourseCompanyInput', {
  description: 'III.1-4: the lander’s choice of company binds everyone; the company of the space is bought at market price (III.1-5).',
})
export class ChooseMaxiBourseCompanyInput extends CompanyMoveInput {}

@InputType('PassMaxiBourseShareSpaceInput')
export class PassMaxiBourseShareSpaceInput extends PlayerCommandInput {}

@InputType('DeclareMaxiBourseBidInput', { description: `III.1-3: 0, 1 or 2 ${LOTS} in a round of bidding.` })
export class DeclareMaxiBourseBidInput extends PlayerCommandInput {
  @Field(() => Int)
  @IsInt()
  lots!: number;
}

@InputType('AnswerMaxiBourseAuctionInput', { description: 'III.1-6: stay at the banker’s price or withdraw the whole request.' })
export class AnswerMaxiBourseAuctionInput extends PlayerCommandInput {
  @Field(() => Boolean)
  @IsBoolean()
  stay!: boolean;
}

@InputType('PayMaxiBourseSharesInput', { description: 'The buyer pays for the shares bought (a careless buyer is fined, III.8).' })
export class PayMaxiBourseSharesInput extends PlayerCommandInput {}

@InputType('RevealMaxiBourseRumourInput', { description: 'III.5: the holder reveals a Rumours card; its price change applies at once.' })
export class RevealMaxiBourseRumourInput extends PlayerCommandInput {
  @Field(() => ID, { description: 'A Rumours card the player holds, e.g. RU-01.' })
  @IsString()
  @Length(1, 16)
  cardId!: string;
}
