import { createHash } from 'node:crypto';
import type { EventMetadata } from '@corbeille/event-store';
import { canonicalJson } from './canonical-json';

export const CHAIN_ALGORITHM = 'sha256';

/** The link an event carries in `metadata.chain`. */
export interface ChainLink {
  readonly algorithm: typeof CHAIN_ALGORITHM;
  /** The hash of the stream's previous event, or null when the chain starts at this event. */
  readonly previous: string | null;
  /** SHA-256 (lowercase hex) of the canonical JSON of the event's content and `previous`. */
  readonly hash: string;
}

/** What a link's hash covers. */
export interface ChainedContent {
  readonly streamId: string;
  readonly revision: number;
  readonly type: string;
  readonly data: unknown;
  /** The event's metadata; its `chain` member, if any, is left out of the hash. */
  readonly metadata: EventMetadata;
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/** The hash of an event at a revision of a stream, given the hash of its predecessor. */
export function chainHash(content: ChainedContent, previous: string | null): string {
  const canonical = canonicalJson(
    {
      streamId: content.streamId,
      revision: content.revision,
      type: content.type,
      data: content.data,
      metadata: withoutChain(content.metadata),
      previous,
    },
    `Event ${content.revision} (${content.type}) of ${content.streamId}`,
  );
  return createHash(CHAIN_ALGORITHM).update(canonical, 'utf8').digest('hex');
}

/** The metadata an event is hashed with: everything but `chain`. */
export function withoutChain(metadata: EventMetadata): EventMetadata {
  const { chain: _chain, ...rest } = metadata;
  return rest;
}

/** The event's link, or undefined if its metadata holds no well-formed one. */
export function chainOf(metadata: EventMetadata | undefined): ChainLink | undefined {
  const chain: unknown = metadata?.['chain'];
  if (typeof chain !== 'object' || chain === null) return undefined;
  const { algorithm, previous, hash } = chain as Record<string, unknown>;
  if (algorithm !== CHAIN_ALGORITHM || typeof hash !== 'string' || !HEX_SHA256.test(hash)) return undefined;
  if (previous !== null && (typeof previous !== 'string' || !HEX_SHA256.test(previous))) return undefined;
  return { algorithm, previous, hash };
}
