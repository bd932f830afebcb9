import { InputType } from '@nestjs/graphql';
import { PlayerCommandInput } from './command.input';

@InputType('FinishTradingInput')
export class FinishTradingInput extends PlayerCommandInput {}
