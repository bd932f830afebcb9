import { Field, ID, ObjectType } from '@nestjs/graphql';
import { GameEventModel } from './game-event.model';
import { GameModel } from './game.model';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';

@ObjectType('CommandOutcome', { description: 'What a move did: the events it recorded and the game after it.' })
export class CommandOutcomeModel {
  @Field(() => ID)
  gameId!: string;

  @Field(() => [GameEventModel], { description: 'Events recorded by this command (the original ones for a repeat).' })
  events!: GameEventModel[];

  @Field(() => SafeIntScalar, { nullable: true, description: "The stream's revision after the command." })
  revision!: number | null;

  @Field(() => Boolean, { description: 'True when this commandId had already been applied: nothing new was written.' })
  alreadyApplied!: boolean;

  @Field(() => GameModel)
  game!: GameModel;
}
