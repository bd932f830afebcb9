import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { StockName } from '@corbeille/stock-ticker';
import { JsonScalar } from '../../common/scalars/json.scalar';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import { GameEndReason, GamePhase, Stock, type GamePhaseValue } from './game-enums';
import { HoldingModel } from './portfolio.model';

@ObjectType('StockPrice')
export class StockPriceModel {
  @Field(() => Stock)
  stock!: StockName;

  @Field(() => SafeIntScalar, { description: 'Cents per share.' })
  price!: number;
}

@ObjectType('SnapshotPlayer', { description: 'A player at a point of the game.' })
export class SnapshotPlayerModel {
  @Field(() => ID)
  playerId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => SafeIntScalar, { nullable: true, description: 'Cash in cents (null before the game starts).' })
  cash!: number | null;

  @Field(() => [HoldingModel], { description: 'Holdings valued at the prices of that moment.' })
  holdings!: HoldingModel[];

  @Field(() => SafeIntScalar, { nullable: true, description: 'Loan in cents (null before the game starts).' })
  loan!: number | null;

  @Field(() => SafeIntScalar, {
    nullable: true,
    description: 'Cash plus holdings at the prices of that moment, minus an outstanding loan and its charge (BORROWING), in cents; null before the game starts.',
  })
  netWorth!: number | null;
}

@ObjectType('Standing', { description: "A player's final rank." })
export class StandingModel {
  @Field(() => ID)
  playerId!: string;

  @Field(() => SafeIntScalar, { description: '1 for the winner(s); equal cash shares a rank.' })
  rank!: number;

  @Field(() => SafeIntScalar, { description: 'Cash in cents after liquidation and loan repayment.' })
  finalCash!: number;
}

@ObjectType('GameSnapshot', { description: 'A game as it was after a given event, folded from its stream.' })
export class GameSnapshotModel {
  @Field(() => ID)
  gameId!: string;

  @Field(() => SafeIntScalar, { description: 'Global position of the last event folded.' })
  position!: number;

  @Field(() => SafeIntScalar, { description: 'Stream revision of the last event folded.' })
  revision!: number;

  @Field(() => GamePhase)
  phase!: GamePhaseValue;

  @Field(() => SafeIntScalar, { nullable: true, description: 'Round being played or traded before (null outside those phases).' })
  round!: number | null;

  @Field(() => [StockPriceModel], { description: 'Prices in cents per share (empty before the start).' })
  prices!: StockPriceModel[];

  @Field(() => [SnapshotPlayerModel])
  players!: SnapshotPlayerModel[];

  @Field(() => [StandingModel], { description: 'Final standings (empty until the game is over).' })
  standings!: StandingModel[];

  @Field(() => [ID])
  winners!: string[];

  @Field(() => GameEndReason, { nullable: true })
  endReason!: (typeof GameEndReason)[keyof typeof GameEndReason] | null;

  @Field(() => JsonScalar, { description: "The engine's view of the state for the requester (the access policy says who they are in the game)." })
  state!: unknown;
}
