import { Field, InputType } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, ValidateNested } from 'class-validator';
import { components, type CompanyId } from '@corbeille/bolsa';
import { PlayerCommandInput } from '../../games/dtos/command.input';
import { BolsaCompany, BolsaMarkerAction, type BolsaMarkerActionValue } from '../models/bolsa-enums';
import { IsMarkerCompany } from './is-marker-company.validator';

/** Far above the rules' five markers: a longer list is not a plan, and is refused before it is read. */
const MAX_MARKER_ENTRIES = 100;

@InputType('BolsaMarkerInput', { description: 'One marker on the player card: a share to sell or buy, or a bid for the newspaper.' })
export class BolsaMarkerInput {
  @Field(() => BolsaMarkerAction)
  @IsIn(Object.values(BolsaMarkerAction))
  action!: BolsaMarkerActionValue;

  @Field(() => BolsaCompany, { nullable: true, description: 'The company of a SELL or BUY marker; none for NEWSPAPER.' })
  @IsMarkerCompany('action')
  company?: CompanyId | null;
}

@InputType('SubmitBolsaPlanInput', {
  description: `Step 4: the plan, one entry per marker (at most ${components.markersPerPlayer}); an empty list places none.`,
})
export class SubmitBolsaPlanInput extends PlayerCommandInput {
  @Field(() => [BolsaMarkerInput])
  @IsArray()
  // The five markers are a rule (Step 4): the engine answers TOO_MANY_MARKERS. This bound only keeps absurd lists out.
  @ArrayMaxSize(MAX_MARKER_ENTRIES, { message: `markers must list at most ${MAX_MARKER_ENTRIES} entries` })
  @ValidateNested({ each: true })
  @Type(() => BolsaMarkerInput)
  markers!: BolsaMarkerInput[];
}
