import { InputType } from '@nestjs/graphql';
import { TradeSharesInput } from './trade-shares.input';

@InputType('BuySharesInput')
export class BuySharesInput extends TradeSharesInput {}
