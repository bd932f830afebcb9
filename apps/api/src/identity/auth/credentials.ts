import { createHash, randomBytes } from 'node:crypto';
import { emailDigest } from '@corbeille/identity';

/** API tokens look like `cbk_` + 43 base64url characters (256 random bits); sessions are JWTs. */
export const API_TOKEN_PREFIX = 'cbk_';
const API_TOKEN = /^cbk_[A-Za-z0-9_-]{43}$/;

export function generateApiToken(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function isApiToken(token: string): boolean {
  return API_TOKEN.test(token);
}

/** SHA-256 in hex: enough for a high-entropy secret (no salt or slow hash needed), and a direct lookup key. */
export function digestApiToken(token: string): string {
  return sha256Hex(token);
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The key of an email's claim stream (the formula is `@corbeille/identity`'s, shared with the demo seed). */
export function digestEmail(email: string): string {
  return emailDigest(email, sha256Hex);
}
