import { actualScore, expectedScore, INITIAL_RATING, ratingChanges, roundRating } from './elo-rating';

describe('multiplayer Elo as pairwise results', () => {
  it('gives +16 / 0 / -16 to three newcomers placed 1, 2, 3 (K = 32 over N - 1 = 2 pairs each)', () => {
    const changes = ratingChanges([
      { rank: 1, rating: INITIAL_RATING },
      { rank: 2, rating: INITIAL_RATING },
      { rank: 3, rating: INITIAL_RATING },
    ]);
    expect(changes).toEqual([16, 0, -16]);
  });

  it('weighs each pair by the expected score: the worked second game of docs/leagues.md', () => {
    // Ratings 1516 (A), 1500 (B), 1484 (C); C wins, A second, B last.
    expect(expectedScore(1484, 1516)).toBeCloseTo(0.454078, 6);
    expect(expectedScore(1484, 1500)).toBeCloseTo(0.47699, 5);
    const [a, b, c] = ratingChanges([
      { rank: 2, rating: 1516 },
      { rank: 3, rating: 1500 },
      { rank: 1, rating: 1484 },
    ]);
    expect(a).toBeCloseTo(-1.1029, 4);
    expect(b).toBeCloseTo(-16, 10);
    expect(c).toBeCloseTo(17.1029, 4);
    expect(roundRating(1516 + (a ?? 0))).toBe(1514.9);
    expect(roundRating(1484 + (c ?? 0))).toBe(1501.1);
  });

  it('scores a shared rank as a draw', () => {
    expect(actualScore(1, 1)).toBe(0.5);
    const changes = ratingChanges([1, 1, 3, 4].map((rank) => ({ rank, rating: 1500 })));
    // Each pair is worth K / 3; the two winners draw with each other and beat both others.
    expect(changes[0]).toBeCloseTo(32 / 3, 10);
    expect(changes[1]).toBeCloseTo(32 / 3, 10);
    expect(changes[2]).toBeCloseTo(-16 / 3, 10);
    expect(changes[3]).toBeCloseTo(-16, 10);
  });

  it('is zero-sum and leaves a lone player alone', () => {
    const changes = ratingChanges([
      { rank: 2, rating: 1610 },
      { rank: 1, rating: 1420 },
      { rank: 4, rating: 1500 },
      { rank: 3, rating: 1555 },
      { rank: 5, rating: 1380 },
    ]);
    expect(changes.reduce((sum, change) => sum + change, 0)).toBeCloseTo(0, 10);
    expect(ratingChanges([{ rank: 1, rating: 1500 }])).toEqual([0]);
  });
});
