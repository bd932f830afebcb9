import { Field, ObjectType } from '@nestjs/graphql';
import type { CompanyId } from '@corbeille/bolsa';
import { BolsaSharesModel } from './bolsa-company.model';
import { BolsaActionType, BolsaCompany, type BolsaActionTypeValue } from './bolsa-enums';
import { BolsaNewspaperCardModel } from './bolsa-newspaper-card.model';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';

@ObjectType('BolsaLegalAction', { description: 'A move the player may make now, with its bounds.' })
export class BolsaLegalActionModel {
  @Field(() => BolsaActionType)
  type!: BolsaActionTypeValue;

  @Field(() => SafeIntScalar, { nullable: true, description: 'A plan: markers the player has (5).' })
  maxMarkers!: number | null;

  @Field(() => [BolsaSharesModel], { description: 'A plan: companies the player holds, with the most shares worth planning to sell.' })
  sellable!: BolsaSharesModel[];

  @Field(() => [BolsaCompany], { description: 'A plan: companies that may be bought this month.' })
  buyable!: CompanyId[];

  @Field(() => String, { nullable: true, description: 'A plan: the deadline (ISO-8601), null when untimed.' })
  deadline!: string | null;

  @Field(() => [BolsaNewspaperCardModel], { description: 'A newspaper choice: the cards drawn.' })
  cards!: BolsaNewspaperCardModel[];
}
