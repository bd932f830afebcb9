import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the request line of one HTTP request says beyond method, path, status and duration. Filled as the
 * request runs (GraphQL operation, principal kind, command and game of a mutation); never credentials,
 * variables or query text.
 */
export interface RequestLogFields {
  requestId: string;
  operationName?: string;
  operationType?: string;
  principalKind?: string;
  commandId?: string;
  gameId?: string;
  /** `OK`, or the first error code the client got (e.g. `NOT_YOUR_TURN`, `BAD_USER_INPUT`). */
  outcome?: string;
}

const storage = new AsyncLocalStorage<RequestLogFields>();

export function runWithRequestLog<T>(fields: RequestLogFields, run: () => T): T {
  return storage.run(fields, run);
}

/** The fields of the request being handled, if any (commands the server sends on its own have none). */
export function currentRequestLog(): RequestLogFields | undefined {
  return storage.getStore();
}

/** The stable code of an error: a domain error's `code` (NOT_YOUR_TURN...), else its class name. */
export function outcomeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[A-Z][A-Z0-9_]*$/.test(code)) return code;
  return error instanceof Error ? error.name : 'UNKNOWN';
}
