import { InputType } from '@nestjs/graphql';
import { TradeSharesInput } from './trade-shares.input';

@InputType('SellSharesInput')
export class SellSharesInput extends TradeSharesInput {}
