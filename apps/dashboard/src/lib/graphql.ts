/** A small GraphQL-over-HTTP client shared by server components (API directly) and the browser (/graphql proxy). */

export interface GraphQLErrorEntry {
  readonly message: string;
  readonly path?: readonly (string | number)[];
  readonly extensions?: {
    readonly code?: string;
    readonly domainCode?: string;
    readonly fields?: readonly { field: string; messages: readonly string[] }[];
  };
}

export type ApiErrorKind = 'unavailable' | 'http' | 'graphql';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly code: string | undefined,
    readonly status: number | undefined,
    readonly errors: readonly GraphQLErrorEntry[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Variables = Readonly<Record<string, unknown>>;

export type Requester = <T>(query: string, variables?: Variables) => Promise<T>;

export interface RequesterOptions {
  readonly fetchImpl?: typeof fetch;
  readonly init?: RequestInit;
  readonly timeoutMs?: number;
  /** More request headers, e.g. Authorization. */
  readonly headers?: Readonly<Record<string, string>>;
}

interface GraphQLResponse<T> {
  readonly data?: T | null;
  readonly errors?: readonly GraphQLErrorEntry[];
}

export function createRequester(endpoint: string, options: RequesterOptions = {}): Requester {
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;
  return async <T>(query: string, variables: Variables = {}): Promise<T> => {
    let response: Response;
    try {
      response = await fetchImpl(endpoint, {
        ...options.init,
        method: 'POST',
        headers: { ...options.headers, 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ApiError(`The Corbeille API cannot be reached (${reason}).`, 'unavailable', 'API_UNAVAILABLE', undefined);
    }
    let body: GraphQLResponse<T> | undefined;
    try {
      body = (await response.json()) as GraphQLResponse<T>;
    } catch {
      body = undefined;
    }
    const errors = body?.errors ?? [];
    const first = errors[0];
    if (first !== undefined) {
      throw new ApiError(first.message, 'graphql', first.extensions?.code, response.status, errors);
    }
    if (!response.ok || body === undefined || body.data === undefined || body.data === null) {
      const code = response.status === 502 || response.status === 503 || response.status === 504 ? 'API_UNAVAILABLE' : undefined;
      throw new ApiError(`The Corbeille API answered with HTTP ${response.status}.`, code ? 'unavailable' : 'http', code, response.status);
    }
    return body.data;
  };
}

/** True for a game id the API rejects as malformed or does not know. */
export function isNotFoundError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === 'NOT_FOUND') return true;
  return error.code === 'BAD_USER_INPUT' && error.errors.some((entry) => entry.extensions?.fields?.some((field) => field.field === 'id'));
}

/** A plain description of a failure, safe to hand to a client component. */
export interface ErrorInfo {
  readonly title: string;
  readonly message: string;
  readonly code: string | null;
}

export function describeError(error: unknown): ErrorInfo {
  if (error instanceof ApiError) {
    if (error.kind === 'unavailable') {
      return { title: 'The API is unavailable', message: error.message, code: error.code ?? null };
    }
    return { title: 'The API reported an error', message: error.message, code: error.code ?? null };
  }
  return { title: 'Something went wrong', message: error instanceof Error ? error.message : String(error), code: null };
}

/** The API refused the credentials themselves (a session from before a restart, an expired or revoked token). */
export function isRejectedCredential(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'UNAUTHENTICATED' && error.errors.some((entry) => REJECTED_CREDENTIALS.has(entry.extensions?.domainCode ?? ''));
}

export const REJECTED_CREDENTIALS: ReadonlySet<string> = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED', 'TOKEN_REVOKED']);

/** The same test on a raw GraphQL response body (the /graphql proxy passes bodies through). */
export function bodyRejectsCredential(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { errors?: readonly GraphQLErrorEntry[] };
    return (parsed.errors ?? []).some((entry) => entry.extensions?.code === 'UNAUTHENTICATED' && REJECTED_CREDENTIALS.has(entry.extensions.domainCode ?? ''));
  } catch {
    return false;
  }
}
