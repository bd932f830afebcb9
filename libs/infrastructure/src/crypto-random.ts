import { randomInt } from 'node:crypto';
import type { RandomSource } from '@corbeille/kernel';

/** Dice for real games: the operating system's cryptographic generator. */
export const cryptoRandom: RandomSource = {
  int(min, max) {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new Error(`Invalid random range [${min}, ${max}]`);
    }
    return randomInt(min, max + 1);
  },
};
