import {
  createSourceEventStream,
  execute,
  getOperationAST,
  print,
  subscribe,
  type ExecutionArgs,
  type ExecutionResult,
  type FieldNode,
} from 'graphql';
import { mapItems } from './live-iterator';

/**
 * Subscription fields whose every answer is the same for all subscribers: public boards, whose
 * resolvers and types read nothing of the subscriber (no principal, no lens, no field resolver). An
 * update of one of them is executed once per selection and its result handed to every subscriber
 * with the same document, variables and operation; any other subscription runs as graphql-js runs it.
 */
export const SHARED_SUBSCRIPTION_FIELDS: ReadonlySet<string> = new Set(['priceBoard', 'bolsaBoard', 'maxiBourseBoard', 'maxiBoursePriceBoard']);

type Subscribe = (args: ExecutionArgs) => Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult>;

/**
 * graphql-ws's `subscribe`: for a shared field, the event stream is made as graphql-js makes it (the
 * resolver runs for each subscriber, with its access checks), but each payload is executed once per
 * selection. graphql-js would execute the selection again for each of a thousand subscribers of a
 * game, for the same board object. Results are kept with the payload (a WeakMap), so they go when it goes.
 */
export function sharedSubscriptions(fields: ReadonlySet<string> = SHARED_SUBSCRIPTION_FIELDS): Subscribe {
  const results = new WeakMap<object, Map<string, ExecutionResult | Promise<ExecutionResult>>>();
  return async (args) => {
    const selection = sharedSelectionKey(args, fields);
    if (selection === undefined) return subscribe(args) as Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult>;
    const source = await createSourceEventStream(args);
    if (!isAsyncIterable(source)) return source;
    const iterator = source[Symbol.asyncIterator]() as AsyncIterableIterator<unknown>;
    return mapItems(iterator, (payload) => {
      if (typeof payload !== 'object' || payload === null) return execute({ ...args, rootValue: payload });
      let bySelection = results.get(payload);
      if (!bySelection) {
        bySelection = new Map();
        results.set(payload, bySelection);
      }
      let result = bySelection.get(selection);
      if (result === undefined) {
        result = execute({ ...args, rootValue: payload });
        bySelection.set(selection, result);
      }
      return result;
    });
  };
}

/** The document, operation and variables of a subscription to one shared field, or undefined. */
function sharedSelectionKey(args: ExecutionArgs, fields: ReadonlySet<string>): string | undefined {
  const operation = getOperationAST(args.document, args.operationName);
  if (operation?.operation !== 'subscription') return undefined;
  const roots = operation.selectionSet.selections.filter((selection): selection is FieldNode => selection.kind === 'Field');
  if (roots.length !== operation.selectionSet.selections.length || roots.length !== 1) return undefined;
  if (!fields.has((roots[0] as FieldNode).name.value)) return undefined;
  const text = args.document.loc?.source.body ?? print(args.document);
  return JSON.stringify([text, args.operationName ?? null, args.variableValues ?? null]);
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
