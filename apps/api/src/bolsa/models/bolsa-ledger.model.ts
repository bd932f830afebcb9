import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { CompanyId } from '@corbeille/bolsa';
import type { BolsaLedgerKind } from '@corbeille/projections';
import { Connection } from '../../common/pagination/connection.model';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import { BolsaCompany, BolsaLedgerKindEnum } from './bolsa-enums';

@ObjectType('BolsaLedgerEntry', { description: 'A line of the ledger: a sale, a purchase, a lottery draw, a dividend or the final sale.' })
export class BolsaLedgerEntryModel {
  @Field(() => SafeIntScalar)
  position!: number;

  @Field(() => SafeIntScalar)
  revision!: number;

  @Field(() => SafeIntScalar, { description: 'Orders the lines of one event (a dividend event has a line per player).' })
  sequence!: number;

  @Field(() => BolsaLedgerKindEnum)
  kind!: BolsaLedgerKind;

  @Field(() => SafeIntScalar, { description: 'Month of the line (0 for the End of Year).' })
  month!: number;

  @Field(() => ID)
  playerId!: string;

  @Field(() => BolsaCompany)
  company!: CompanyId;

  @Field(() => SafeIntScalar, { description: 'Shares sold, bought, paid on or liquidated (1 for a draw).' })
  shares!: number;

  @Field(() => SafeIntScalar, { nullable: true, description: 'Euros per share (the dividend per share for a dividend); null for a draw.' })
  price!: number | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'Euros received or paid; null for a draw.' })
  amount!: number | null;

  @Field(() => String, { nullable: true, description: 'A purchase: "purchase" (from the board) or "lottery".' })
  via!: string | null;

  @Field(() => Boolean, { nullable: true, description: 'A draw: whether the share was real.' })
  real!: boolean | null;

  @Field(() => SafeIntScalar, { nullable: true, description: "A draw: its number in the company's lottery." })
  draw!: number | null;

  @Field(() => String, { description: 'ISO-8601.' })
  occurredAt!: string;
}

@ObjectType('BolsaLedgerConnection')
export class BolsaLedgerConnection extends Connection(BolsaLedgerEntryModel, 'BolsaLedgerEntry') {}
