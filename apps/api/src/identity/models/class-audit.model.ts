import { Field, Float, ID, ObjectType } from '@nestjs/graphql';
import type { AuditFlagKind, GameType, ParticipantKind, TradeSide } from '@corbeille/identity';
import { Connection } from '../../common/pagination/connection.model';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import { ClassFlagKindEnum, ClassTradeTypeEnum, LeagueGameTypeEnum, ParticipantKindEnum } from './identity-enums';

@ObjectType('TradeAnnotation', { description: "A teacher's note on a trade: a comment, a flag and a rubric score (any of them)." })
export class TradeAnnotationModel {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  classId!: string;

  @Field(() => ID)
  tradeId!: string;

  @Field(() => LeagueGameTypeEnum)
  gameType!: GameType;

  @Field(() => ID)
  gameId!: string;

  @Field(() => ID)
  playerId!: string;

  @Field(() => ID)
  authorId!: string;

  @Field(() => String)
  authorName!: string;

  @Field(() => String, { nullable: true })
  comment!: string | null;

  @Field(() => Boolean)
  flagged!: boolean;

  @Field(() => SafeIntScalar, { nullable: true, description: 'Rubric score, 0 to 10.' })
  score!: number | null;

  @Field(() => String, { description: 'ISO-8601.' })
  annotatedAt!: string;

  @Field(() => SafeIntScalar, { description: 'Log position of the event that recorded it.' })
  position!: number;
}

@ObjectType('TradeRationale', { description: "A student's short rationale for one of their trades (the trade journal)." })
export class TradeRationaleModel {
  @Field(() => ID)
  classId!: string;

  @Field(() => ID)
  tradeId!: string;

  @Field(() => LeagueGameTypeEnum)
  gameType!: GameType;

  @Field(() => ID)
  gameId!: string;

  @Field(() => ID)
  playerId!: string;

  @Field(() => ID)
  authorId!: string;

  @Field(() => String)
  authorName!: string;

  @Field(() => String)
  rationale!: string;

  @Field(() => String, { description: 'ISO-8601: when the latest version was written.' })
  recordedAt!: string;

  @Field(() => SafeIntScalar)
  position!: number;
}

@ObjectType('ClassTrade', {
  description: "A trade at one of a class's tables, read from the game's events. Money in cents (BOLSA's euros and Maxi Bourse's dollars times 100).",
})
export class ClassTradeModel {
  @Field(() => ID, { description: '`<gameType>:<gameId>:<revision>:<playerId>`: the event that recorded the trade and the seat.' })
  id!: string;

  @Field(() => ID)
  classId!: string;

  @Field(() => ID)
  seasonId!: string;

  @Field(() => ID)
  tableId!: string;

  @Field(() => LeagueGameTypeEnum)
  gameType!: GameType;

  @Field(() => ID)
  gameId!: string;

  @Field(() => ID, { description: "The event's id in the event store." })
  eventId!: string;

  @Field(() => String)
  eventType!: string;

  @Field(() => SafeIntScalar, { description: "The event's position in the global log." })
  position!: number;

  @Field(() => SafeIntScalar, { description: "The event's revision in the game's stream." })
  revision!: number;

  @Field(() => String, { description: 'ISO-8601: when the referee recorded it.' })
  occurredAt!: string;

  @Field(() => SafeIntScalar, { nullable: true, description: "Stock Ticker's round (0: the opening), BOLSA's month, Maxi Bourse's turn around the table." })
  round!: number | null;

  @Field(() => ID)
  playerId!: string;

  @Field(() => ID, { description: 'The account id, "bot:<playerId>" or "guest:<playerId>".' })
  participantId!: string;

  @Field(() => ParticipantKindEnum)
  participantKind!: ParticipantKind;

  @Field(() => ID, { nullable: true, description: "The student's account (null for bots and guests)." })
  studentId!: string | null;

  @Field(() => String)
  studentName!: string;

  @Field(() => ClassTradeTypeEnum)
  type!: TradeSide;

  @Field(() => String)
  company!: string;

