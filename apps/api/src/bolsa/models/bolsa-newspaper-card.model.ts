import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { CompanyId } from '@corbeille/bolsa';
import { BolsaCompany } from './bolsa-enums';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';

@ObjectType('BolsaCardMove')
export class BolsaCardMoveModel {
  @Field(() => BolsaCompany)
  company!: CompanyId;

  @Field(() => SafeIntScalar, { description: 'Levels the blue marker moves (negative: down).' })
  levels!: number;
}

@ObjectType('BolsaNewspaperCard', { description: 'A "Finance & Stock" card.' })
export class BolsaNewspaperCardModel {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  headline!: string;

  @Field(() => [BolsaCardMoveModel], { description: 'Price moves (empty for Suspend Trading).' })
  moves!: BolsaCardMoveModel[];

  @Field(() => BolsaCompany, { nullable: true, description: 'Suspend Trading: the company whose shares cannot be traded next month.' })
  suspends!: CompanyId | null;
}
