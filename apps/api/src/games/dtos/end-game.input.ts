import { Field, InputType } from '@nestjs/graphql';
import { IsIn } from 'class-validator';
import { EndGameReason, type EndGameReasonValue } from '../models/game-enums';
import { GameCommandInput } from './command.input';

@InputType('EndGameInput')
export class EndGameInput extends GameCommandInput {
  @Field(() => EndGameReason)
  @IsIn(Object.values(EndGameReason))
  reason!: EndGameReasonValue;
}
