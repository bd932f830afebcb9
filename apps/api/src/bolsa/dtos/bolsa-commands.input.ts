import { Field, ID, InputType } from '@nestjs/graphql';
import { IsString, Length } from 'class-validator';
import { GameCommandInput, PlayerCommandInput } from '../../games/dtos/command.input';

@InputType('JoinBolsaGameInput')
export class JoinBolsaGameInput extends PlayerCommandInput {
  @Field(() => String, { description: "The player's display name (1 to 40 characters)." })
  @IsString()
  @Length(1, 40)
  name!: string;
}

@InputType('StartBolsaGameInput')
export class StartBolsaGameInput extends GameCommandInput {}

@InputType('CloseBolsaPlanningInput')
export class CloseBolsaPlanningInput extends GameCommandInput {}

@InputType('ChooseBolsaNewspaperCardInput')
export class ChooseBolsaNewspaperCardInput extends PlayerCommandInput {
  @Field(() => ID, { description: 'One of the three cards the reader drew.' })
  @IsString()
  @Length(1, 64)
  cardId!: string;
}
