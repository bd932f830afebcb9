import { Field, InputType } from '@nestjs/graphql';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { GameCommandInput } from '../../games/dtos/command.input';

@InputType('RevealGameSeedInput')
export class RevealGameSeedInput extends GameCommandInput {
  @Field(() => String, { description: 'Why the seed is revealed before the end of the game (e.g. the dispute it settles).' })
  @IsString()
  @MinLength(1)
  @MaxLength(500)
  reason!: string;
}
