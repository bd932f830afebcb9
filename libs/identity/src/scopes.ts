import { InvalidInput } from '@corbeille/kernel';

/**
 * What a credential may do. A signed-in session holds every scope; an API token only those it was
 * created with. Scopes grant capabilities; league roles decide where they apply.
 */
export const SCOPES = ['read', 'play', 'referee', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

/** The scopes of a signed-in session. */
export const ACCOUNT_SCOPES: readonly Scope[] = SCOPES;

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Deduplicated, in canonical order; refuses an empty list and unknown names. */
export function normalizeScopes(scopes: readonly string[]): Scope[] {
  const unknown = scopes.filter((scope) => !isScope(scope));
  if (unknown.length > 0) {
    throw new InvalidInput('UNKNOWN_SCOPE', `Unknown scope: ${unknown.join(', ')}`, { scopes: unknown });
  }
  if (scopes.length === 0) throw new InvalidInput('NO_SCOPES', 'An API token needs at least one scope');
  return SCOPES.filter((scope) => scopes.includes(scope));
}

export function hasScope(scopes: readonly string[], scope: Scope): boolean {
  return scopes.includes(scope);
}
