import { Field, InputType } from '@nestjs/graphql';
import { IsString, MaxLength } from 'class-validator';
import { PlayerCommandInput } from './command.input';

@InputType('JoinGameInput')
export class JoinGameInput extends PlayerCommandInput {
  @Field(() => String, { description: "The player's display name." })
  @IsString()
  @MaxLength(200)
  name!: string;
}
