import type { PricePoint } from './types';

/** The price points set at or before `position` (all of them without a position). */
export function historyUntil(history: readonly PricePoint[], position?: number): PricePoint[] {
  return position === undefined ? history.slice() : history.filter((point) => point.position <= position);
}

export interface LastMove {
  /** The price in force (the last point at or before the position). */
  readonly current: PricePoint | undefined;
  /** The price before it, if the stock has moved since par. */
  readonly previous: PricePoint | undefined;
  /** current - previous in cents (0 when it never moved). */
  readonly change: number;
}

/** The stock's last move at a position (or now): the price, the one before and the difference. */
export function lastMove(history: readonly PricePoint[], position?: number): LastMove {
  const points = historyUntil(history, position);
  const current = points[points.length - 1];
  const previous = points[points.length - 2];
  const change = current !== undefined && previous !== undefined ? current.price - previous.price : 0;
  return { current, previous, change };
}

export type Direction = 'up' | 'down' | 'flat';

export function directionOf(change: number): Direction {
  return change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
}
