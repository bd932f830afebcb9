import { Field, ID, ObjectType } from '@nestjs/graphql';
import { JsonScalar } from '../../common/scalars/json.scalar';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import { MaxiBourseCompany, MaxiBourseGamePhase, type MaxiBoursePhaseValue } from './maxi-bourse-enums';

@ObjectType('MaxiBourseShares', { description: 'Shares of one company.' })
export class MaxiBourseSharesModel {
  @Field(() => MaxiBourseCompany)
  company!: string;

  @Field(() => SafeIntScalar)
  shares!: number;
}

@ObjectType('MaxiBoursePrice')
export class MaxiBoursePriceModel {
  @Field(() => MaxiBourseCompany)
  company!: string;

  @Field(() => SafeIntScalar)
  price!: number;
}

@ObjectType('MaxiBourseSnapshotPlayer', { description: 'A player at a point of the game, as the requester may see them.' })
export class MaxiBourseSnapshotPlayerModel {
  @Field(() => ID)
  playerId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => SafeIntScalar)
  cash!: number;

  @Field(() => [MaxiBourseSharesModel])
  holdings!: MaxiBourseSharesModel[];

  @Field(() => SafeIntScalar)
  position!: number;

  @Field(() => SafeIntScalar)
  rumourCount!: number;

  @Field(() => [ID], { nullable: true, description: 'The Rumours cards held: for their holder and the referee only.' })
  rumours!: string[] | null;

  @Field(() => Boolean)
  ruined!: boolean;
}

@ObjectType('MaxiBourseSnapshot', { description: 'A Maxi Bourse game as it was after a given event, folded from its stream and seen as the requester may.' })
export class MaxiBourseSnapshotModel {
  @Field(() => ID)
  gameId!: string;

  @Field(() => SafeIntScalar, { description: 'Global position of the last event folded.' })
  position!: number;

  @Field(() => SafeIntScalar, { description: 'Stream revision of the last event folded.' })
  revision!: number;

  @Field(() => MaxiBourseGamePhase)
  phase!: MaxiBoursePhaseValue;

  @Field(() => SafeIntScalar, { nullable: true, description: 'The turn around the table being played (null outside play).' })
  tableTurn!: number | null;

  @Field(() => ID, { nullable: true, description: 'Whose turn it is (null outside play).' })
  roller!: string | null;

  @Field(() => [MaxiBoursePriceModel], { description: 'Quotations (empty before the start).' })
  prices!: MaxiBoursePriceModel[];

  @Field(() => [MaxiBourseSnapshotPlayerModel])
  players!: MaxiBourseSnapshotPlayerModel[];

  @Field(() => JsonScalar, { description: "The engine's view of the state for the requester (MaxiBourseView)." })
  state!: unknown;
}
