import { Field, InputType, Int } from '@nestjs/graphql';
import { IsInt, Min } from 'class-validator';
import { PlayerCommandInput } from './command.input';

@InputType('BorrowInput')
export class BorrowInput extends PlayerCommandInput {
  @Field(() => Int, { description: 'Amount to borrow from the Broker, in cents.' })
  @IsInt()
  @Min(1)
  amount!: number;
}
