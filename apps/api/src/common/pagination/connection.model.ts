import type { Type } from '@nestjs/common';
import { Field, ObjectType } from '@nestjs/graphql';
import { decodeCursor, encodeCursor } from './cursor';
import { PageInfoModel } from './page-info.model';
import { SafeIntScalar } from '../scalars/safe-int.scalar';

export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface ConnectionShape<T> {
  edges: Edge<T>[];
  pageInfo: PageInfoModel;
  totalCount: number;
}

/** Builds the `<Name>Edge` type and an abstract base for `<Name>Connection`. */
export function Connection<T>(nodeType: Type<T>, name: string): abstract new () => ConnectionShape<T> {
  @ObjectType(`${name}Edge`)
  class EdgeType implements Edge<T> {
    @Field(() => String, { description: 'Opaque cursor of this edge.' })
    cursor!: string;

    @Field(() => nodeType)
    node!: T;
  }

  @ObjectType({ isAbstract: true })
  abstract class ConnectionType implements ConnectionShape<T> {
    @Field(() => [EdgeType])
    edges!: EdgeType[];

    @Field(() => PageInfoModel)
    pageInfo!: PageInfoModel;

    @Field(() => SafeIntScalar, { description: 'Number of items in the whole list (all pages).' })
    totalCount!: number;
  }

  return ConnectionType;
}

/** A page of an offset-addressed list: cursors encode the offset of each item. */
export function offsetConnection<T>(
  kind: string,
  items: readonly T[],
  offset: number,
  total: number,
): ConnectionShape<T> {
  const edges = items.map((node, index) => ({ cursor: encodeCursor(kind, offset + index), node }));
  return {
    edges,
    totalCount: total,
    pageInfo: {
      hasNextPage: offset + items.length < total,
      hasPreviousPage: offset > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}

/** The offset of the first item after `after` (0 without a cursor). */
export function offsetAfter(kind: string, after: string | null | undefined): number {
  if (after === undefined || after === null) return 0;
  const [offset] = decodeCursor(kind, after, 1);
  return (offset ?? 0) + 1;
}
