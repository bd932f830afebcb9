import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsIn, IsInt, IsOptional, IsString, Length, Min, ValidateNested } from 'class-validator';
import type { StockName } from '@corbeille/stock-ticker';
import { IsEntityId } from '../../common/validation/is-entity-id.validator';
import { Stock, STOCK_NAMES } from '../models/game-enums';
import { CommandInput } from './command.input';

export const TRADING_WINDOW_EVERY = [1, 2, 3] as const;

@InputType('StockTickerOptionsInput', { description: 'Setup choices; anything omitted takes the standard value.' })
export class StockTickerOptionsInput {
  @Field(() => [Stock], { nullable: true, description: 'Stocks on the board (default all six).' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(STOCK_NAMES.length)
  @ArrayUnique()
  @IsIn(STOCK_NAMES, { each: true })
  stocks?: StockName[] | null;

  @Field(() => Int, { nullable: true, description: 'Trading windows open every 1, 2 or 3 complete rounds (default 1).' })
  @IsOptional()
  @IsIn(TRADING_WINDOW_EVERY)
  tradingWindowEvery?: number | null;

  @Field(() => Int, { nullable: true, description: 'End after this many complete rounds; null or absent for no limit.' })
  @IsOptional()
  @IsInt()
  @Min(1)
  roundLimit?: number | null;

  @Field(() => Int, { nullable: true, description: 'End at the first roll this many minutes after the start; null or absent for none.' })
  @IsOptional()
  @IsInt()
  @Min(1)
  timeLimitMinutes?: number | null;

  @Field(() => Int, { nullable: true, description: "Each player's starting cash in cents (default 500000 = $5000.00)." })
  @IsOptional()
  @IsInt()
  @Min(1)
  startingCash?: number | null;

  @Field(() => Int, { nullable: true, description: 'Most players who may join (default 8).' })
  @IsOptional()
  @IsInt()
  @Min(1)
  maxPlayers?: number | null;
}

@InputType('CreateStockTickerGameInput')
export class CreateStockTickerGameInput extends CommandInput {
  @Field(() => ID, { nullable: true, description: 'Id of the new game (UUID or slug). If absent, one is generated (derived from commandId when given).' })
  @IsOptional()
  @IsEntityId()
  gameId?: string | null;

  @Field(() => StockTickerOptionsInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => StockTickerOptionsInput)
  options?: StockTickerOptionsInput | null;

  @Field(() => String, { nullable: true, description: 'League or label the game belongs to.' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  league?: string | null;
}
