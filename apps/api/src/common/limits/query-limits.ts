import type { IncomingMessage } from 'node:http';
import { GraphQLError, parse, type DocumentNode } from 'graphql';
import type { ApiLimits } from '../../config/app-config';
import { ErrorCode } from '../errors/error-codes';
import { clientAddress } from './client-address';
import { measureOperation, mutationFieldsOf, operationOf, shapeOf } from './operation-cost';
import { RateLimited } from './rate-limited.error';
import { RATE_LIMITER, type RateClient, type RateCounter } from './rate-limit.guard';

type DocumentLimits = Pick<
  ApiLimits,
  'maxQueryDepth' | 'maxQueryComplexity' | 'maxTokens' | 'maxAliases' | 'maxDirectives' | 'maxMutationFields'
>;

/** What the checks of a document found: the errors to refuse it with (none: within the limits) and its commands. */
export interface DocumentVerdict {
  readonly errors: readonly GraphQLError[];
  /** Root fields of the mutation (0 for a query or subscription): each counts as one request against the rate limits. */
  readonly mutationFields: number;
}

/** The error Apollo Server answers introspection with when it is off; the WebSocket path answers the same. */
export const INTROSPECTION_DISABLED_MESSAGE =
  'GraphQL introspection is not allowed by Apollo Server, but the query contained __schema or __type. To enable introspection, pass introspection: true to ApolloServer in production';

/** A document parsed within the token cap, or why it was not: over the cap (QUERY_TOO_LARGE), or a syntax error. */
export type ParsedDocument = { readonly document: DocumentNode } | { readonly tooLarge: GraphQLError } | { readonly syntaxError: GraphQLError };

/**
 * Parses `source` with graphql-js's `maxTokens`: a document over it is refused QUERY_TOO_LARGE after reading
 * at most that many tokens.
 */
export function parseWithinLimits(limits: Pick<ApiLimits, 'maxTokens'>, source: string): ParsedDocument {
  try {
    return { document: parse(source, { maxTokens: limits.maxTokens, noLocation: true }) };
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    // graphql-js 16 writes "Document contains more that N tokens" (sic): matched on the figure and the word.
    if (error.message.includes(` ${limits.maxTokens} tokens`)) {
      return {
        tooLarge: limitError(ErrorCode.QUERY_TOO_LARGE, `This document has more than ${limits.maxTokens} tokens, the most the server reads.`, {
          maxTokens: limits.maxTokens,
        }),
      };
    }
    // As Apollo Server answers it over HTTP.
    return { syntaxError: new GraphQLError(error.message, { extensions: { code: 'GRAPHQL_PARSE_FAILED' } }) };
  }
}

/**
 * The limits of one operation, in an order where each check is linear in the document: first what is
 * written (aliases, directives, nesting, counted without expanding fragments), then depth and complexity
 * (fragments measured once each, operation-cost.ts), then the mutation's commands. The first limit
 * exceeded refuses the document; the later checks do not run.
 */
export function documentVerdict(
  limits: DocumentLimits,
  document: DocumentNode,
  operationName?: string | null,
  variables?: Readonly<Record<string, unknown>> | null,
): DocumentVerdict {
  const shape = shapeOf(document);
  const refuse = (error: GraphQLError): DocumentVerdict => ({ errors: [error], mutationFields: 0 });
  if (shape.aliases > limits.maxAliases) {
    return refuse(
      limitError(ErrorCode.TOO_MANY_ALIASES, `This document has ${shape.aliases} aliased fields; the server allows at most ${limits.maxAliases}.`, {
        aliases: shape.aliases,
        maxAliases: limits.maxAliases,
      }),
    );
  }
  if (shape.directives > limits.maxDirectives) {
    return refuse(
      limitError(ErrorCode.TOO_MANY_DIRECTIVES, `This document has ${shape.directives} directives; the server allows at most ${limits.maxDirectives}.`, {
        directives: shape.directives,
        maxDirectives: limits.maxDirectives,
      }),
    );
  }
  if (shape.nesting > limits.maxQueryDepth) return refuse(tooDeep(shape.nesting, limits.maxQueryDepth));
  const { depth, complexity } = measureOperation(document, operationName, variables);
  if (depth > limits.maxQueryDepth) return refuse(tooDeep(depth, limits.maxQueryDepth));
  if (complexity > limits.maxQueryComplexity) {
    return refuse(
      limitError(
        ErrorCode.QUERY_TOO_COMPLEX,
        `This query could resolve ${complexity} fields; the server allows at most ${limits.maxQueryComplexity}. Ask for smaller pages or fewer fields.`,
        { complexity, maxComplexity: limits.maxQueryComplexity },
      ),
    );
  }
  const mutationFields = mutationFieldsOf(document, operationName);
  if (mutationFields > limits.maxMutationFields) {
    return refuse(
      limitError(
        ErrorCode.TOO_MANY_MUTATIONS,
        `This request carries ${mutationFields} mutations; the server runs at most ${limits.maxMutationFields} per request, and ran none of them. Send them in several requests.`,
        { mutationFields, maxMutationFields: limits.maxMutationFields },
      ),
    );
  }
  return { errors: [], mutationFields };
}

