import { createHash, randomBytes } from 'node:crypto';
import { canonicalJson } from '../canonical-json';

/** How a hidden value (a BOLSA plan) is committed to: SHA-256 of the canonical JSON of `{ nonce, value }`. */
export const COMMITMENT_SCHEME = 'sha256-canonical-json-v1';

/** A fresh nonce (16 random bytes, hex): without it a value from a small space could be found from its hash. */
export function newNonce(): string {
  return randomBytes(16).toString('hex');
}

export function commitTo(value: unknown, nonce: string): string {
  return createHash('sha256').update(canonicalJson({ nonce, value }, 'A committed value'), 'utf8').digest('hex');
}

/** SHA-256 of the canonical JSON of what a round/month checksum covers. */
export function stateChecksum(covered: unknown): string {
  return createHash('sha256').update(canonicalJson(covered, 'A checksummed state'), 'utf8').digest('hex');
}
