import type { EventMetadata, RecordedEvent } from '@corbeille/event-store';
import { FAIRNESS_SCHEME, isSeed, type RecordedDraw } from './fair-random';
import { FAIRNESS_SCHEME_V2, type BatchRoot, type RecordedUnit } from './unit-seeds';

/**
 * What the integrity records put in events' metadata (metadata is kept in the log, never served as it is):
 * - the game's first event: `engine` (rules and engine version) and `fairness` (the seed's commitment);
 * - the first event of a command that drew chance: `draws` and the `command` itself, to re-decide it;
 * - the last event of a command that crossed a round or month boundary: `checksum`;
 * - an event holding a hidden value (a BOLSA plan): `commitment`, and its `commitmentNonce` (hidden);
 * - the last event of the command that ended the game: `revealedSeed`.
 */
export interface EnginePin {
  readonly game: string;
  readonly version: string;
}

export interface FairnessCommitment {
  /** v1: `commitment` is SHA-256 of the game's seed; v2: it is the root of the sub-seeds' batch 0. */
  readonly scheme: typeof FAIRNESS_SCHEME | typeof FAIRNESS_SCHEME_V2;
  readonly commitment: string;
}

export interface StateChecksum {
  readonly algorithm: 'sha256';
  /** Which boundary the checksum was taken at, e.g. "round 3". */
  readonly boundary: string;
  readonly hash: string;
}

export interface ValueCommitment {
  readonly scheme: string;
  readonly hash: string;
}

/** The stream an early reveal (and anything else about a game's integrity) is recorded in. */
export const INTEGRITY_STREAM_PREFIX = 'integrity-';
export const SEED_REVEALED = 'GameSeedRevealed';

export interface SeedRevealedData {
  readonly gameId: string;
  /** The seed of epoch `epoch`, and its commitment. */
  readonly seed: string;
  readonly epoch: number;
  readonly commitment: string;
  /** The commitment to the next epoch's seed, which the rest of the game draws from. */
  readonly nextCommitment: string;
  readonly reason: string;
  readonly revealedBy: string;
}

/** One seed epoch of a game, as its log records it. */
export interface SeedEpoch {
  readonly epoch: number;
  /** Recorded in the first event (epoch 0) or in the reveal that ended the epoch before. */
  readonly commitment: string | undefined;
  /** Once revealed, with where and why. */
  readonly revealed?: { readonly seed: string; readonly at: RecordedEvent; readonly reason: string };
}

export function integrityStreamOf(gameId: string): string {
  return `${INTEGRITY_STREAM_PREFIX}${gameId}`;
}

export function enginePinOf(metadata: EventMetadata | undefined): EnginePin | undefined {
  const engine = record(metadata?.['engine']);
  return engine && typeof engine['game'] === 'string' && typeof engine['version'] === 'string'
    ? { game: engine['game'], version: engine['version'] }
    : undefined;
}

export function fairnessOf(metadata: EventMetadata | undefined): FairnessCommitment | undefined {
  const fairness = record(metadata?.['fairness']);
  const scheme = fairness?.['scheme'];
  return fairness && (scheme === FAIRNESS_SCHEME || scheme === FAIRNESS_SCHEME_V2) && typeof fairness['commitment'] === 'string'
    ? { scheme, commitment: fairness['commitment'] }
    : undefined;
}

/** The v2 batch roots an event commits to (the first event: batches 0 and 1; the event at revision 16b: batch b + 1). */
export function batchRootsOf(metadata: EventMetadata | undefined): BatchRoot[] {
  const roots: unknown = metadata?.['batchRoots'];
  if (!Array.isArray(roots)) return [];
  return roots.flatMap((value) => {
    const fields = record(value);
    return fields && Number.isInteger(fields['batch']) && typeof fields['root'] === 'string' ? [{ batch: fields['batch'] as number, root: fields['root'] }] : [];
  });
}

