import { Field, InputType, Int } from '@nestjs/graphql';
import { IsIn, IsInt, Min } from 'class-validator';
import type { StockName } from '@corbeille/stock-ticker';
import { Stock, STOCK_NAMES } from '../models/game-enums';
import { PlayerCommandInput } from './command.input';

@InputType({ isAbstract: true })
export abstract class TradeSharesInput extends PlayerCommandInput {
  @Field(() => Stock)
  @IsIn(STOCK_NAMES)
  stock!: StockName;

  @Field(() => Int, { description: 'Number of shares, a positive multiple of the lot (500).' })
  @IsInt()
  @Min(1)
  shares!: number;
}