  @Field(() => SafeIntScalar)
  shares!: number;

  @Field(() => SafeIntScalar, { description: 'Cents per share.' })
  price!: number;

  @Field(() => SafeIntScalar, { description: 'Cents paid or received.' })
  amount!: number;

  @Field(() => SafeIntScalar, { description: "The company's market price just before the trade, cents per share." })
  marketPrice!: number;

  @Field(() => Float, { nullable: true, description: 'How far the price was from the market price, in percent of it.' })
  deviationPercent!: number | null;

  @Field(() => SafeIntScalar)
  cashBefore!: number;

  @Field(() => SafeIntScalar)
  cashAfter!: number;

  @Field(() => SafeIntScalar, { description: "Shares of the company the seat held before the trade (the trader's position)." })
  sharesBefore!: number;

  @Field(() => SafeIntScalar)
  sharesAfter!: number;

  @Field(() => String, { description: '"broker" (Stock Ticker), "market" (BOLSA), "bank" or the player id of the other seat (Maxi Bourse).' })
  counterparty!: string;

  @Field(() => String, { nullable: true, description: 'How it came about, when the rules tell: "lottery", "purchase" (BOLSA), "premium" (Maxi Bourse).' })
  via!: string | null;

  @Field(() => [ClassFlagKindEnum], { description: 'The flags this trade is part of (teachers only; empty for students).' })
  flags!: AuditFlagKind[];

  @Field(() => TradeRationaleModel, { nullable: true, description: "The student's rationale, if they wrote one." })
  rationale!: TradeRationaleModel | null;

  @Field(() => [TradeAnnotationModel], { description: "The teachers' annotations, oldest first (teachers only; empty for students)." })
  annotations!: TradeAnnotationModel[];
}

@ObjectType('ClassTradeConnection')
export class ClassTradeConnectionModel extends Connection(ClassTradeModel, 'ClassTrade') {}

@ObjectType('TradeAnnotationConnection')
export class TradeAnnotationConnectionModel extends Connection(TradeAnnotationModel, 'TradeAnnotation') {}

@ObjectType('TradeRationaleConnection')
export class TradeRationaleConnectionModel extends Connection(TradeRationaleModel, 'TradeRationale') {}

@ObjectType('ClassFlagSeat')
export class ClassFlagSeatModel {
  @Field(() => LeagueGameTypeEnum)
  gameType!: GameType;

  @Field(() => ID)
  gameId!: string;

  @Field(() => ID)
  playerId!: string;

  @Field(() => ID)
  participantId!: string;

  @Field(() => ID, { nullable: true })
  studentId!: string | null;

  @Field(() => String)
  studentName!: string;
}

@ObjectType('ClassFlag', { description: 'A pattern of trades or plans a teacher may want to look at, found in the log.' })
export class ClassFlagModel {
  @Field(() => ID)
  id!: string;

  @Field(() => ClassFlagKindEnum)
  kind!: AuditFlagKind;

  @Field(() => [ClassFlagSeatModel])
  seats!: ClassFlagSeatModel[];

  @Field(() => [ID], { description: 'The trades it is about.' })
  tradeIds!: string[];

  @Field(() => [SafeIntScalar], { description: 'Log positions of the events behind it.' })
  positions!: number[];

  @Field(() => String)
  firstAt!: string;

  @Field(() => String)
  lastAt!: string;

  @Field(() => SafeIntScalar, { nullable: true, description: "BOLSA's month, for plan flags." })
  month!: number | null;

  @Field(() => Float, { nullable: true })
  deviationPercent!: number | null;

  @Field(() => SafeIntScalar)
  count!: number;

  @Field(() => String)
  message!: string;
}

@ObjectType('ClassExport', { description: "A class's trades or notes as a file." })
export class ClassExportModel {
  @Field(() => ID)
  classId!: string;

  @Field(() => String)
  filename!: string;

  @Field(() => String, { description: 'text/csv.' })
  contentType!: string;

  @Field(() => String)
  content!: string;
}
