import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType('PageInfo', { description: 'Relay-style pagination state of a connection.' })
export class PageInfoModel {
  @Field(() => Boolean)
  hasNextPage!: boolean;

  @Field(() => Boolean)
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true, description: 'Cursor of the first edge, null for an empty page.' })
  startCursor!: string | null;

  @Field(() => String, { nullable: true, description: 'Cursor of the last edge; pass it as `after` for the next page.' })
  endCursor!: string | null;
}
