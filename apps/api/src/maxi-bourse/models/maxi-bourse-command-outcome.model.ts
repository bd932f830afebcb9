import { Field, ID, ObjectType } from '@nestjs/graphql';
import { GameEventModel } from '../../games/models/game-event.model';
import { MaxiBourseGameModel } from './maxi-bourse-game.model';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';

@ObjectType('MaxiBourseCommandOutcome', {
  description: 'What a Maxi Bourse move did: the events it recorded (as the requester may see them) and the game after it.',
})
export class MaxiBourseCommandOutcomeModel {
  @Field(() => ID)
  gameId!: string;

  @Field(() => [GameEventModel], { description: 'Events recorded by this command (the original ones for a repeat), secrets left out.' })
  events!: GameEventModel[];

  @Field(() => SafeIntScalar, { nullable: true, description: "The stream's revision after the command." })
  revision!: number | null;

  @Field(() => Boolean, { description: 'True when this commandId had already been applied: nothing new was written.' })
  alreadyApplied!: boolean;

  @Field(() => MaxiBourseGameModel)
  game!: MaxiBourseGameModel;
}
