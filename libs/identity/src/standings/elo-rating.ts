/**
 * Elo for games of several players, as pairwise results: each game is read as every pair of its players
 * having played one match, won by the better placed (a draw on equal ranks). With ratings before the game,
 *
 *   E(i, j) = 1 / (1 + 10^((R_j - R_i) / 400))           expected score of i against j
 *   S(i, j) = 1 if rank_i < rank_j, 1/2 if equal, else 0  actual score
 *   R_i'    = R_i + K / (N - 1) * sum over j != i of (S(i, j) - E(i, j))
 *
 * Dividing K by N - 1 keeps one game worth one match's swing however many play; the changes sum to zero.
 */
export const INITIAL_RATING = 1500;
export const RATING_K = 32;

export interface RatedPlacement {
  readonly rank: number;
  readonly rating: number;
}

export function expectedScore(rating: number, opponentRating: number): number {
  return 1 / (1 + 10 ** ((opponentRating - rating) / 400));
}

export function actualScore(rank: number, opponentRank: number): number {
  if (rank === opponentRank) return 0.5;
  return rank < opponentRank ? 1 : 0;
}

/** Rating changes of one game, in the order of `placements`. */
export function ratingChanges(placements: readonly RatedPlacement[], k: number = RATING_K): number[] {
  const n = placements.length;
  if (n < 2) return placements.map(() => 0);
  return placements.map((player, i) => {
    let sum = 0;
    placements.forEach((opponent, j) => {
      if (i === j) return;
      sum += actualScore(player.rank, opponent.rank) - expectedScore(player.rating, opponent.rating);
    });
    return (k / (n - 1)) * sum;
  });
}

/** Ratings are kept exact and shown to one decimal. */
export function roundRating(rating: number): number {
  return Math.round(rating * 10) / 10;
}
