import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { LotteryRotation } from '@corbeille/bolsa';
import { Connection } from '../../common/pagination/connection.model';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import { PlayerModel } from '../../games/models/game.model';
import { BolsaGamePhase, BolsaLotteryRotation, type BolsaPhaseValue } from './bolsa-enums';

@ObjectType('BolsaOptions', { description: 'The setup choices of a BOLSA game.' })
export class BolsaOptionsModel {
  @Field(() => SafeIntScalar, { description: 'Step 4: seconds to plan.' })
  planningSeconds!: number;

  @Field(() => SafeIntScalar, { description: 'First month with a deadline (earlier months close when the referee says so).' })
  timedFromMonth!: number;

  @Field(() => SafeIntScalar, { description: 'The last month played: 3, 6, 9 or 12.' })
  lastMonth!: number;

  @Field(() => BolsaLotteryRotation)
  lotteryRotation!: LotteryRotation;
}

@ObjectType('BolsaGame', { description: 'A BOLSA game, as its read models show it; secret parts follow the requester’s view.' })
export class BolsaGameModel {
  @Field(() => ID)
  id!: string;

  @Field(() => BolsaGamePhase)
  phase!: BolsaPhaseValue;

  @Field(() => [PlayerModel], { description: 'Seats, in seat order.' })
  players!: PlayerModel[];

  @Field(() => SafeIntScalar, { description: 'Current month (0 before January).' })
  month!: number;

  @Field(() => SafeIntScalar, { nullable: true, description: 'The last month played: 3, 6, 9 or 12.' })
  lastMonth!: number | null;

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

  @Field(() => [ID], { description: 'Winners once the game is over (several on a tie).' })
  winners!: string[];
}

@ObjectType('BolsaGameConnection')
export class BolsaGameConnection extends Connection(BolsaGameModel, 'BolsaGame') {}
