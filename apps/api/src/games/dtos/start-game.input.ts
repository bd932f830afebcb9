import { Field, ID, InputType } from '@nestjs/graphql';
import { IsOptional } from 'class-validator';
import { IsEntityId } from '../../common/validation/is-entity-id.validator';
import { GameCommandInput } from './command.input';

@InputType('StartGameInput')
export class StartGameInput extends GameCommandInput {
  @Field(() => ID, { nullable: true, description: 'The Broker, who rolls first (default: the first seat).' })
  @IsOptional()
  @IsEntityId()
  brokerId?: string | null;
}
