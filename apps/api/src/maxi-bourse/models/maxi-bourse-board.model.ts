import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { CardSeries, VariantName } from '@corbeille/maxi-bourse';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import { MaxiBourseCardSeries, MaxiBourseCompany, MaxiBourseSpaceKind, MaxiBourseVariant, type MaxiBourseSpaceKindValue } from './maxi-bourse-enums';

@ObjectType('MaxiBourseSpace', { description: 'A space of the track, in play order.' })
export class MaxiBourseSpaceModel {
  @Field(() => SafeIntScalar, { description: '0 is the first space after the start.' })
  index!: number;

  @Field(() => SafeIntScalar, { description: 'The ring of the spiral (1 to 3).' })
  ring!: number;

  @Field(() => MaxiBourseSpaceKind)
  kind!: MaxiBourseSpaceKindValue;

  @Field(() => MaxiBourseCompany, { nullable: true, description: 'A share space’s company.' })
  company!: string | null;

  @Field(() => MaxiBourseCardSeries, { nullable: true, description: 'A card space’s pile.' })
  series!: CardSeries | null;
}

@ObjectType('MaxiBoursePawn', { description: 'A player’s pawn on the track.' })
export class MaxiBoursePawnModel {
  @Field(() => ID)
  playerId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => SafeIntScalar, { description: '0-based seat, in seat order.' })
  seat!: number;

  @Field(() => SafeIntScalar, { description: 'Index of the space on the track; -1 before the first roll.' })
  position!: number;

  @Field(() => MaxiBourseSpaceModel, { nullable: true, description: 'The space the pawn stands on (null before the first roll).' })
  space!: MaxiBourseSpaceModel | null;

  @Field(() => SafeIntScalar, { description: 'Complete rounds of the track (each one pays out, IV).' })
  circuits!: number;

  @Field(() => SafeIntScalar, { description: 'III.8: turns still to miss for carelessness.' })
  missedTurns!: number;

  @Field(() => Boolean)
  ruined!: boolean;
}

@ObjectType('MaxiBourseBoard', { description: 'The trading floor: the variant’s track and every pawn on it.' })
export class MaxiBourseBoardModel {
  @Field(() => ID)
  gameId!: string;

  @Field(() => MaxiBourseVariant, { nullable: true })
  variant!: VariantName | null;

  @Field(() => SafeIntScalar)
  trackLength!: number;

  @Field(() => [MaxiBourseSpaceModel])
  spaces!: MaxiBourseSpaceModel[];

  @Field(() => [MaxiBoursePawnModel], { description: 'In seat order (empty before the start).' })
  pawns!: MaxiBoursePawnModel[];

  @Field(() => ID, { nullable: true, description: 'Whose turn it is.' })
  roller!: string | null;

  @Field(() => SafeIntScalar, { description: 'The turn of play around the table (0 before the first).' })
  tableTurn!: number;

  @Field(() => [SafeIntScalar], { nullable: true, description: 'The dice of this turn, once rolled.' })
  dice!: number[] | null;

  @Field(() => SafeIntScalar, { description: 'Global position of the last event folded into the board.' })
  lastPosition!: number;
}