function tooDeep(depth: number, maxDepth: number): GraphQLError {
  return limitError(ErrorCode.QUERY_TOO_DEEP, `This query nests ${depth} levels deep; the server allows at most ${maxDepth}.`, { depth, maxDepth });
}

function limitError(code: ErrorCode, message: string, details: Record<string, number>): GraphQLError {
  // `http` is read (and removed) by Apollo Server: a refused query is a client error, HTTP 400.
  return new GraphQLError(message, { extensions: { code, ...details, http: { status: 400 } } });
}

function rateLimitedError(error: RateLimited, http: boolean): GraphQLError {
  return new GraphQLError(error.message, {
    extensions: { code: ErrorCode.RATE_LIMITED, retryAfterSeconds: error.retryAfterSeconds, ...(http ? { http: { status: 429 } } : {}) },
  });
}

/** The parts of an Express request and response the HTTP check reads and writes. */
interface HttpRequest {
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
  readonly query?: unknown;
  readonly app?: { readonly locals?: Record<string, unknown> };
}
interface HttpResponse {
  status(code: number): { json(body: unknown): void };
}

/**
 * Express middleware on the GraphQL path, after the body is read and before Apollo Server sees the
 * request: the document is parsed with `maxTokens` and checked (documentVerdict); a refused one is answered
 * HTTP 400 at once, so nothing of it is validated or executed. Apollo Server would answer an error thrown
 * from its own hooks before validation as a 500. A mutation's further root fields count one request each
 * against the rate limits, before any runs (the request itself was counted before its body was read).
 * A request that is not a GraphQL request (no `query` string, a batch) is left to Apollo Server to refuse.
 */
export function documentLimitsMiddleware(limits: DocumentLimits, graphqlPath: string) {
  return (request: HttpRequest, response: HttpResponse, next: (error?: unknown) => void): void => {
    const params = request.path === graphqlPath ? graphQLParams(request) : undefined;
    if (!params) {
      next();
      return;
    }
    const refuse = (status: number, error: GraphQLError): void => response.status(status).json({ errors: [withoutHttp(error).toJSON()] });
    const parsed = parseWithinLimits(limits, params.query);
    if ('tooLarge' in parsed) return refuse(400, parsed.tooLarge);
    // Not a document: Apollo Server's own parse answers the syntax error.
    if ('syntaxError' in parsed) return next();
    const { errors, mutationFields } = documentVerdict(limits, parsed.document, params.operationName, params.variables);
    const [first] = errors;
    if (first) return refuse(400, first);
    const limiter = request.app?.locals?.[RATE_LIMITER] as RateCounter | undefined;
    if (mutationFields <= 1 || !limiter) return next();
    limiter.countHits(request as RateClient, response, mutationFields - 1).then(
      () => next(),
      (error: unknown) => (error instanceof RateLimited ? refuse(429, rateLimitedError(error, false)) : next(error)),
    );
  };
}

interface GraphQLParams {
  readonly query: string;
  readonly operationName?: string | null;
  readonly variables?: Record<string, unknown> | null;
}

/** The operation of a POST body or of a GET's query string, when it has a `query` string. */
function graphQLParams(request: HttpRequest): GraphQLParams | undefined {
  const source = request.method === 'GET' ? request.query : request.body;
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return undefined;
  const { query, operationName, variables } = source as Record<string, unknown>;
  if (typeof query !== 'string') return undefined;
  let values: unknown = variables;
  if (typeof variables === 'string') {
    try {
      values = JSON.parse(variables);
    } catch {
      values = undefined;
    }
  }
  return {
    query,
    operationName: typeof operationName === 'string' ? operationName : null,
    variables: typeof values === 'object' && values !== null && !Array.isArray(values) ? (values as Record<string, unknown>) : null,
  };
}

