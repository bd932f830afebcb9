import type { EventMetadata } from '@corbeille/event-store';

/**
 * The metadata keys a game file may carry: links, pins, public commitments and who/when. Everything else
 * stays in the log: sub-seeds and pile positions of hidden units (`units`), the draws and the command of a
 * command that drew (they disclose concealed outcomes and a reader's chosen card), a plan's
 * `commitmentNonce`, the `commandBinding` digest (brute-forceable for small commands), and any key added
 * later until it is judged public here.
 */
export const PUBLIC_METADATA_KEYS: ReadonlySet<string> = new Set([
  // The hash chain link (libs/integrity/src/chain.ts).
  'chain',
  // Integrity records that commit without disclosing (docs/integrity.md).
  'engine',
  'fairness',
  'batchRoots',
  'commitment',
  'checksum',
  // hmac-sha256-v1 only: the seed revealed when the game ended, which gameFairness serves to everyone.
  'revealedSeed',
  'revealedEpoch',
  // Where the game belongs and who made it (access decisions read them; the game's page shows them).
  'league',
  'createdBy',
  // Who and when: the GraphQL events field serves these too.
  'commandId',
  'commandType',
  'actor',
  'correlationId',
  'causationId',
  'occurredAt',
]);

export interface TrimmedMetadata {
  readonly metadata: EventMetadata;
  /** The keys left out, sorted; empty when the metadata is whole. */
  readonly trimmed: readonly string[];
}

/** The public part of an event's metadata, and the names of the keys it leaves out. */
export function publicMetadataOf(metadata: EventMetadata): TrimmedMetadata {
  const kept: Record<string, unknown> = {};
  const trimmed: string[] = [];
  for (const [key, value] of Object.entries(metadata)) {
    if (PUBLIC_METADATA_KEYS.has(key)) kept[key] = value;
    else trimmed.push(key);
  }
  return { metadata: kept as unknown as EventMetadata, trimmed: trimmed.sort() };
}
