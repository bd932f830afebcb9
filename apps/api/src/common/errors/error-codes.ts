/** `extensions.code` values of the API's GraphQL errors. */
export const ErrorCode = {
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  RULE_VIOLATION: 'RULE_VIOLATION',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  FORBIDDEN: 'FORBIDDEN',
  /** Missing sign-in where one is required, or a credential that is invalid, expired or revoked. */
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on the server. Please try again later.';
