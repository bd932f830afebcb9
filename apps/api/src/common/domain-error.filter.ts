import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { GqlContextType, GqlExceptionFilter } from '@nestjs/graphql';
import { GraphQLError } from 'graphql';
import { StoreUnavailableError } from '@corbeille/event-store';
import { IdempotencyKeyReused, isDomainError, type DomainError, type DomainErrorKind } from '@corbeille/kernel';
import { ErrorCode, INTERNAL_ERROR_MESSAGE } from './errors/error-codes';
import { InputValidationError } from './errors/input-validation.error';
import { Unauthenticated } from './errors/unauthenticated.error';
import { RateLimited } from './limits/rate-limited.error';

const CODE_BY_KIND: Readonly<Record<DomainErrorKind, ErrorCode>> = {
  RULE_VIOLATION: ErrorCode.RULE_VIOLATION,
  INVALID_INPUT: ErrorCode.BAD_USER_INPUT,
  NOT_FOUND: ErrorCode.NOT_FOUND,
  CONFLICT: ErrorCode.CONFLICT,
  FORBIDDEN: ErrorCode.FORBIDDEN,
};

const CODE_BY_HTTP_STATUS: Readonly<Partial<Record<number, ErrorCode>>> = {
  [HttpStatus.BAD_REQUEST]: ErrorCode.BAD_USER_INPUT,
  [HttpStatus.UNPROCESSABLE_ENTITY]: ErrorCode.BAD_USER_INPUT,
  [HttpStatus.NOT_FOUND]: ErrorCode.NOT_FOUND,
  [HttpStatus.CONFLICT]: ErrorCode.CONFLICT,
  [HttpStatus.FORBIDDEN]: ErrorCode.FORBIDDEN,
  [HttpStatus.UNAUTHORIZED]: ErrorCode.UNAUTHENTICATED,
};

const logger = new Logger('GraphQL');

export const STORE_UNAVAILABLE_MESSAGE = 'The record could not be written; nothing was changed. Try again in a moment.';

/**
 * The one place where failures become GraphQL errors: domain errors keep their message (written for
 * players) and carry their stable code as `domainCode`; anything unexpected is logged and masked.
 */
export function toGraphQLError(error: unknown): GraphQLError {
  if (error instanceof GraphQLError) return error;
  if (error instanceof InputValidationError) {
    return new GraphQLError(error.message, {
      extensions: { code: ErrorCode.BAD_USER_INPUT, fields: error.fields.map((field) => ({ ...field })) },
    });
  }
  if (isDomainError(error)) return fromDomainError(error);
  if (error instanceof Unauthenticated) {
    return new GraphQLError(error.message, { extensions: { code: ErrorCode.UNAUTHENTICATED, domainCode: error.code } });
  }
  if (error instanceof StoreUnavailableError) {
    // The operator must hear of a full disk; the client only that nothing was written and it may retry.
    const driverCode = (error.cause as { code?: unknown } | null)?.code;
    logger.warn(`${error.message}${typeof driverCode === 'string' ? ` [${driverCode}]` : ''}`);
    return new GraphQLError(STORE_UNAVAILABLE_MESSAGE, { extensions: { code: ErrorCode.STORE_UNAVAILABLE, reason: error.reason } });
  }
  if (error instanceof RateLimited) {
    // Like any resolver error, an HTTP 200 answer (the guard sets Retry-After); REST routes answer 429 below.
    return new GraphQLError(error.message, { extensions: { code: ErrorCode.RATE_LIMITED, retryAfterSeconds: error.retryAfterSeconds } });
  }
  if (error instanceof HttpException) {
    const code = CODE_BY_HTTP_STATUS[error.getStatus()];
    if (code !== undefined) return new GraphQLError(error.message, { extensions: { code } });
  }
  logger.error(describe(error));
  return internalError();
}

export function internalError(): GraphQLError {
  return new GraphQLError(INTERNAL_ERROR_MESSAGE, { extensions: { code: ErrorCode.INTERNAL_SERVER_ERROR } });
}

function fromDomainError(error: DomainError): GraphQLError {
  // A reused command id has a code of its own, so that a client knows to retry under a new id.
  const code = error instanceof IdempotencyKeyReused ? ErrorCode.IDEMPOTENCY_KEY_REUSED : CODE_BY_KIND[error.kind];
  return new GraphQLError(error.message, {
    extensions: { code, domainCode: error.code, details: { ...error.details } },
  });
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return `Non-error thrown: ${String(error)}`;
}

/** Applied to every resolver (and field resolver); HTTP routes keep Nest's default handling. */
@Catch()
export class DomainErrorFilter extends BaseExceptionFilter implements GqlExceptionFilter {
  override catch(exception: unknown, host: ArgumentsHost): GraphQLError | void {
    if (exception instanceof RateLimited && host.getType<GqlContextType>() === 'http') {
      host
        .switchToHttp()
        .getResponse<{ status(code: number): { json(body: unknown): void } }>()
        .status(HttpStatus.TOO_MANY_REQUESTS)
        .json({ statusCode: HttpStatus.TOO_MANY_REQUESTS, code: ErrorCode.RATE_LIMITED, message: exception.message, retryAfterSeconds: exception.retryAfterSeconds });
      return;
    }
    if (host.getType<GqlContextType>() !== 'graphql') {
      super.catch(exception, host);
      return;
    }
    return toGraphQLError(exception);
  }
}
