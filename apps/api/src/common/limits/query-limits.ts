import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, parse, type DocumentNode } from 'graphql';
import type { ApiLimits } from '../../config/app-config';
import { ErrorCode } from '../errors/error-codes';
import { measureOperation } from './operation-cost';

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
        didResolveOperation({ document, operationName, request }) {
          const errors = queryLimitErrors(limits, document, operationName, request.variables);
          const [first] = errors;
          // Apollo Server reports one error thrown here; the depth one comes first.
          if (first) return Promise.reject(first);
          return Promise.resolve();
        },
      });
    },
  };
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
