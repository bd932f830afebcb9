import { Field, ObjectType } from '@nestjs/graphql';
import type { CompanyColour, CompanyId, CompanyRisk } from '@corbeille/bolsa';
import { BolsaColour, BolsaCompany, BolsaRisk } from './bolsa-enums';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';

@ObjectType('BolsaCompanyBoard', { description: "A company board: its colour, risk and the two grids printed on it (whole euros)." })
export class BolsaCompanyBoardModel {
  @Field(() => BolsaCompany)
  company!: CompanyId;

  @Field(() => String, { description: 'E.g. "CEREAL SA".' })
  name!: string;

  @Field(() => BolsaColour)
  colour!: CompanyColour;

  @Field(() => BolsaRisk)
  risk!: CompanyRisk;

  @Field(() => [SafeIntScalar], { description: 'Prices from the bottom of the board to the top; a level is an index into this list.' })
  priceGrid!: number[];

  @Field(() => [SafeIntScalar], { description: 'End of Year column: the dividend per share at each level.' })
  dividendGrid!: number[];

  @Field(() => SafeIntScalar, { description: 'The level the blue marker starts on (the 30 EUR box).' })
  startLevel!: number;
}

@ObjectType('BolsaShares', { description: 'A number of shares (or markers) of one company.' })
export class BolsaSharesModel {
  @Field(() => BolsaCompany)
  company!: CompanyId;

  @Field(() => SafeIntScalar)
  shares!: number;
}
