import { ArgsType, Field, ID, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  GAME_TYPES,
  LEAGUE_KINDS,
  LEAGUE_ROLES,
  LEAGUE_VISIBILITIES,
  MAX_POINTS_PER_PLACE,
  MAX_SCORING_PLACES,
  type GameType,
  type LeagueKind,
  type LeagueRole,
  type LeagueVisibility,
} from '@corbeille/identity';
import { PaginationArgs } from '../../common/pagination/pagination.args';
import { JsonScalar } from '../../common/scalars/json.scalar';
import { IsEntityId } from '../../common/validation/is-entity-id.validator';
import {
  LeagueGameTypeEnum,
  LeagueKindEnum,
  LeagueRoleEnum,
  LeagueVisibilityEnum,
  SeasonExportFormatEnum,
  SeasonExportPartEnum,
  type SeasonExportFormatValue,
} from '../models/identity-enums';
import type { SeasonExportPart } from '@corbeille/identity';

@InputType({ isAbstract: true })
export abstract class IdentityCommandInput {
  @Field(() => ID, { nullable: true, description: 'Idempotency key (UUID or slug): a retried request with the same id is applied once.' })
  @IsOptional()
  @IsEntityId()
  commandId?: string | null;
}

@InputType('CreateLeagueInput')
export class CreateLeagueInput extends IdentityCommandInput {
  @Field(() => String)
  @IsString()
  @Length(1, 80)
  name!: string;

  @Field(() => LeagueKindEnum, { defaultValue: LeagueKindEnum.LEAGUE })
  @IsIn(LEAGUE_KINDS)
  kind: LeagueKind = 'league';

  @Field(() => [Int], { nullable: true, description: 'Points by placement, best first (default [10, 6, 4, 3, 2, 1]).' })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_SCORING_PLACES)
  @IsInt({ each: true })
  @Min(0, { each: true })
  @Max(MAX_POINTS_PER_PLACE, { each: true })
  scoring?: number[] | null;

  @Field(() => LeagueVisibilityEnum, { nullable: true, description: "Who may see its games: PUBLIC by default for a league; a class's are always MEMBERS." })
  @IsOptional()
  @IsIn(LEAGUE_VISIBILITIES)
  visibility?: LeagueVisibility | null;
}

@InputType('SetLeagueVisibilityInput')
export class SetLeagueVisibilityInput extends IdentityCommandInput {
  @Field(() => ID)
  @IsEntityId()
  leagueId!: string;

  @Field(() => LeagueVisibilityEnum)
  @IsIn(LEAGUE_VISIBILITIES)
  visibility!: LeagueVisibility;
}

@InputType('AddLeagueMemberInput')
export class AddLeagueMemberInput extends IdentityCommandInput {
  @Field(() => ID)
  @IsEntityId()
  leagueId!: string;

  @Field(() => ID, { nullable: true, description: 'The account to add; or give its `email` instead.' })
  @IsOptional()
  @IsEntityId()
  accountId?: string | null;

  @Field(() => String, { nullable: true, description: 'The email of the account to add (instead of `accountId`).' })
  @IsOptional()
  @IsString()
  @Length(3, 254)
  email?: string | null;

  @Field(() => LeagueRoleEnum, { description: 'Adding a member again with another role changes their role.' })
  @IsIn(LEAGUE_ROLES)
  role!: LeagueRole;
}

@InputType('CreateSeasonInput')
export class CreateSeasonInput extends IdentityCommandInput {
  @Field(() => ID)
  @IsEntityId()
  leagueId!: string;

  @Field(() => String)
  @IsString()
  @Length(1, 80)
  name!: string;
}

@InputType('ScheduleTableInput')
export class ScheduleTableInput extends IdentityCommandInput {
  @Field(() => ID)
  @IsEntityId()
  seasonId!: string;

  @Field(() => LeagueGameTypeEnum)
  @IsIn(GAME_TYPES)
  gameType!: GameType;

  @Field(() => ID, { nullable: true, description: 'The id the game is (or will be) created with; generated when absent.' })
  @IsOptional()
  @IsEntityId()
  gameId?: string | null;

  @Field(() => JsonScalar, { nullable: true, description: "The game's options, as its create mutation takes them (a JSON object)." })
  @IsOptional()
  @IsObject()
  options?: Record<string, unknown> | null;
}

@InputType('BotSeatInput')
export class BotSeatInput {
  @Field(() => String, { nullable: true, description: 'A strategy name, e.g. "greedy".' })
  @IsOptional()
  @IsString()
  @Matches(/^[a-z][a-z0-9-]{0,31}$/)
  strategy?: string | null;
}

@InputType('SeatPlayerInput', { description: 'Seats an account or a bot under a player id of a table: give exactly one of accountId and bot.' })
export class SeatPlayerInput extends IdentityCommandInput {
  @Field(() => ID)
  @IsEntityId()
  tableId!: string;

  @Field(() => ID, { description: 'The player id the seat has in the game.' })
  @IsEntityId()
  playerId!: string;

  @Field(() => ID, { nullable: true, description: 'A member (player or organiser) of the league.' })
  @IsOptional()
  @IsEntityId()
  accountId?: string | null;

  @Field(() => BotSeatInput, { nullable: true, description: 'A bot, played by the referee.' })
  @IsOptional()
  @ValidateNested()
  @Type(() => BotSeatInput)
  bot?: BotSeatInput | null;
}

@InputType('CloseSeasonInput')
export class CloseSeasonInput extends IdentityCommandInput {
  @Field(() => ID)
  @IsEntityId()
  seasonId!: string;
}

@ArgsType()
export class LeaguesArgs extends PaginationArgs {}

@ArgsType()
export class LeagueArgs {
  @Field(() => ID)
  @IsEntityId()
  id!: string;
}

@ArgsType()
export class SeasonExportArgs {
  @Field(() => ID)
  @IsEntityId()
  seasonId!: string;

  @Field(() => SeasonExportFormatEnum, { defaultValue: SeasonExportFormatEnum.CSV })
  @IsIn(Object.values(SeasonExportFormatEnum))
  format: SeasonExportFormatValue = 'csv';

  @Field(() => SeasonExportPartEnum, { defaultValue: SeasonExportPartEnum.ALL })
  @IsIn(Object.values(SeasonExportPartEnum))
  part: SeasonExportPart = 'all';
}
