import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

/**
 * Integers beyond GraphQL's 32-bit Int, up to 2^53 - 1: every integer the API serves (money, prices, counts,
 * log positions) is one, since any of them can pass 2^31 (a corrected purse, a long game, a busy log).
 */
export const SafeIntScalar = new GraphQLScalarType<number, number>({
  name: 'SafeInt',
  description: "A non-fractional number between -(2^53 - 1) and 2^53 - 1: money in the game's unit, prices, counts and positions in the global event log.",
  serialize: (value) => toSafeInt(value),
  parseValue: (value) => toSafeInt(value),
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.INT) throw new GraphQLError(`SafeInt cannot represent a non-integer value`, { nodes: ast });
    return toSafeInt(Number(ast.value));
  },
});

function toSafeInt(value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  throw new GraphQLError(`SafeInt cannot represent ${JSON.stringify(value)}: expected a safe integer`);
}
