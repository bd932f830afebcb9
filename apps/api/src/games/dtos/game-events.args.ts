import { ArgsType, Field, Int, OmitType } from '@nestjs/graphql';
import { ArrayMaxSize, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PaginationArgs } from '../../common/pagination/pagination.args';

export const MAX_EVENT_TYPES = 50;
export const MAX_SEARCH_LENGTH = 100;

/**
 * A page of a game's audit trail, forward (`first`/`after`) or backward (`last`/`before`), optionally
 * filtered. `first` has no schema default here so that `last` alone can select the backward direction.
 */
@ArgsType()
export class GameEventsArgs extends OmitType(PaginationArgs, ['first'] as const, ArgsType) {
  @Field(() => Int, { nullable: true, description: `Page size when paging forward, 1 to ${MAX_PAGE_SIZE} (${DEFAULT_PAGE_SIZE} when neither first nor last is given).` })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  first?: number | null;

  @Field(() => Int, { nullable: true, description: `Page size when paging backward, 1 to ${MAX_PAGE_SIZE}: the matching events just before \`before\` (or the last ones).` })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  last?: number | null;

  @Field(() => String, { nullable: true, description: 'Return the items before this cursor (a `startCursor`).' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  before?: string | null;

  @Field(() => [String], { nullable: true, description: `Only events of these types (at most ${MAX_EVENT_TYPES}).` })
  @IsOptional()
  @ArrayMaxSize(MAX_EVENT_TYPES)
  @IsString({ each: true })
  @Matches(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, { each: true, message: 'each value in types must be an event type name (letters, digits and "_", at most 64 characters)' })
  types?: string[] | null;

  @Field(() => String, { nullable: true, description: 'Only events this player issued or whose data names this player id.' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  playerId?: string | null;

  @Field(() => String, { nullable: true, description: 'Only events whose data names this stock or company (case-insensitive).' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  company?: string | null;

  @Field(() => String, { nullable: true, description: `Only events whose type or data contains this text (case-insensitive, at most ${MAX_SEARCH_LENGTH} characters).` })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_SEARCH_LENGTH)
  search?: string | null;
}
