import { createHash } from 'node:crypto';

/**
 * A name-based UUID (version 5 layout, SHA-1): the same name always gives the same id. Used so that a
 * retried "create" without an explicit id still addresses the game its first attempt created.
 */
export function nameBasedUuid(name: string): string {
  const bytes = createHash('sha1').update(`corbeille:${name}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
