/** `extensions.code` values of the API's GraphQL errors. */
export const ErrorCode = {
  /** Malformed input (`extensions.fields` names the fields), or an engine's INVALID_INPUT (with `domainCode`). */
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  /** The rules do not allow the command now; `domainCode` says which rule, `details` the figures. */
  RULE_VIOLATION: 'RULE_VIOLATION',
  NOT_FOUND: 'NOT_FOUND',
  /** Another writer got there first, or the thing exists already. */
  CONFLICT: 'CONFLICT',
  /** The principal may not do or see this. */
  FORBIDDEN: 'FORBIDDEN',
  /** The HTTP request itself is unreadable (not JSON, no query): Apollo's code, and the body parser's. */
  BAD_REQUEST: 'BAD_REQUEST',
  /** The document is not GraphQL (Apollo's code). */
  GRAPHQL_PARSE_FAILED: 'GRAPHQL_PARSE_FAILED',
  /** The document does not fit the schema, e.g. an unknown field (Apollo's code). */
  GRAPHQL_VALIDATION_FAILED: 'GRAPHQL_VALIDATION_FAILED',
  /** Missing sign-in where one is required, or a credential that is invalid, expired or revoked. */
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
  /** The operation nests selections deeper than the server allows (common/limits). */
  QUERY_TOO_DEEP: 'QUERY_TOO_DEEP',
  /** The operation would resolve more fields than the server allows (common/limits). */
  QUERY_TOO_COMPLEX: 'QUERY_TOO_COMPLEX',
  /** The document has more lexical tokens than the server parses (common/limits). */
  QUERY_TOO_LARGE: 'QUERY_TOO_LARGE',
  /** The document has more aliased fields than the server allows (common/limits). */
  TOO_MANY_ALIASES: 'TOO_MANY_ALIASES',
  /** The document has more directives than the server allows (common/limits). */
  TOO_MANY_DIRECTIVES: 'TOO_MANY_DIRECTIVES',
  /** The mutation has more root fields (commands) than one request may carry; none of them ran (common/limits). */
  TOO_MANY_MUTATIONS: 'TOO_MANY_MUTATIONS',
  /** Too many WebSocket connections open at once from this address (HTTP 429 on the upgrade). */
  TOO_MANY_SOCKETS: 'TOO_MANY_SOCKETS',
  /** The request body is larger than the server accepts (HTTP 413). */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** Too many requests from this address or credential; `extensions.retryAfterSeconds` says when to retry. */
  RATE_LIMITED: 'RATE_LIMITED',
  /** Too many operations at once on one WebSocket connection. */
  TOO_MANY_SUBSCRIPTIONS: 'TOO_MANY_SUBSCRIPTIONS',
  /**
   * The command id was already used for another command (another issuer, type or payload): nothing was
   * written; send the command again with a new id.
   */
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  /** The event store could not write (disk full, database locked): nothing was changed, the command may be retried. */
  STORE_UNAVAILABLE: 'STORE_UNAVAILABLE',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on the server. Please try again later.';
