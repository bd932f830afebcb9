import { InvalidInput } from '@corbeille/kernel';
import { components } from './content';
import type { BolsaOptions } from './types';

export const defaultBolsaOptions: BolsaOptions = {
  planningSeconds: components.planningSeconds,
  timedFromMonth: 1,
  lastMonth: 12,
  lotteryRotation: 'next-seat',
};

const planningSecondsRange = { min: 5, max: 600 };
/** "End the game, but always at the end of a quarter." */
const quarterEnds = [3, 6, 9, 12] as const;
const rotations = ['next-seat', 'previous-seat'] as const;

/** Fills in the defaults and checks every setup choice; throws InvalidInput 'INVALID_OPTIONS'. */
export function resolveOptions(requested: Partial<BolsaOptions> = {}): BolsaOptions {
  const options = { ...defaultBolsaOptions, ...Object.fromEntries(Object.entries(requested).filter(([, value]) => value !== undefined)) };
  const { planningSeconds, timedFromMonth } = options;
  if (!isIntegerIn(planningSeconds, planningSecondsRange)) {
    throw invalid('planningSeconds', `The planning time is a whole number of seconds from ${planningSecondsRange.min} to ${planningSecondsRange.max}`);
  }
  if (!isIntegerIn(timedFromMonth, { min: 1, max: components.months })) {
    throw invalid('timedFromMonth', 'The timer starts in a month from 1 (January) to 12 (December)');
  }
  const lastMonth = quarterEnds.find((month) => month === options.lastMonth);
  if (lastMonth === undefined) {
    throw invalid('lastMonth', 'A shorter game always ends at the end of a quarter: month 3, 6, 9 or 12');
  }
  const lotteryRotation = rotations.find((rotation) => rotation === options.lotteryRotation);
  if (lotteryRotation === undefined) throw invalid('lotteryRotation', 'The lottery passes to the "next-seat" or the "previous-seat"');
  return { planningSeconds, timedFromMonth, lastMonth, lotteryRotation };
}

function isIntegerIn(value: unknown, range: { min: number; max: number }): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max;
}

function invalid(field: string, message: string): InvalidInput {
  return new InvalidInput('INVALID_OPTIONS', message, { field });
}
