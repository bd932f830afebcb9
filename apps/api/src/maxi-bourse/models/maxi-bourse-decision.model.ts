import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { MaxiBourseDecisionKind } from '@corbeille/projections';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import { MaxiBourseCompany, MaxiBourseDecisionKindEnum, MaxiBourseGamePhase, type MaxiBoursePhaseValue } from './maxi-bourse-enums';

@ObjectType('MaxiBourseBid', { description: 'III.1-3: a declaration in a round of bidding (made aloud).' })
export class MaxiBourseBidModel {
  @Field(() => ID)
  playerId!: string;

  @Field(() => SafeIntScalar)
  lots!: number;

  @Field(() => String, { description: 'market (the lander’s purchase at market price) or atBest.' })
  basis!: string;
}

@ObjectType('MaxiBourseLotRequest', { description: 'Lots of 1,000 shares asked for by a player.' })
export class MaxiBourseLotRequestModel {
  @Field(() => ID)
  playerId!: string;

  @Field(() => SafeIntScalar)
  lots!: number;
}

@ObjectType('MaxiBourseDecision', {
  description:
    'What the game waits for now and who must answer: the step of the turn or the business on top of the stack. ' +
    'In an auction only who has answered the current step is shown, not what (the answers count as simultaneous).',
})
export class MaxiBourseDecisionModel {
  @Field(() => ID)
  gameId!: string;

  @Field(() => MaxiBourseGamePhase, { nullable: true, description: 'Null only before the game is created.' })
  phase!: MaxiBoursePhaseValue | null;

  @Field(() => MaxiBourseDecisionKindEnum)
  kind!: MaxiBourseDecisionKind;

  @Field(() => SafeIntScalar)
  tableTurn!: number;

  @Field(() => ID, { nullable: true })
  roller!: string | null;

  @Field(() => [SafeIntScalar], { nullable: true })
  dice!: number[] | null;

  @Field(() => [ID], { description: 'Players who must answer now (revealing a rumour or asking for shares is never awaited).' })
  awaiting!: string[];

  @Field(() => [String], { description: 'The business under way, bottom of the stack first (bidding, auction, payment, debt, obligation, sale, premiumRequest).' })
  pending!: string[];

  @Field(() => MaxiBourseCompany, { nullable: true })
  company!: string | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'The price at stake (the quotation, the banker’s auction price, the offer’s price).' })
  price!: number | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'Lots at stake (offered, for sale in an auction, owed, asked for).' })
  lots!: number | null;

  @Field(() => SafeIntScalar, { nullable: true })
  round!: number | null;

  @Field(() => String, { nullable: true, description: 'A player id, or "bank" for the Share Service.' })
  seller!: string | null;

  @Field(() => ID, { nullable: true })
  buyer!: string | null;

  @Field(() => ID, { nullable: true })
  payer!: string | null;

  @Field(() => String, { nullable: true, description: 'A player id, or "bank".' })
  creditor!: string | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'Dollars owed.' })
  amount!: number | null;

  @Field(() => [MaxiBourseBidModel])
  bids!: MaxiBourseBidModel[];

  @Field(() => [MaxiBourseLotRequestModel], { description: 'An auction’s bidders and their requests.' })
  bidders!: MaxiBourseLotRequestModel[];

  @Field(() => [ID], { description: 'Auction: who has answered the current step.' })
  answered!: string[];

  @Field(() => [ID], { description: 'Who speaks in this round of bidding, or answers this offer, in order.' })
  responders!: string[];

  @Field(() => [MaxiBourseLotRequestModel], { description: 'Answers given to the offer so far.' })
  answers!: MaxiBourseLotRequestModel[];

  @Field(() => SafeIntScalar, { nullable: true, description: 'A premium request: the price the seller has named.' })
  quote!: number | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'A premium request: the last price the buyer accepted.' })
  acceptedPrice!: number | null;

  @Field(() => String, { nullable: true, description: 'A sale’s mode, an auction’s purpose, a debt’s stage or a round’s status.' })
  mode!: string | null;

  @Field(() => ID, { nullable: true, description: 'The Strictly Personal card behind an obligation.' })
  cardId!: string | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'Drafting: starting companies picked so far.' })
  picks!: number | null;

  @Field(() => SafeIntScalar)
  lastPosition!: number;
}
