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

/** What a document holds, counted as written (fragments not expanded): bounded before anything is measured. */
export interface DocumentShape {
  /** Aliased fields, in every definition. */
  readonly aliases: number;
  /** Directives used, in every definition. */
  readonly directives: number;
  /** The deepest selection set as written in any one definition (a fragment's fields count from 1). */
  readonly nesting: number;
  /** Whether some field is `__schema` or `__type` (introspection). */
  readonly introspection: boolean;
}

/** The size arguments of paginated fields (PaginationArgs.first). */
const PAGE_SIZE_ARGUMENTS = new Set(['first', 'last']);
/** What a connection's selection holds (connection.model.ts). */
const CONNECTION_FIELDS = new Set(['edges', 'nodes']);
const INTROSPECTION_FIELDS = new Set(['__schema', '__type']);

/** One pass over the document as written: linear in its size whatever its fragments spread. */
export function shapeOf(document: DocumentNode): DocumentShape {
  let aliases = 0;
  let directives = 0;
  let nesting = 0;
  let introspection = false;
  const walk = (selectionSet: SelectionSetNode, depth: number): void => {
    nesting = Math.max(nesting, depth);
    for (const selection of selectionSet.selections) {
      directives += selection.directives?.length ?? 0;
      if (selection.kind === Kind.FIELD) {
        if (selection.alias) aliases += 1;
        if (INTROSPECTION_FIELDS.has(selection.name.value)) introspection = true;
        if (selection.selectionSet) walk(selection.selectionSet, depth + 1);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        walk(selection.selectionSet, depth);
      }
    }
  };
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION && definition.kind !== Kind.FRAGMENT_DEFINITION) continue;
    directives += definition.directives?.length ?? 0;
    if (definition.kind === Kind.OPERATION_DEFINITION) {
      for (const variable of definition.variableDefinitions ?? []) directives += variable.directives?.length ?? 0;
    }
    walk(definition.selectionSet, 1);
  }
  return { aliases, directives, nesting, introspection };
}

/** The operation a request runs: the one named, or the first. */
export function operationOf(document: DocumentNode, operationName?: string | null): OperationDefinitionNode | undefined {
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    if (!operationName || definition.name?.value === operationName) return definition;
  }
  return undefined;
}

function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  return fragments;
}

/**
 * Measures one operation from its document alone, before validation or execution: depth of the
 * selection sets (fragments inlined) and the number of fields it may resolve. A field with a `first`
 * or `last` argument multiplies the cost of its selection by that number (its variable's value, or its
 * default); a connection (a field selecting `edges`) without one, by the default page size.
 *
 * Each fragment is measured once and its cost reused wherever it is spread (its cost does not depend on
 * where it is spread: depth is relative, page sizes come from the request's variables), so the time is
 * linear in the document however many copies its spreads would expand to (`...F ...F` nested 24 times is
 * 2^24 fields, measured in 24 steps). A fragment spread in a cycle counts nothing: the validation rules
 * refuse such documents anyway.
 */
export function measureOperation(
  document: DocumentNode,
  operationName?: string | null,
  variables?: Readonly<Record<string, unknown>> | null,
): OperationCost {
  const operation = operationOf(document, operationName);
  if (!operation) return { depth: 0, complexity: 0 };
  const fragments = fragmentsOf(document);
  // Variables not sent take their default from the operation, as execution will.
  const values: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    const fallback = definition.defaultValue;
    if (fallback?.kind === Kind.INT) values[definition.variable.name.value] = Number(fallback.value);
  }
  Object.assign(values, variables ?? {});

  /** A fragment's cost once measured; `null` while it is being measured (a spread of it then is a cycle). */
  const measured = new Map<string, OperationCost | null>();
  const NOTHING: OperationCost = { depth: 0, complexity: 0 };
  const fragmentCost = (name: string): OperationCost => {
    const known = measured.get(name);
    if (known !== undefined) return known ?? NOTHING;
    const fragment = fragments.get(name);
    if (!fragment) return NOTHING;
    measured.set(name, null);
    const cost = measure(fragment.selectionSet);
    measured.set(name, cost);
    return cost;
  };
  /** Depth relative to the selection set's parent: a leaf field in it is 1. */
  const measure = (selectionSet: SelectionSetNode): OperationCost => {
    let deepest = 0;
    let complexity = 0;
    for (const selection of selectionSet.selections) {
      let inner: OperationCost;
      if (selection.kind === Kind.FIELD) {
        const multiplier = pageSizeOf(selection.arguments ?? [], values, selection.selectionSet);
        const children = selection.selectionSet ? measure(selection.selectionSet) : NOTHING;
        inner = { depth: children.depth + 1, complexity: 1 + multiplier * children.complexity };
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        inner = measure(selection.selectionSet);
      } else {
        inner = fragmentCost(selection.name.value);
      }
      deepest = Math.max(deepest, inner.depth);
      complexity += inner.complexity;
    }
    return { depth: deepest, complexity: Math.min(complexity, Number.MAX_SAFE_INTEGER) };
  };
  return measure(operation.selectionSet);
}

/**
 * The root fields a mutation runs, as graphql-js collects them: one per response name (alias or name),
 * each fragment spread once. Each one is a command. 0 for a query or a subscription.
 */
export function mutationFieldsOf(document: DocumentNode, operationName?: string | null): number {
  const operation = operationOf(document, operationName);
  if (operation?.operation !== 'mutation') return 0;
  const fragments = fragmentsOf(document);
  const responseNames = new Set<string>();
  const spread = new Set<string>();
  const collect = (selectionSet: SelectionSetNode): void => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        responseNames.add((selection.alias ?? selection.name).value);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        collect(selection.selectionSet);
      } else if (!spread.has(selection.name.value)) {
        spread.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) collect(fragment.selectionSet);
      }
    }
  };
  collect(operation.selectionSet);
  return responseNames.size;
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
