import type { SnapshotPlayer } from './types';

/** A player's net worth at a point of the game, as the API computes it (BORROWING's charge included). */
export function snapshotNetWorth(player: SnapshotPlayer): number | null {
  return player.netWorth;
}

export function holdingsValue(holdings: readonly { value: number }[]): number {
  return holdings.reduce((sum, holding) => sum + holding.value, 0);
}
