import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Connection } from '../../common/pagination/connection.model';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import { PlayerModel } from './game.model';
import { GameType, type GameTypeValue } from './game-type.enum';

@ObjectType('GameSummary', { description: 'Any game, whatever its type: what every game has in common. Query the game by its type for the rest.' })
export class GameSummaryModel {
  @Field(() => ID)
  id!: string;

  @Field(() => GameType)
  gameType!: GameTypeValue;

  @Field(() => String, { description: "The engine's phase, in its own words (e.g. rolling for Stock Ticker, planning for BOLSA)." })
  phase!: string;

  @Field(() => [PlayerModel])
  players!: PlayerModel[];

  @Field(() => SafeIntScalar, { description: 'The round (Stock Ticker) or month (BOLSA) being played; 0 before the first.' })
  round!: number;

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

@ObjectType('GameSummaryConnection')
export class GameSummaryConnection extends Connection(GameSummaryModel, 'GameSummary') {}
