import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { CompanyId } from '@corbeille/bolsa';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import { BolsaCompany, BolsaGamePhase, type BolsaPhaseValue } from './bolsa-enums';
import { BolsaNewspaperCardModel } from './bolsa-newspaper-card.model';
import { BolsaPlayerPlanModel } from './bolsa-plan.model';

@ObjectType('BolsaPlayedCard', { description: 'A newspaper card turned over and applied.' })
export class BolsaPlayedCardModel {
  @Field(() => ID, { nullable: true, description: 'Its reader (null for the top card when nobody read the newspaper).' })
  playerId!: string | null;

  @Field(() => BolsaNewspaperCardModel)
  card!: BolsaNewspaperCardModel;
}

@ObjectType('BolsaNewspaperHand', { description: "A reader's three cards and the one kept: seen by that reader only." })
export class BolsaNewspaperHandModel {
  @Field(() => [BolsaNewspaperCardModel])
  drawn!: BolsaNewspaperCardModel[];

  @Field(() => BolsaNewspaperCardModel, { nullable: true })
  chosen!: BolsaNewspaperCardModel | null;
}

@ObjectType('BolsaMonthRecord', { description: 'A month played: its revealed plans, who sat out, the cards played.' })
export class BolsaMonthRecordModel {
  @Field(() => SafeIntScalar)
  month!: number;

  @Field(() => [BolsaPlayerPlanModel])
  plans!: BolsaPlayerPlanModel[];

  @Field(() => [ID])
  excluded!: string[];

  @Field(() => [BolsaPlayedCardModel])
  cardsPlayed!: BolsaPlayedCardModel[];
}

@ObjectType('BolsaMonth', { description: 'The month being played: where it is, who has planned, and the plans the requester may see.' })
export class BolsaMonthModel {
  @Field(() => ID)
  gameId!: string;

  @Field(() => SafeIntScalar, { description: '1 (January) to 12 (December).' })
  month!: number;

  @Field(() => String, { description: 'E.g. "January".' })
  monthName!: string;

  @Field(() => SafeIntScalar, { description: '1 to 4.' })
  quarter!: number;

  @Field(() => SafeIntScalar, { description: '1 to 3: the quarter’s prices move in month 3 (Step 3).' })
  monthOfQuarter!: number;

  @Field(() => BolsaGamePhase)
  phase!: BolsaPhaseValue;

  @Field(() => String, { nullable: true, description: 'Step 4 deadline (ISO-8601); null in an untimed month or outside the planning.' })
  deadline!: string | null;

  @Field(() => Boolean, { description: 'Whether this month’s planning has a deadline.' })
  timed!: boolean;

  @Field(() => [ID], { description: 'Players who have handed in their plan this month (not what it says).' })
  planned!: string[];

  @Field(() => [ID], { description: 'Players the game waits for: still planning, or readers still choosing a card.' })
  awaiting!: string[];

  @Field(() => [ID], { description: 'Players who missed the deadline and sit this month out.' })
  excluded!: string[];

  @Field(() => [ID], { description: 'Step 9: the players with most markers on the newspaper.' })
  readers!: string[];

  @Field(() => [ID])
  readersWhoChose!: string[];

  @Field(() => [BolsaPlayedCardModel])
  cardsPlayed!: BolsaPlayedCardModel[];

  @Field(() => [BolsaCompany], { description: 'Companies that cannot be traded this month.' })
  suspended!: CompanyId[];

  @Field(() => SafeIntScalar, { description: 'Cards left in the newspaper deck (its order is secret).' })
  deckSize!: number;

  @Field(() => [BolsaPlayerPlanModel], {
    description: "The plans the requester may see: their own until the reveal, then everyone's (Step 5: in plain sight).",
  })
  plans!: BolsaPlayerPlanModel[];

  @Field(() => BolsaNewspaperHandModel, { nullable: true, description: "The requester's newspaper cards, when they are a reader." })
  myHand!: BolsaNewspaperHandModel | null;

  @Field(() => BolsaMonthRecordModel, { nullable: true, description: 'The month before, with its revealed plans.' })
  previousMonth!: BolsaMonthRecordModel | null;

  @Field(() => SafeIntScalar, { description: 'Global position of the last event this month view was folded from.' })
  lastPosition!: number;
}
