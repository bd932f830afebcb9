import { InputType } from '@nestjs/graphql';
import { PlayerCommandInput } from './command.input';

@InputType('RollDiceInput')
export class RollDiceInput extends PlayerCommandInput {}
