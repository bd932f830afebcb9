import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Connection } from '../../common/pagination/connection.model';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import { GamePhase, type GamePhaseValue } from './game-enums';
import { GameType, type GameTypeValue } from './game-type.enum';

@ObjectType('Player', { description: 'A seat at the table.' })
export class PlayerModel {
  @Field(() => ID)
  playerId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => SafeIntScalar, { description: '0-based seat, in joining order.' })
  seat!: number;
}

@ObjectType('Game', { description: 'A Stock Ticker game, as its read models show it.' })
export class GameModel {
  @Field(() => ID)
  id!: string;

  @Field(() => GameType, { description: 'Always STOCK_TICKER: other games have their own types (e.g. BolsaGame).' })
  gameType!: GameTypeValue;

  @Field(() => GamePhase)
  phase!: GamePhaseValue;

  @Field(() => [PlayerModel])
  players!: PlayerModel[];

  @Field(() => ID, { nullable: true, description: 'The Broker, who rolls first (null before the start).' })
  brokerId!: string | null;

  @Field(() => SafeIntScalar, { description: 'Current round (0 before the first roll).' })
  round!: number;

  @Field(() => SafeIntScalar, { nullable: true, description: 'The game ends after this many complete rounds (null = no limit).' })
  roundLimit!: number | null;

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

  @Field(() => String, { nullable: true, description: 'League or label given at creation.' })
  league!: string | null;
}

@ObjectType('GameConnection')
export class GameConnection extends Connection(GameModel, 'Game') {}
