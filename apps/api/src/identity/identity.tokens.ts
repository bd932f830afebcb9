/** Injection tokens of the identity module. */
export const AUTH_CONFIG = Symbol('AUTH_CONFIG');
/** The IdentityProjection (started): accounts, tokens, leagues and standings read models. */
export const IDENTITY_PROJECTION = Symbol('IDENTITY_PROJECTION');