/** Where graphql-ws finds the rate limiter, once the limits module has started (absent when rate limits are off). */
export interface RateLimiterSlot {
  current?: RateCounter;
}

interface SocketContext {
  readonly subscriptions: Readonly<Record<string, unknown>>;
  readonly connectionParams?: Readonly<Record<string, unknown>>;
  readonly extra: unknown;
}

interface SubscribeMessage {
  readonly query: string;
  readonly operationName?: string | null;
  readonly variables?: Record<string, unknown> | null;
}

export interface SocketLimitsOptions {
  readonly limits: ApiLimits;
  readonly introspection: boolean;
  readonly trustProxyHops: number;
  readonly rateLimiter: RateLimiterSlot;
}

/**
 * graphql-ws `onSubscribe`, the WebSocket twin of the HTTP path: every operation counts against the same
 * rate limits as an HTTP request from that address and credential (refused ones too, and a mutation's
 * further root fields one each); at most `maxSubscriptionsPerConnection` operations at once on one socket
 * (graphql-ws lists the socket's running operations in `ctx.subscriptions`, the new one included); the same
 * document limits, before graphql-ws parses or validates; and introspection refused when it is off over
 * HTTP. Returning nothing lets graphql-ws go on as usual.
 */
export function subscriptionLimits(options: SocketLimitsOptions) {
  const { limits } = options;
  return async (ctx: SocketContext, _id: string, payload: SubscribeMessage): Promise<GraphQLError[] | undefined> => {
    const client = socketClient(ctx, options.trustProxyHops);
    const limiter = options.rateLimiter.current;
    const count = async (hits: number): Promise<GraphQLError[] | undefined> => {
      if (!limiter || !client) return undefined;
      try {
        await limiter.countHits(client, {}, hits);
        return undefined;
      } catch (error) {
        if (!(error instanceof RateLimited)) throw error;
        return [rateLimitedError(error, false)];
      }
    };
    const limited = await count(1);
    if (limited) return limited;
    const running = Object.keys(ctx.subscriptions).length;
    if (running > limits.maxSubscriptionsPerConnection) {
      return [
        new GraphQLError(
          `This connection already runs ${limits.maxSubscriptionsPerConnection} operations, the most the server allows. Complete one before starting another, or open another connection.`,
          { extensions: { code: ErrorCode.TOO_MANY_SUBSCRIPTIONS, maxSubscriptionsPerConnection: limits.maxSubscriptionsPerConnection } },
        ),
      ];
    }
    if (typeof payload.query !== 'string') return undefined;
    const parsed = parseWithinLimits(limits, payload.query);
    if ('tooLarge' in parsed) return [withoutHttp(parsed.tooLarge)];
    // graphql-ws would parse it again and close the whole socket (4500) on the syntax error: answered here instead.
    if ('syntaxError' in parsed) return [parsed.syntaxError];
    const { errors, mutationFields } = documentVerdict(limits, parsed.document, payload.operationName, payload.variables);
    if (errors.length > 0) return errors.map(withoutHttp);
    if (!operationOf(parsed.document, payload.operationName)) {
      // graphql-ws would answer it without a code; Apollo Server's code for it over HTTP.
      const named = payload.operationName ? `named "${payload.operationName}"` : 'to run';
      return [new GraphQLError(`The document has no operation ${named}.`, { extensions: { code: 'OPERATION_RESOLUTION_FAILURE' } })];
    }
    if (!options.introspection && shapeOf(parsed.document).introspection) {
      return [new GraphQLError(INTROSPECTION_DISABLED_MESSAGE, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })];
    }
    return mutationFields > 1 ? count(mutationFields - 1) : undefined;
  };
}

/** The socket's client as the rate limiter sees an HTTP request: its address and its credential. */
function socketClient(ctx: SocketContext, trustProxyHops: number): RateClient | undefined {
  const request = (ctx.extra as { request?: IncomingMessage } | undefined)?.request;
  if (!request) return undefined;
  const params = ctx.connectionParams ?? {};
  const fromParams = params['authorization'] ?? params['Authorization'];
  const authorization = typeof fromParams === 'string' ? fromParams : request.headers.authorization;
  return { ip: clientAddress(request, trustProxyHops), headers: authorization === undefined ? {} : { authorization } };
}

function withoutHttp(error: GraphQLError): GraphQLError {
  const { http: _http, ...extensions } = error.extensions;
  return new GraphQLError(error.message, { extensions });
}
