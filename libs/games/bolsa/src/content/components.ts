import type { TrendDie } from '../types';

/** Game Components and Preparing to Play, as numbers the rules read. */
export const components = {
  players: { min: 2, max: 6 },
  /** 1 €100, 1 €50, 4 €10 and 2 €5. */
  startingCash: 200,
  /** Preparing to Play: 5 blue markers per player (Step 4: "can place 5 markers"). */
  markersPerPlayer: 5,
  /** Step 4: the 30 second timer. */
  planningSeconds: 30,
  /** decisions.md: the six faces of a trend die. */
  trendDieFaces: [-3, -2, -1, 1, 2, 3] as const satisfies readonly TrendDie[],
  months: 12,
  monthsPerQuarter: 3,
  /** Step 9: a reader draws 3 cards and keeps 1. */
  cardsDrawnByReader: 3,
  monthNames: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
} as const;
