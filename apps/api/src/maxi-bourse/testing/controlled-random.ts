import { seededRandom, type RandomSource } from '@corbeille/kernel';

/** A seeded source whose next draws can be forced (e.g. the dice of one roll), for scenarios over HTTP. */
export interface ControlledRandom extends RandomSource {
  /** The next draws return these values, in order, then the seeded sequence resumes. */
  force(...values: number[]): void;
}

export function controlledRandom(seed: number): ControlledRandom {
  const seeded = seededRandom(seed);
  const forced: number[] = [];
  return {
    int(min, max) {
      const next = forced.shift();
      if (next === undefined) return seeded.int(min, max);
      if (next < min || next > max) throw new Error(`forced value ${next} is outside [${min}, ${max}]`);
      return next;
    },
    force(...values) {
      forced.push(...values);
    },
  };
}
