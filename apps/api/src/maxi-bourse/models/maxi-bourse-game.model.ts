import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { VariantName } from '@corbeille/maxi-bourse';
import { Connection } from '../../common/pagination/connection.model';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import { PlayerModel } from '../../games/models/game.model';
import { MaxiBourseGamePhase, MaxiBourseVariant, type MaxiBoursePhaseValue } from './maxi-bourse-enums';

@ObjectType('MaxiBourseOptions', { description: 'The choices made when the session was opened.' })
export class MaxiBourseOptionsModel {
  @Field(() => MaxiBourseVariant)
  variant!: VariantName;

  @Field(() => SafeIntScalar, { nullable: true, description: 'V: the session closes after this many turns around the table (null: only the other end conditions).' })
  turnLimit!: number | null;

  @Field(() => SafeIntScalar)
  maxPlayers!: number;
}

@ObjectType('MaxiBourseGame', { description: 'A Maxi Bourse game, as its read models show it; Rumours cards follow the requester’s view.' })
export class MaxiBourseGameModel {
  @Field(() => ID)
  id!: string;

  @Field(() => MaxiBourseGamePhase)
  phase!: MaxiBoursePhaseValue;

  @Field(() => [PlayerModel], { description: 'Seats, in seat order.' })
  players!: PlayerModel[];

  @Field(() => SafeIntScalar, { description: 'The turn of play around the table (0 before the first).' })
  tableTurn!: number;

  @Field(() => SafeIntScalar, { nullable: true, description: 'The turn limit (null for none).' })
  turnLimit!: number | null;

  @Field(() => String, { nullable: true, description: 'League or label given at creation.' })
  league!: string | null;

  @Field(() => String, { description: 'ISO-8601.' })
  createdAt!: string;

  @Field(() => String, { description: 'ISO-8601.' })
  updatedAt!: string;

  @Field(() => SafeIntScalar, { description: "Number of events in the game's stream." })
  eventCount!: number;

  @Field(() => SafeIntScalar, { description: 'Global position of the last event folded into the read models.' })
  lastPosition!: number;

  @Field(() => [ID], { description: 'Winners once the session is closed (several on a tie).' })
  winners!: string[];
}

@ObjectType('MaxiBourseGameConnection')
export class MaxiBourseGameConnection extends Connection(MaxiBourseGameModel, 'MaxiBourseGame') {}
