import { formatCount } from './format';
import type { GameSummary } from './types';

/** The round column: "6 of 30", "10 of 10, over", "not started (30 rounds)". */
export function roundText(game: Pick<GameSummary, 'phase' | 'round' | 'roundLimit'>): string {
  const of = game.roundLimit === null ? '' : ` of ${formatCount(game.roundLimit)}`;
  if (game.phase === 'FINISHED') {
    if (game.round > 0) return `${formatCount(game.round)}${of}, over`;
    return game.roundLimit === null ? 'over' : `over (limit ${formatCount(game.roundLimit)})`;
  }
  if (game.phase === 'LOBBY' || game.round === 0) {
    return game.roundLimit === null ? 'not started' : `not started (${formatCount(game.roundLimit)} rounds)`;
  }
  return `${formatCount(game.round)}${of}`;
}
