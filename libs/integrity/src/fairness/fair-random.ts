import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { RandomSource } from '@corbeille/kernel';

/** The provably fair scheme: outcomes are HMAC-SHA-256(seed, counter), committed to by SHA-256(seed). */
export const FAIRNESS_SCHEME = 'hmac-sha256-v1';

/** One random outcome as a command's events record it (`metadata.draws`). */
export interface RecordedDraw {
  /** The counter the outcome is derived from: `<revision of the command's first event>:<draw index>`. */
  readonly index: string;
  readonly min: number;
  readonly max: number;
  readonly value: number;
  /** The seed epoch the draw is derived from, when not 0 (after an early reveal the game goes on with a new seed). */
  readonly epoch?: number;
  /** hmac-sha256-v2: the unit of chance (within the command) whose sub-seed the draw is derived from. */
  readonly unit?: number;
}

const HEX_SEED = /^[0-9a-f]{64}$/;
/** Candidates are 48-bit integers (6 bytes of the HMAC): exact in a JS number, so any range up to 2^48 is unbiased. */
const CANDIDATE_BYTES = 6;
const CANDIDATE_SPACE = 2 ** (8 * CANDIDATE_BYTES);
/** A range is at most this wide; past it the rejection sampling would not be uniform. */
export const MAX_FAIR_RANGE = CANDIDATE_SPACE;

/** A fresh secret seed: 32 bytes from the operating system's cryptographic generator, lowercase hex. */
export function newSeed(): string {
  return randomBytes(32).toString('hex');
}

export function isSeed(value: unknown): value is string {
  return typeof value === 'string' && HEX_SEED.test(value);
}

/** The public commitment to a seed: SHA-256 (lowercase hex) of its 32 bytes. */
export function seedCommitment(seed: string): string {
  return createHash('sha256').update(seedBytes(seed)).digest('hex');
}

/** The counter of a command's `drawIndex`-th draw, the command being decided with its first event at `firstRevision`. */
export function drawCounter(firstRevision: number, drawIndex: number): string {
  return `${firstRevision}:${drawIndex}`;
}

/**
 * The outcome of a counter: a uniform integer in [min, max]. Attempt k takes the first 6 bytes of
 * HMAC-SHA-256(seed, "<counter>/<k>") as a big-endian integer x; x is rejected when it falls in the
 * incomplete last block of the range (x >= floor(2^48 / n) * n, n = max - min + 1), so no value is
 * favoured (a modulo alone would be biased); else the outcome is min + x mod n.
 */
export function fairInt(seed: string, counter: string, min: number, max: number): number {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max < min || max - min + 1 > MAX_FAIR_RANGE) {
    throw new Error(`Invalid random range [${min}, ${max}]`);
  }
  const size = max - min + 1;
  const limit = Math.floor(CANDIDATE_SPACE / size) * size;
  const key = seedBytes(seed);
  for (let attempt = 0; ; attempt += 1) {
    const candidate = createHmac('sha256', key).update(`${counter}/${attempt}`, 'utf8').digest().readUIntBE(0, CANDIDATE_BYTES);
    if (candidate < limit) return min + (candidate % size);
  }
}

/** A random source that records what it hands out, so the draws can go in the command's events. */
export interface RecordingRandomSource extends RandomSource {
  readonly draws: readonly RecordedDraw[];
}

/**
 * Chance for one decision: each draw derived from the game's seed and its counter. A fresh one is made for
 * every attempt at deciding a command, at the revision the attempt decides on.
 */
export function fairRandom(seed: string, firstRevision: number, epoch = 0): RecordingRandomSource {
  const draws: RecordedDraw[] = [];
  return {
    draws,
    int(min, max) {
      const index = drawCounter(firstRevision, draws.length);
      const value = fairInt(seed, index, min, max);
      draws.push(epoch === 0 ? { index, min, max, value } : { index, min, max, value, epoch });
      return value;
    },
  };
}

/** Records the draws of another source (for a game with no seed, or a test's scripted dice): recorded, not provable. */
export function recordingRandom(inner: RandomSource, firstRevision: number): RecordingRandomSource {
  const draws: RecordedDraw[] = [];
  return {
    draws,
    int(min, max) {
      const value = inner.int(min, max);
      draws.push({ index: drawCounter(firstRevision, draws.length), min, max, value });
      return value;
    },
  };
}

function seedBytes(seed: string): Buffer {
  if (!isSeed(seed)) throw new Error('A seed is 32 bytes written as 64 lowercase hex digits');
  return Buffer.from(seed, 'hex');
}
