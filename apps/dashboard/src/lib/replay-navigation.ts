/** Index of the last position at or before `position` in ascending `positions` (0 when before the first). */
export function indexAtOrBefore(positions: readonly number[], position: number): number {
  let low = 0;
  let high = positions.length - 1;
  let found = 0;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const value = positions[middle] ?? Number.POSITIVE_INFINITY;
    if (value <= position) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/** The nearest round end strictly before `index` (the first event when there is none). */
export function previousRoundIndex(types: readonly string[], index: number): number {
  for (let at = Math.min(index, types.length) - 1; at >= 0; at -= 1) {
    if (types[at] === 'RoundCompleted') return at;
  }
  return 0;
}

/** The nearest round end strictly after `index` (the last event when there is none). */
export function nextRoundIndex(types: readonly string[], index: number): number {
  for (let at = index + 1; at < types.length; at += 1) {
    if (types[at] === 'RoundCompleted') return at;
  }
  return Math.max(0, types.length - 1);
}

export function clampIndex(index: number, length: number): number {
  if (length === 0) return 0;
  return Math.min(Math.max(0, Math.trunc(index)), length - 1);
}

/** A `position` search parameter as a non-negative safe integer, or null. */
export function parsePosition(value: string | readonly string[] | undefined): number | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw.trim())) return null;
  const position = Number(raw.trim());
  return Number.isSafeInteger(position) ? position : null;
}

/** Autoplay speeds, in events per second. */
export const REPLAY_SPEEDS = [1, 2, 5, 10] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];
