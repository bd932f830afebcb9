import { Field, Float, ID, ObjectType } from '@nestjs/graphql';
import type { GameType, LeagueKind, LeagueRole, LeagueVisibility, ParticipantKind, StandingsChangeReason } from '@corbeille/identity';
import { Connection } from '../../common/pagination/connection.model';
import { JsonScalar } from '../../common/scalars/json.scalar';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import {
  LeagueGameTypeEnum,
  LeagueKindEnum,
  LeagueRoleEnum,
  LeagueVisibilityEnum,
  ParticipantKindEnum,
  SeasonStatusEnum,
  SeatKindEnum,
  StandingChangeReasonEnum,
  type SeasonStatusValue,
} from './identity-enums';

@ObjectType('LeagueMember')
export class LeagueMemberModel {
  @Field(() => ID)
  accountId!: string;

  @Field(() => String)
  displayName!: string;

  @Field(() => LeagueRoleEnum)
  role!: LeagueRole;

  @Field(() => String, { description: 'The role as the league calls it: organiser, teacher, player, student, spectator.' })
  title!: string;

  @Field(() => String, { description: 'ISO-8601.' })
  addedAt!: string;
}

@ObjectType('TableSeat', { description: 'Who plays a player id of a table.' })
export class TableSeatModel {
  @Field(() => ID)
  playerId!: string;

  @Field(() => SeatKindEnum)
  kind!: 'account' | 'bot';

  @Field(() => ID, { nullable: true })
  accountId!: string | null;

  @Field(() => String, { description: "The account's display name, or the bot's player id." })
  displayName!: string;

  @Field(() => String, { nullable: true, description: "The bot's strategy, when given." })
  botStrategy!: string | null;

  @Field(() => String, { description: 'ISO-8601.' })
  seatedAt!: string;
}

@ObjectType('TableResultStanding')
export class TableResultStandingModel {
  @Field(() => ID)
  playerId!: string;

  @Field(() => SafeIntScalar)
  rank!: number;

  @Field(() => SafeIntScalar, { description: 'Cents.' })
  finalWealth!: number;
}

@ObjectType('TableResult', { description: "A finished game's ranking, as its rules reported it." })
export class TableResultModel {
  @Field(() => String, { description: 'ISO-8601.' })
  finishedAt!: string;

  @Field(() => [TableResultStandingModel])
  standings!: TableResultStandingModel[];
}

@ObjectType('LeagueTable', { description: 'A game of a season: its rules, its id and options, and who sits where.' })
export class LeagueTableModel {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  leagueId!: string;

  @Field(() => ID)
  seasonId!: string;

  @Field(() => LeagueGameTypeEnum)
  gameType!: GameType;

  @Field(() => ID, { description: 'Create the game with this id (and `league` set to the league id) to play the table.' })
  gameId!: string;

  @Field(() => JsonScalar)
  options!: unknown;

  @Field(() => String, { description: 'ISO-8601.' })
  scheduledAt!: string;

  @Field(() => [TableSeatModel])
  seats!: TableSeatModel[];

  @Field(() => TableResultModel, { nullable: true, description: 'Null until the game has finished.' })
  result!: TableResultModel | null;
}

@ObjectType('StandingChange', { description: "A move of a participant's line in the standings, and why." })
export class StandingChangeModel {
  @Field(() => StandingChangeReasonEnum)
  reason!: StandingsChangeReason;

  @Field(() => SafeIntScalar, { description: 'Log position of the event that caused it.' })
  position!: number;

  @Field(() => String, { description: 'ISO-8601.' })
  at!: string;

  @Field(() => ID, { nullable: true })
  tableId!: string | null;

  @Field(() => LeagueGameTypeEnum, { nullable: true })
  gameType!: GameType | null;

  @Field(() => ID, { nullable: true })
  gameId!: string | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'Null when the participant was not ranked before.' })
  rankBefore!: number | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'Null when the participant left the standings.' })
  rank!: number | null;

  @Field(() => SafeIntScalar)
  pointsBefore!: number;

  @Field(() => SafeIntScalar)
  points!: number;

  @Field(() => Float, { nullable: true })
  ratingBefore!: number | null;

  @Field(() => Float, { nullable: true })
  rating!: number | null;

  @Field(() => SafeIntScalar)
  gamesPlayedBefore!: number;

  @Field(() => SafeIntScalar)
  gamesPlayed!: number;
}

