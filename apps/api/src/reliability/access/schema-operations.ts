import {
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isInterfaceType,
  isScalarType,
  isUnionType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';

export type OperationKind = 'query' | 'mutation' | 'subscription';

export interface SchemaOperation {
  /** `Query.games`, `Mutation.buyShares`, `Subscription.priceBoard`. */
  readonly key: string;
  readonly kind: OperationKind;
  readonly field: GraphQLField<unknown, unknown>;
}

/** The schema as the server publishes it (introspection over HTTP, like any client). */
export async function introspect(post: (body: Readonly<Record<string, unknown>>) => Promise<unknown>): Promise<GraphQLSchema> {
  const answer = (await post({ query: getIntrospectionQuery() })) as { data?: IntrospectionQuery };
  if (!answer.data) throw new Error(`introspection failed: ${JSON.stringify(answer)}`);
  return buildClientSchema(answer.data);
}

export function operationsOf(schema: GraphQLSchema): SchemaOperation[] {
  const roots: [OperationKind, string, ReturnType<GraphQLSchema['getQueryType']>][] = [
    ['query', 'Query', schema.getQueryType()],
    ['mutation', 'Mutation', schema.getMutationType()],
    ['subscription', 'Subscription', schema.getSubscriptionType()],
  ];
  return roots.flatMap(([kind, name, type]) =>
    Object.values(type?.getFields() ?? {})
      .map((field) => ({ key: `${name}.${field.name}`, kind, field }))
      .sort((a, b) => a.key.localeCompare(b.key)),
  );
}

/** Chooses the value of an argument or input field by its name; `undefined` leaves it to the type. */
export type ValueChooser = (name: string, type: GraphQLInputType) => unknown;

/** A value for every required argument (and required input field), from `choose` or else from its type. */
export function argumentsFor(field: GraphQLField<unknown, unknown>, choose: ValueChooser): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const argument of field.args) {
    if (!isRequired(argument)) continue;
    args[argument.name] = valueFor(argument.name, argument.type, choose);
  }
  return args;
}

function isRequired(argument: Pick<GraphQLArgument, 'type' | 'defaultValue'>): boolean {
  return isNonNullType(argument.type) && argument.defaultValue === undefined;
}

function valueFor(name: string, type: GraphQLInputType, choose: ValueChooser): unknown {
  const chosen = choose(name, type);
  if (chosen !== undefined) return chosen;
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return [valueFor(name, inner.ofType, choose)];
  if (isInputObjectType(inner)) {
    const value: Record<string, unknown> = {};
    for (const field of Object.values(inner.getFields())) {
      if (isRequired(field)) value[field.name] = valueFor(field.name, field.type, choose);
    }
    return value;
  }
  if (isEnumType(inner)) return inner.getValues()[0]?.value;
  if (isScalarType(inner)) {
    switch (inner.name) {
      case 'Int':
      case 'SafeInt':
      case 'Float':
        return 1;
      case 'Boolean':
        return false;
      case 'JSON':
        return {};
      default:
        return 'x';
    }
  }
  return null;
}

/** The operation with its arguments as variables; `selection` of the result ('__typename' for a shallow one). */
export function documentFor(operation: SchemaOperation, args: Readonly<Record<string, unknown>>, selection: string): string {
  const names = Object.keys(args);
  const definitions = names.map((name) => `$${name}: ${String(operation.field.args.find((arg) => arg.name === name)?.type)}`);
  const passed = names.map((name) => `${name}: $${name}`);
  const head = definitions.length > 0 ? `(${definitions.join(', ')})` : '';
  const call = passed.length > 0 ? `(${passed.join(', ')})` : '';
  const body = selection === '' ? '' : ` { ${selection} }`;
  return `${operation.kind} Matrix${head} { ${operation.field.name}${call}${body} }`;
}

/** `__typename` for object results, nothing for scalars. */
export function shallowSelection(type: GraphQLOutputType): string {
  const named = getNamedType(type);
  return isObjectType(named) || isInterfaceType(named) || isUnionType(named) ? '__typename' : '';
}

/**
 * Every field reachable without arguments, down to `depth` levels (fields with a required argument are
 * left out): what a curious client could ask for, to look for what it must not get.
 */
export function deepSelection(type: GraphQLOutputType, depth: number): string {
  const named = getNamedType(type);
  if (isUnionType(named)) return '__typename';
  if (!isObjectType(named) && !isInterfaceType(named)) return '';
  if (depth === 0) return '__typename';
  const parts: string[] = ['__typename'];
  for (const field of Object.values(named.getFields())) {
    if (field.args.some((argument) => isRequired(argument))) continue;
    const inner = getNamedType(field.type);
    if (isObjectType(inner) || isInterfaceType(inner) || isUnionType(inner)) {
      parts.push(`${field.name} { ${deepSelection(field.type, depth - 1)} }`);
    } else {
      parts.push(field.name);
    }
  }
  return parts.join(' ');
}
