/**
 * The only way a rule gets chance. Implementations: a seeded PRNG (replayable from its seed),
 * a scripted source for tests, and a cryptographic one in the API. Rules record every outcome
 * in their events, so replay never needs the source again.
 */
export interface RandomSource {
  /** A uniformly distributed integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /**
   * Runs draws whose outcome stays hidden (a shuffled pile's order) as one unit of chance of their own, so a
   * provably fair source can commit to it apart and reveal it only to who may know it (docs/integrity.md).
   * Sources without it (scripted dice, replays) just run the draws.
   */
  concealed?<T>(draw: () => T): T;
}

/** mulberry32: small, fast, deterministic; good enough for dice, not for secrets. */
export function seededRandom(seed: number): RandomSource {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int(min, max) {
      checkRange(min, max);
      return min + Math.floor(next() * (max - min + 1));
    },
  };
}

/** Returns the given values in order (each must lie in the requested range); for tests and worked examples. */
export function scriptedRandom(values: readonly number[]): RandomSource & { remaining(): number } {
  let index = 0;
  return {
    int(min, max) {
      checkRange(min, max);
      const value = values[index];
      if (value === undefined) throw new Error(`scriptedRandom: ran out of values after ${index}`);
      if (value < min || value > max) {
        throw new Error(`scriptedRandom: value ${value} at ${index} is outside [${min}, ${max}]`);
      }
      index += 1;
      return value;
    },
    remaining: () => values.length - index,
  };
}

/** A source that refuses to be used: for commands that must not involve chance. */
export const noRandom: RandomSource = {
  int() {
    throw new Error('This command must not use randomness');
  },
};

function checkRange(min: number, max: number): void {
  if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
    throw new Error(`Invalid random range [${min}, ${max}]`);
  }
}

/** Fisher-Yates shuffle driven by a RandomSource (returns a new array). */
export function shuffle<T>(items: readonly T[], random: RandomSource): T[] {
  // The order of a shuffled pile is hidden information: its draws are a concealed unit of chance.
  return random.concealed ? random.concealed(() => fisherYates(items, random)) : fisherYates(items, random);
}

function fisherYates<T>(items: readonly T[], random: RandomSource): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = random.int(0, i);
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}
