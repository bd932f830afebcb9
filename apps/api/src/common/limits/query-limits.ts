import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, Kind, parse, type DocumentNode, type SelectionSetNode } from 'graphql';
import type { ApiLimits } from '../../config/app-config';
import { ErrorCode } from '../errors/error-codes';
import { measureOperation } from './operation-cost';
import { RateLimited } from './rate-limited.error';
import { RATE_LIMITER } from './rate-limit.guard';

type QueryLimits = Pick<ApiLimits, 'maxQueryDepth' | 'maxQueryComplexity'>;

/** The errors an operation over the limits is refused with (empty when it is within them). */
export function queryLimitErrors(
  limits: QueryLimits,
  document: DocumentNode,
  operationName?: string | null,
  variables?: Readonly<Record<string, unknown>> | null,
): GraphQLError[] {
  const { depth, complexity } = measureOperation(document, operationName, variables);
  const errors: GraphQLError[] = [];
  if (depth > limits.maxQueryDepth) {
    errors.push(
      limitError(ErrorCode.QUERY_TOO_DEEP, `This query nests ${depth} levels deep; the server allows at most ${limits.maxQueryDepth}.`, {
        depth,
        maxDepth: limits.maxQueryDepth,
      }),
    );
  }
  if (complexity > limits.maxQueryComplexity) {
    errors.push(
      limitError(
        ErrorCode.QUERY_TOO_COMPLEX,
        `This query could resolve ${complexity} fields; the server allows at most ${limits.maxQueryComplexity}. Ask for smaller pages or fewer fields.`,
        { complexity, maxComplexity: limits.maxQueryComplexity },
      ),
    );
  }
  return errors;
}

function limitError(code: ErrorCode, message: string, details: Record<string, number>): GraphQLError {
  // `http` is read (and removed) by Apollo Server: a refused query is a client error, HTTP 400.
  return new GraphQLError(message, { extensions: { code, ...details, http: { status: 400 } } });
}

/**
 * Refuses, over HTTP, an operation deeper or more complex than the limits once it is parsed and
 * validated, before it runs: nothing of it is executed.
 */
export function queryLimitsPlugin(limits: QueryLimits): ApolloServerPlugin {
  return {
    requestDidStart() {
      return Promise.resolve({
        async didResolveOperation({ document, operationName, request, contextValue }) {
          const errors = queryLimitErrors(limits, document, operationName, request.variables);
          const [first] = errors;
          // Apollo Server reports one error thrown here; the depth one comes first.
          if (first) throw first;
          if (onlyMetaFields(document, operationName)) await countWithoutResolvers(contextValue);
        },
      });
    },
  };
}

interface HttpContextValue {
  readonly req?: { readonly app?: { readonly locals?: Record<string, unknown> }; readonly res?: object };
}

interface RequestCounter {
  countRequest(req: object, res: object): Promise<void>;
}

/** Rate-limits an operation no resolver (and so no guard) sees, like any other request. */
async function countWithoutResolvers(contextValue: unknown): Promise<void> {
  const req = (contextValue as HttpContextValue | undefined)?.req;
  const limiter = req?.app?.locals?.[RATE_LIMITER] as RequestCounter | undefined;
  if (!req || !limiter) return;
  try {
    await limiter.countRequest(req, req.res ?? {});
  } catch (error) {
    if (!(error instanceof RateLimited)) throw error;
    throw new GraphQLError(error.message, {
      extensions: { code: ErrorCode.RATE_LIMITED, retryAfterSeconds: error.retryAfterSeconds, http: { status: 429 } },
    });
  }
}

/** Whether every root field of the operation is `__typename`, `__schema` or `__type` (fragments inlined). */
export function onlyMetaFields(document: DocumentNode, operationName?: string | null): boolean {
  const operation = document.definitions.find(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION && (!operationName || definition.name?.value === operationName),
  );
  if (!operation || operation.kind !== Kind.OPERATION_DEFINITION) return false;
  const fragments = new Map(
    document.definitions.flatMap((definition) => (definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition] as const] : [])),
  );
  const meta = (selectionSet: SelectionSetNode, seen: ReadonlySet<string>): boolean =>
    selectionSet.selections.every((selection) => {
      if (selection.kind === Kind.FIELD) return selection.name.value.startsWith('__');
      if (selection.kind === Kind.INLINE_FRAGMENT) return meta(selection.selectionSet, seen);
      const fragment = fragments.get(selection.name.value);
      return !fragment || seen.has(selection.name.value) || meta(fragment.selectionSet, new Set([...seen, selection.name.value]));
    });
  return meta(operation.selectionSet, new Set());
}

interface SocketContext {
  readonly subscriptions: Readonly<Record<string, unknown>>;
}

interface SubscribeMessage {
  readonly query: string;
  readonly operationName?: string | null;
  readonly variables?: Record<string, unknown> | null;
}

/**
 * graphql-ws `onSubscribe`: at most `maxSubscriptionsPerConnection` operations at once on one socket
 * (graphql-ws lists the socket's running operations in `ctx.subscriptions`, the new one included), and
 * the same depth and complexity limits as over HTTP. Returning nothing lets graphql-ws go on as usual.
 */
export function subscriptionLimits(limits: ApiLimits) {
  return (ctx: SocketContext, _id: string, payload: SubscribeMessage): GraphQLError[] | undefined => {
    const running = Object.keys(ctx.subscriptions).length;
    if (running > limits.maxSubscriptionsPerConnection) {
      return [
        new GraphQLError(
          `This connection already runs ${limits.maxSubscriptionsPerConnection} operations, the most the server allows. Complete one before starting another, or open another connection.`,
          { extensions: { code: ErrorCode.TOO_MANY_SUBSCRIPTIONS, maxSubscriptionsPerConnection: limits.maxSubscriptionsPerConnection } },
        ),
      ];
    }
    let document: DocumentNode;
    try {
      document = parse(payload.query);
    } catch {
      // graphql-ws parses it again and reports the syntax error itself.
      return undefined;
    }
    const errors = queryLimitErrors(limits, document, payload.operationName, payload.variables);
    return errors.length > 0 ? errors.map(withoutHttp) : undefined;
  };
}

function withoutHttp(error: GraphQLError): GraphQLError {
  const { http: _http, ...extensions } = error.extensions;
  return new GraphQLError(error.message, { extensions });
}
