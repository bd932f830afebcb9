import { Forbidden } from '@corbeille/kernel';
import type { Principal, Scope } from '../../access/access.port';
import { Unauthenticated } from '../../common/errors/unauthenticated.error';

export type AccountPrincipal = Extract<Principal, { kind: 'account' }>;

/** A signed-in principal holding `scope` (sessions hold every scope; API tokens the ones they were given). */
export function requireAccount(principal: Principal, scope?: Scope): AccountPrincipal {
  if (principal.kind !== 'account') throw new Unauthenticated('SIGN_IN_REQUIRED', 'Sign in first');
  if (scope !== undefined && !principal.scopes.includes(scope)) {
    throw new Forbidden('SCOPE_REQUIRED', `This API token lacks the "${scope}" scope`, { scope });
  }
  return principal;
}
