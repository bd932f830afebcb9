import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { MaxiBourseLedgerKind } from '@corbeille/projections';
import { Connection } from '../../common/pagination/connection.model';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import { MaxiBourseCompany, MaxiBourseLedgerKindEnum } from './maxi-bourse-enums';

@ObjectType('MaxiBourseLedgerEntry', { description: 'A line of the trade ledger: a deal struck, shares seized, or a purchase paid.' })
export class MaxiBourseLedgerEntryModel {
  @Field(() => SafeIntScalar)
  position!: number;

  @Field(() => SafeIntScalar)
  revision!: number;

  @Field(() => SafeIntScalar, { description: 'Orders the lines of one event (an auction has a line per buyer).' })
  sequence!: number;

  @Field(() => MaxiBourseLedgerKindEnum)
  kind!: MaxiBourseLedgerKind;

  @Field(() => SafeIntScalar)
  tableTurn!: number;

  @Field(() => ID, { description: 'The player the line is about: the buyer, or the seller when the Share Service buys.' })
  playerId!: string;

  @Field(() => ID, { nullable: true, description: 'Null for the Share Service.' })
  buyer!: string | null;

  @Field(() => ID, { nullable: true, description: 'Null for the Share Service.' })
  seller!: string | null;

  @Field(() => MaxiBourseCompany)
  company!: string;

  @Field(() => SafeIntScalar)
  lots!: number;

  @Field(() => SafeIntScalar)
  shares!: number;

  @Field(() => SafeIntScalar, { description: 'Dollars per share.' })
  price!: number;

  @Field(() => SafeIntScalar, { description: 'Dollars paid for the lots (0 for a seizure).' })
  amount!: number;

  @Field(() => String, { nullable: true, description: 'double, shareSpace, atBest, shortage, sale, voluntary, forced, seizure or premium.' })
  via!: string | null;

  @Field(() => String, { description: 'ISO-8601.' })
  occurredAt!: string;
}

@ObjectType('MaxiBourseLedgerConnection')
export class MaxiBourseLedgerConnection extends Connection(MaxiBourseLedgerEntryModel, 'MaxiBourseLedgerEntry') {}
