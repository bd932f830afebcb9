import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { CompanyId } from '@corbeille/bolsa';
import { BolsaCompany } from './bolsa-enums';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';

@ObjectType('BolsaLot', { description: 'Shares of one company bought at one price: the scale on the back of the screen.' })
export class BolsaLotModel {
  @Field(() => SafeIntScalar, { nullable: true, description: 'Price paid per share; null for shares dealt at the start.' })
  price!: number | null;

  @Field(() => SafeIntScalar)
  shares!: number;
}

@ObjectType('BolsaHolding', { description: 'Shares of one company behind a screen.' })
export class BolsaHoldingModel {
  @Field(() => BolsaCompany)
  company!: CompanyId;

  @Field(() => SafeIntScalar)
  shares!: number;

  @Field(() => SafeIntScalar, { description: 'The shares at the blue price, in euros.' })
  value!: number;

  @Field(() => SafeIntScalar, { description: 'What the shares would earn at End of Year at the current dividend.' })
  dividend!: number;

  @Field(() => [BolsaLotModel], {
    nullable: true,
    description: "What was paid for the shares held, oldest first (sales are taken from the oldest): only for the requester's own seat.",
  })
  paid!: BolsaLotModel[] | null;
}

@ObjectType('BolsaPortfolio', { description: "A player's money (public) and shares (behind the screen)." })
export class BolsaPortfolioModel {
  @Field(() => ID)
  playerId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => SafeIntScalar, { description: '0-based seat, in seat order.' })
  seat!: number;

  @Field(() => SafeIntScalar, { description: 'Money in euros (public: the book does not hide money).' })
  cash!: number;

  @Field(() => [BolsaHoldingModel], {
    nullable: true,
    description: 'Shares behind the screen: the owner and the referee see them; everyone once the game is over; null otherwise.',
  })
  holdings!: BolsaHoldingModel[] | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'Cash plus the shares at the blue price (null while the shares are hidden).' })
  worth!: number | null;

  @Field(() => [SafeIntScalar], { description: 'Months the player sat out for missing the deadline.' })
  excludedMonths!: number[];

  @Field(() => SafeIntScalar, { nullable: true, description: 'Final rank once the game is over.' })
  rank!: number | null;
}

@ObjectType('BolsaStanding', { description: "A player's final rank: most money wins, equal money shares the rank." })
export class BolsaStandingModel {
  @Field(() => ID)
  playerId!: string;

  @Field(() => SafeIntScalar)
  rank!: number;

  @Field(() => SafeIntScalar, { description: 'Money after dividends and the final sale, in euros.' })
  cash!: number;
}
