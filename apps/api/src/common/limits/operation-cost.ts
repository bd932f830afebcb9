import {
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { DEFAULT_PAGE_SIZE } from '../pagination/pagination.args';

export interface OperationCost {
  /** The deepest field: a root field is depth 1, its subfields depth 2, ... */
  readonly depth: number;
  /** Fields resolved, a paginated field's selection counted once per item it may return. */
  readonly complexity: number;
}

/** The size arguments of paginated fields (PaginationArgs.first). */
const PAGE_SIZE_ARGUMENTS = new Set(['first', 'last']);
/** What a connection's selection holds (connection.model.ts). */
const CONNECTION_FIELDS = new Set(['edges', 'nodes']);

/**
 * Measures one operation from its document alone, before validation or execution: depth of the
 * selection sets (fragments inlined) and the number of fields it may resolve. A field with a `first`
 * or `last` argument multiplies the cost of its selection by that number (its variable's value, or its
 * default); a connection (a field selecting `edges`) without one, by the default page size. A fragment spread in a cycle counts once: the
 * validation rules refuse such documents anyway.
 */
export function measureOperation(
  document: DocumentNode,
  operationName?: string | null,
  variables?: Readonly<Record<string, unknown>> | null,
): OperationCost {
  const fragments = new Map<string, FragmentDefinitionNode>();
  const operations: OperationDefinitionNode[] = [];
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    if (definition.kind === Kind.OPERATION_DEFINITION) operations.push(definition);
  }
  const operation = operationName ? operations.find((candidate) => candidate.name?.value === operationName) : operations[0];
  if (!operation) return { depth: 0, complexity: 0 };
  // Variables not sent take their default from the operation, as execution will.
  const values: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    const fallback = definition.defaultValue;
    if (fallback?.kind === Kind.INT) values[definition.variable.name.value] = Number(fallback.value);
  }
  Object.assign(values, variables ?? {});

  const measure = (selectionSet: SelectionSetNode, depth: number, visiting: ReadonlySet<string>): OperationCost => {
    let deepest = depth;
    let complexity = 0;
    for (const selection of selectionSet.selections) {
      let inner: OperationCost;
      if (selection.kind === Kind.FIELD) {
        const multiplier = pageSizeOf(selection.arguments ?? [], values, selection.selectionSet);
        const children = selection.selectionSet ? measure(selection.selectionSet, depth + 1, visiting) : { depth: depth + 1, complexity: 0 };
        inner = { depth: children.depth, complexity: 1 + multiplier * children.complexity };
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        inner = measure(selection.selectionSet, depth, visiting);
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (!fragment || visiting.has(name)) continue;
        inner = measure(fragment.selectionSet, depth, new Set([...visiting, name]));
      }
      deepest = Math.max(deepest, inner.depth);
      complexity += inner.complexity;
    }
    return { depth: deepest, complexity };
  };
  return measure(operation.selectionSet, 0, new Set());
}

function pageSizeOf(
  args: readonly { readonly name: { readonly value: string }; readonly value: ValueNode }[],
  variables: Readonly<Record<string, unknown>>,
  selectionSet: SelectionSetNode | undefined,
): number {
  for (const argument of args) {
    if (!PAGE_SIZE_ARGUMENTS.has(argument.name.value)) continue;
    const value = argument.value;
    if (value.kind === Kind.INT) return Math.max(1, Number(value.value));
    if (value.kind === Kind.VARIABLE) {
      const sent = variables[value.name.value];
      return typeof sent === 'number' && Number.isFinite(sent) ? Math.max(1, Math.trunc(sent)) : DEFAULT_PAGE_SIZE;
    }
  }
  // A connection asked for without a size gets the default page.
  const isConnection = selectionSet?.selections.some(
    (selection) => selection.kind === Kind.FIELD && CONNECTION_FIELDS.has(selection.name.value),
  );
  return isConnection ? DEFAULT_PAGE_SIZE : 1;
}
