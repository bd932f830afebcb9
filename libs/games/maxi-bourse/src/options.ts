import { InvalidInput } from '@corbeille/kernel';
import { maxiBourseContent } from './content';
import type { VariantName } from './content';
import type { MaxiBourseOptions } from './types';

export const defaultMaxiBourseOptions: MaxiBourseOptions = {
  variant: 'masters',
  turnLimit: maxiBourseContent.defaultTurnLimit,
  maxPlayers: maxiBourseContent.players.max,
};

/** Fills in the defaults and checks what a club may choose at the opening of the session. */
export function resolveOptions(options: Partial<MaxiBourseOptions> = {}): MaxiBourseOptions {
  const resolved = { ...defaultMaxiBourseOptions, ...options };
  const variants = Object.keys(maxiBourseContent.variants) as VariantName[];
  if (!variants.includes(resolved.variant)) {
    throw new InvalidInput('INVALID_OPTIONS', `The game is one of ${variants.join(', ')} (IV.6)`, { variant: resolved.variant });
  }
  const { turnLimit, maxPlayers } = resolved;
  if (turnLimit !== null && (!Number.isSafeInteger(turnLimit) || turnLimit < 1)) {
    throw new InvalidInput('INVALID_OPTIONS', 'The number of turns chosen in advance is a whole number of at least 1 (V)');
  }
  const { min, max } = maxiBourseContent.players;
  if (!Number.isSafeInteger(maxPlayers) || maxPlayers < min || maxPlayers > max) {
    throw new InvalidInput('INVALID_OPTIONS', `Maxi Bourse is played by ${min} to ${max} players`);
  }
  return resolved;
}