@ObjectType('SeasonStanding', { description: "A participant's line in a season's standings." })
export class SeasonStandingModel {
  @Field(() => SafeIntScalar, { description: 'Points, then rating, then total wealth; equal lines share a rank.' })
  rank!: number;

  @Field(() => ID, { description: 'The account id, "bot:<playerId>" or "guest:<playerId>".' })
  participantId!: string;

  @Field(() => ParticipantKindEnum)
  kind!: ParticipantKind;

  @Field(() => ID, { nullable: true })
  accountId!: string | null;

  @Field(() => String)
  displayName!: string;

  @Field(() => SafeIntScalar, { description: "By placement, with the league's scoring table." })
  points!: number;

  @Field(() => SafeIntScalar)
  gamesPlayed!: number;

  @Field(() => SafeIntScalar)
  wins!: number;

  @Field(() => SafeIntScalar, { description: 'Cents, summed over the games played.' })
  totalFinalWealth!: number;

  @Field(() => SafeIntScalar, { description: 'Cents, rounded.' })
  averageFinalWealth!: number;

  @Field(() => Float, { description: 'Multiplayer Elo (pairwise), from 1500, to one decimal (see docs/leagues.md).' })
  rating!: number;

  @Field(() => [StandingChangeModel], { description: 'Every change of this line, oldest first.' })
  history!: StandingChangeModel[];
}

@ObjectType('SeasonResultEntry')
export class SeasonResultEntryModel {
  @Field(() => ID)
  playerId!: string;

  @Field(() => ID)
  participantId!: string;

  @Field(() => ParticipantKindEnum)
  kind!: ParticipantKind;

  @Field(() => String)
  displayName!: string;

  @Field(() => SafeIntScalar)
  rank!: number;

  @Field(() => SafeIntScalar, { description: 'Cents.' })
  finalWealth!: number;

  @Field(() => SafeIntScalar)
  points!: number;

  @Field(() => Float)
  ratingBefore!: number;

  @Field(() => Float)
  ratingAfter!: number;
}

@ObjectType('SeasonResult', { description: 'A counted game of the season, in the order the rating folds them.' })
export class SeasonResultModel {
  @Field(() => ID)
  tableId!: string;

  @Field(() => LeagueGameTypeEnum)
  gameType!: GameType;

  @Field(() => ID)
  gameId!: string;

  @Field(() => String, { description: 'ISO-8601.' })
  finishedAt!: string;

  @Field(() => [SeasonResultEntryModel])
  entries!: SeasonResultEntryModel[];
}

@ObjectType('Season')
export class SeasonModel {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  leagueId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => SeasonStatusEnum, { description: 'A closed season keeps the standings it closed with.' })
  status!: SeasonStatusValue;

  @Field(() => String, { description: 'ISO-8601.' })
  createdAt!: string;

  @Field(() => String, { nullable: true, description: 'ISO-8601.' })
  closedAt!: string | null;

  @Field(() => [LeagueTableModel])
  tables!: LeagueTableModel[];
}

@ObjectType('League', { description: 'A league (club) or a class, with its members and seasons.' })
export class LeagueModel {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => LeagueKindEnum)
  kind!: LeagueKind;

  @Field(() => [SafeIntScalar], { description: 'Points by placement, first place first; further places score 0.' })
  scoring!: number[];

  @Field(() => LeagueVisibilityEnum, { description: "Who may see its games." })
  visibility!: LeagueVisibility;

  @Field(() => String, { description: 'ISO-8601.' })
  createdAt!: string;

  @Field(() => LeagueRoleEnum, { nullable: true, description: "The signed-in account's role here." })
  myRole!: LeagueRole | null;

  @Field(() => [LeagueMemberModel])
  members!: LeagueMemberModel[];

  @Field(() => [SeasonModel])
  seasons!: SeasonModel[];
}

@ObjectType('LeagueConnection')
export class LeagueConnectionModel extends Connection(LeagueModel, 'League') {}

@ObjectType('SeasonExport', { description: "A season's standings and results as a file." })
export class SeasonExportModel {
  @Field(() => ID)
  seasonId!: string;

  @Field(() => String)
  filename!: string;

  @Field(() => String, { description: 'text/csv or application/json.' })
  contentType!: string;

  @Field(() => String)
  content!: string;
}
