import { scriptedRandom, seededRandom, shuffle } from './random';

describe('seededRandom', () => {
  it('replays the same sequence for the same seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const xs = Array.from({ length: 50 }, () => a.int(1, 6));
    const ys = Array.from({ length: 50 }, () => b.int(1, 6));
    expect(xs).toEqual(ys);
  });

  it('stays within bounds and reaches every face', () => {
    const r = seededRandom(7);
    const seen = new Set<number>();
    for (let i = 0; i < 600; i += 1) {
      const v = r.int(1, 6);
      expect(v).toBeGreaterThanOrEqual(1);
      expect(v).toBeLessThanOrEqual(6);
      seen.add(v);
    }
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('rejects an empty range', () => {
    expect(() => seededRandom(1).int(3, 2)).toThrow('Invalid random range');
  });
});

describe('scriptedRandom', () => {
  it('returns the script and refuses values outside the requested range', () => {
    const r = scriptedRandom([2, 9]);
    expect(r.int(1, 6)).toBe(2);
    expect(() => r.int(1, 6)).toThrow('outside');
  });
});

describe('shuffle', () => {
  it('permutes without losing items', () => {
    const items = [1, 2, 3, 4, 5, 6, 7, 8];
    const shuffled = shuffle(items, seededRandom(3));
    expect([...shuffled].sort()).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
