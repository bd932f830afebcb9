import bcrypt from 'bcryptjs';
import { InvalidInput } from '@corbeille/kernel';

/**
 * Password hashing shared by the API (sign-up) and the demo seed (demo accounts): bcrypt, whose hash
 * is a pure function of the password, the cost and a 16-byte salt. The salt is the only randomness and
 * comes in as data, like every id and secret the deciders see: the API draws it from the operating
 * system, the demo seed from its seeded generator (so the demo data is the same on every machine).
 */

/** bcrypt reads at most 72 bytes of a password; longer ones are refused rather than silently cut. */
export const MAX_PASSWORD_BYTES = 72;
export const MIN_PASSWORD_LENGTH = 8;
/** The bcrypt cost (log2 of the rounds) when none is configured. */
export const DEFAULT_BCRYPT_ROUNDS = 10;
export const BCRYPT_SALT_BYTES = 16;
const MIN_ROUNDS = 4;
const MAX_ROUNDS = 31;

/** A bcrypt salt string (`$2b$<cost>$` and 22 characters) made of 16 bytes chosen by the caller. */
export function bcryptSalt(rounds: number, saltBytes: ArrayLike<number>): string {
  if (!Number.isInteger(rounds) || rounds < MIN_ROUNDS || rounds > MAX_ROUNDS) {
    throw new RangeError(`bcrypt rounds must be an integer from ${MIN_ROUNDS} to ${MAX_ROUNDS}`);
  }
  if (saltBytes.length !== BCRYPT_SALT_BYTES) throw new RangeError(`A bcrypt salt is ${BCRYPT_SALT_BYTES} bytes`);
  return `$2b$${String(rounds).padStart(2, '0')}$${bcrypt.encodeBase64(saltBytes, BCRYPT_SALT_BYTES)}`;
}

/** Refuses a password bcrypt would silently cut. */
export function checkPasswordLength(password: string): void {
  if (new TextEncoder().encode(password).length > MAX_PASSWORD_BYTES) {
    throw new InvalidInput('PASSWORD_TOO_LONG', `A password may be at most ${MAX_PASSWORD_BYTES} bytes long`, { field: 'password' });
  }
}

/** The bcrypt hash of a password with the given cost and salt bytes. */
export function hashPassword(password: string, rounds: number, saltBytes: ArrayLike<number>): Promise<string> {
  checkPasswordLength(password);
  return bcrypt.hash(password, bcryptSalt(rounds, saltBytes));
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

/** SHA-256 of a text, in lower-case hex: made by the caller (the library does no hashing of its own). */
export type Sha256Hex = (text: string) => string;

/** The key of an email's claim stream (`email-claim-<key>`): the address itself stays out of stream ids. */
export function emailDigest(normalizedEmail: string, sha256Hex: Sha256Hex): string {
  return sha256Hex(`email:${normalizedEmail}`);
}
