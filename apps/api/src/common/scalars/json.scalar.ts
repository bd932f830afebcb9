import { GraphQLError, GraphQLScalarType, Kind, type ObjectFieldNode, type ValueNode } from 'graphql';

/** Arbitrary JSON (objects, arrays, strings, numbers, booleans, null). */
export const JsonScalar = new GraphQLScalarType<unknown, unknown>({
  name: 'JSON',
  description: 'Any JSON value: an object, array, string, number, boolean or null.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => parseJsonLiteral(ast, variables ?? undefined),
});

function parseJsonLiteral(ast: ValueNode, variables: Readonly<Record<string, unknown>> | undefined): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.NULL:
      return null;
    case Kind.ENUM:
      return ast.value;
    case Kind.LIST:
      return ast.values.map((item) => parseJsonLiteral(item, variables));
    case Kind.OBJECT:
      return Object.fromEntries(
        ast.fields.map((field: ObjectFieldNode) => [field.name.value, parseJsonLiteral(field.value, variables)]),
      );
    case Kind.VARIABLE:
      return variables?.[ast.name.value];
    default:
      throw new GraphQLError('Not a JSON value');
  }
}
