import { randomBytes } from 'node:crypto';
import { DEFAULT_BCRYPT_ROUNDS } from '@corbeille/identity';

export { DEFAULT_BCRYPT_ROUNDS };

export interface AuthConfig {
  /** HS256 key of session tokens. */
  readonly secret: Uint8Array;
  /** 'generated' when AUTH_SECRET was unset: sessions then end with the process. */
  readonly secretSource: 'env' | 'generated';
  readonly sessionTtlSeconds: number;
  readonly bcryptRounds: number;
}

export const MIN_SECRET_LENGTH = 32;
export const DEFAULT_SESSION_TTL_MINUTES = 12 * 60;

export class AuthConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuthConfigError';
  }
}

/**
 * AUTH_SECRET (at least 32 characters; when unset, a random secret per process, with a warning),
 * AUTH_SESSION_TTL_MINUTES (default 720), AUTH_BCRYPT_ROUNDS (4 to 15, default 10).
 */
export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env, generate: () => Buffer = () => randomBytes(32)): AuthConfig {
  const raw = env['AUTH_SECRET'];
  if (raw !== undefined && raw.length > 0 && raw.length < MIN_SECRET_LENGTH) {
    throw new AuthConfigError(`AUTH_SECRET must be at least ${MIN_SECRET_LENGTH} characters long`);
  }
  const fromEnv = raw !== undefined && raw.length > 0;
  return {
    secret: fromEnv ? new TextEncoder().encode(raw) : new Uint8Array(generate()),
    secretSource: fromEnv ? 'env' : 'generated',
    sessionTtlSeconds: integer(env, 'AUTH_SESSION_TTL_MINUTES', DEFAULT_SESSION_TTL_MINUTES, 1, 60 * 24 * 365) * 60,
    bcryptRounds: integer(env, 'AUTH_BCRYPT_ROUNDS', DEFAULT_BCRYPT_ROUNDS, 4, 15),
  };
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new AuthConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}
