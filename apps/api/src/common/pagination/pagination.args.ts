import { ArgsType, Field, Int } from '@nestjs/graphql';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

@ArgsType()
export class PaginationArgs {
  @Field(() => Int, { defaultValue: DEFAULT_PAGE_SIZE, description: `Page size, 1 to ${MAX_PAGE_SIZE}.` })
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  first: number = DEFAULT_PAGE_SIZE;

  @Field(() => String, { nullable: true, description: 'Return the items after this cursor (an `endCursor`).' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  after?: string | null;
}
