/**
 * Typed domain errors. `code` is stable and machine-readable; `message` is written for a player.
 * The API maps each kind to a GraphQL error in one place.
 */
export type DomainErrorKind = 'RULE_VIOLATION' | 'INVALID_INPUT' | 'NOT_FOUND' | 'CONFLICT' | 'FORBIDDEN';

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  constructor(
    readonly code: string,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The command is well-formed but the rules do not allow it now. */
export class RuleViolation extends DomainError {
  readonly kind = 'RULE_VIOLATION' as const;
}

/** The command is malformed (bad amounts, unknown stock, wrong shape). */
export class InvalidInput extends DomainError {
  readonly kind = 'INVALID_INPUT' as const;
}

export class NotFound extends DomainError {
  readonly kind = 'NOT_FOUND' as const;
}

/** Another writer got there first and retries did not resolve it. */
export class ConcurrencyConflict extends DomainError {
  readonly kind = 'CONFLICT' as const;
}

export class Forbidden extends DomainError {
  readonly kind = 'FORBIDDEN' as const;
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

/**
 * A command id already applied to this stream by another issuer or for another command: refused, so that
 * nobody is answered with someone else's events and nothing is written.
 */
export class IdempotencyKeyReused extends DomainError {
  readonly kind = 'CONFLICT' as const;
  constructor(commandId: string, details: Readonly<Record<string, unknown>> = {}) {
    super(
      'IDEMPOTENCY_KEY_REUSED',
      `The command id "${commandId}" was already used for another command: send this command with a new id.`,
      { commandId, ...details },
    );
  }
}