/** The v2 units a drawing command's first event records; undefined when none, null when malformed. */
export function unitsOf(metadata: EventMetadata | undefined): RecordedUnit[] | undefined | null {
  const units: unknown = metadata?.['units'];
  if (units === undefined) return undefined;
  if (!Array.isArray(units)) return null;
  const parsed: RecordedUnit[] = [];
  for (const value of units) {
    const fields = record(value);
    if (!fields || !Number.isInteger(fields['unit']) || !isSeed(fields['seed']) || !isStrings(fields['path'])) return null;
    const positions = fields['positions'];
    if (positions !== undefined && !isStrings(positions)) return null;
    const outcome = fields['outcome'];
    if (outcome !== undefined && !Array.isArray(outcome)) return null;
    parsed.push({
      unit: fields['unit'] as number,
      seed: fields['seed'],
      path: fields['path'],
      ...(fields['concealed'] === true ? { concealed: true } : {}),
      ...(positions !== undefined ? { positions: positions as string[] } : {}),
      ...(outcome !== undefined ? { outcome: outcome as unknown[] } : {}),
    });
  }
  return parsed;
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** The draws an event records; undefined when it records none, null when what it records is malformed. */
export function drawsOf(metadata: EventMetadata | undefined): RecordedDraw[] | undefined | null {
  const draws: unknown = metadata?.['draws'];
  if (draws === undefined) return undefined;
  if (!Array.isArray(draws)) return null;
  const parsed: RecordedDraw[] = [];
  for (const draw of draws) {
    const fields = record(draw);
    if (!fields || typeof fields['index'] !== 'string') return null;
    const { index, min, max, value, epoch, unit } = fields;
    if (!Number.isInteger(min) || !Number.isInteger(max) || !Number.isInteger(value)) return null;
    if (epoch !== undefined && (!Number.isInteger(epoch) || (epoch as number) < 0)) return null;
    if (unit !== undefined && (!Number.isInteger(unit) || (unit as number) < 0)) return null;
    const base = { index, min: min as number, max: max as number, value: value as number, ...(unit === undefined ? {} : { unit: unit as number }) };
    parsed.push(epoch === undefined ? base : { ...base, epoch: epoch as number });
  }
  return parsed;
}

export function checksumOf(metadata: EventMetadata | undefined): StateChecksum | undefined {
  const checksum = record(metadata?.['checksum']);
  return checksum && checksum['algorithm'] === 'sha256' && typeof checksum['boundary'] === 'string' && typeof checksum['hash'] === 'string'
    ? { algorithm: 'sha256', boundary: checksum['boundary'], hash: checksum['hash'] }
    : undefined;
}

export function commitmentOf(metadata: EventMetadata | undefined): ValueCommitment | undefined {
  const commitment = record(metadata?.['commitment']);
  return commitment && typeof commitment['scheme'] === 'string' && typeof commitment['hash'] === 'string'
    ? { scheme: commitment['scheme'], hash: commitment['hash'] }
    : undefined;
}

export function revealedSeedOf(metadata: EventMetadata | undefined): string | undefined {
  const seed: unknown = metadata?.['revealedSeed'];
  return isSeed(seed) ? seed : undefined;
}

/**
 * A game's seed epochs: epoch 0 committed to in its first event; each early reveal (in the integrity stream)
 * reveals one epoch's seed and commits to the next one's; the end of the game reveals the last epoch's seed.
 */
export function seedEpochsOf(gameEvents: readonly RecordedEvent[], integrityEvents: readonly RecordedEvent[]): SeedEpoch[] {
  const commitments = new Map<number, string>();
  const revealed = new Map<number, NonNullable<SeedEpoch['revealed']>>();
  const first = fairnessOf(gameEvents[0]?.metadata);
  if (first) commitments.set(0, first.commitment);
  for (const event of integrityEvents) {
    if (event.type !== SEED_REVEALED) continue;
    const data = record(event.data);
    if (!data || !isSeed(data['seed'])) continue;
    const epoch = Number.isInteger(data['epoch']) ? (data['epoch'] as number) : 0;
    if (!revealed.has(epoch)) revealed.set(epoch, { seed: data['seed'], at: event, reason: typeof data['reason'] === 'string' ? data['reason'] : '' });
    if (typeof data['nextCommitment'] === 'string' && !commitments.has(epoch + 1)) commitments.set(epoch + 1, data['nextCommitment']);
  }
  for (const event of gameEvents) {
    const seed = revealedSeedOf(event.metadata);
    if (seed === undefined) continue;
    const epoch: unknown = event.metadata['revealedEpoch'];
    const at = Number.isInteger(epoch) ? (epoch as number) : 0;
    if (!revealed.has(at)) revealed.set(at, { seed, at: event, reason: 'The game is over.' });
  }
  const last = Math.max(-1, ...commitments.keys(), ...revealed.keys());
  return Array.from({ length: last + 1 }, (_, epoch) => {
    const seed = revealed.get(epoch);
    return { epoch, commitment: commitments.get(epoch), ...(seed ? { revealed: seed } : {}) };
  });
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
