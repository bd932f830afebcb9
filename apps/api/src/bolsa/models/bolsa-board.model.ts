import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { CompanyId } from '@corbeille/bolsa';
import type { BolsaPriceCause } from '@corbeille/projections';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import { BolsaCompanyBoardModel } from './bolsa-company.model';
import { BolsaCompany, BolsaPriceCauseEnum } from './bolsa-enums';

@ObjectType('BolsaPriceMove', { description: 'A move of a blue marker, and the event that made it.' })
export class BolsaPriceMoveModel {
  @Field(() => SafeIntScalar)
  position!: number;

  @Field(() => SafeIntScalar)
  revision!: number;

  @Field(() => SafeIntScalar, { description: 'Month of the move (0 for the opening price).' })
  month!: number;

  @Field(() => SafeIntScalar, { description: 'The new price, in euros.' })
  price!: number;

  @Field(() => SafeIntScalar)
  level!: number;

  @Field(() => BolsaPriceCauseEnum)
  cause!: BolsaPriceCause;
}

@ObjectType('BolsaMonthlyPrice', { description: 'Step 10: the blue marker left in a month’s column.' })
export class BolsaMonthlyPriceModel {
  @Field(() => SafeIntScalar, { description: '0 for the opening price, then 1 (January) to 12 (December).' })
  month!: number;

  @Field(() => SafeIntScalar)
  price!: number;
}

@ObjectType('BolsaQuote', { description: 'A company on the board: its blue price, dividend and history.' })
export class BolsaQuoteModel {
  @Field(() => BolsaCompany)
  company!: CompanyId;

  @Field(() => SafeIntScalar, { description: 'The blue marker’s price, in euros.' })
  price!: number;

  @Field(() => SafeIntScalar, { description: 'The blue marker’s level on the price grid.' })
  level!: number;

  @Field(() => SafeIntScalar, { description: 'The dividend per share at the current price.' })
  dividend!: number;

  @Field(() => SafeIntScalar, { description: 'Shares on the board, in "Shares available".' })
  available!: number;

  @Field(() => [SafeIntScalar], { nullable: 'items', description: 'The trend die of each month of the quarter so far (null until rolled).' })
  trend!: (number | null)[];

  @Field(() => Boolean, { description: 'Shares cannot be bought or sold this month (Suspend Trading).' })
  suspended!: boolean;

  @Field(() => Boolean)
  suspendedNextMonth!: boolean;

  @Field(() => [BolsaMonthlyPriceModel], { description: 'The opening price, then the closing price of each month played.' })
  monthly!: BolsaMonthlyPriceModel[];

  @Field(() => [BolsaPriceMoveModel], { description: 'Every move of the blue marker, in order.' })
  moves!: BolsaPriceMoveModel[];

  @Field(() => BolsaCompanyBoardModel, { description: 'The company’s board: name, colour, price and dividend grids.' })
  board!: BolsaCompanyBoardModel;
}

@ObjectType('BolsaBoard', { description: 'The companies of a BOLSA game, as everyone at the table sees them.' })
export class BolsaBoardModel {
  @Field(() => ID)
  gameId!: string;

  @Field(() => SafeIntScalar, { description: 'Current month (0 before January).' })
  month!: number;

  @Field(() => [BolsaQuoteModel], { description: 'Companies in play, in board order.' })
  companies!: BolsaQuoteModel[];

  @Field(() => SafeIntScalar, { description: 'Global position of the last event folded into the board.' })
  lastPosition!: number;
}
