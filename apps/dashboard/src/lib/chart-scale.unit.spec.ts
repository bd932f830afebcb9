import { extent, linearScale, linePath, niceStep, niceTicks, sampleEvenly, sparklinePath, stepPoints } from './chart-scale';

describe('chart scaling', () => {
  it('maps a domain onto a range, inverted for SVG y', () => {
    const y = linearScale([0, 200], [100, 0]);
    expect(y(0)).toBe(100);
    expect(y(100)).toBe(50);
    expect(y(200)).toBe(0);
  });

  it('puts a flat domain in the middle', () => {
    expect(linearScale([5, 5], [0, 10])(5)).toBe(5);
  });

  it('finds extents', () => {
    expect(extent([3, 1, 2])).toEqual([1, 3]);
    expect(extent([])).toEqual([0, 0]);
  });

  it('picks nice steps and ticks', () => {
    expect(niceStep(100, 5)).toBe(20);
    expect(niceStep(7, 5)).toBe(2);
    expect(niceStep(0.3, 3)).toBeCloseTo(0.1);
    expect(niceTicks(0, 100, 5)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(85, 135, 5)).toEqual([80, 90, 100, 110, 120, 130, 140]);
    const flat = niceTicks(100, 100, 4);
    expect(flat[0]).toBeLessThanOrEqual(100);
    expect(flat[flat.length - 1]).toBeGreaterThanOrEqual(100);
  });

  it('draws paths and steps', () => {
    expect(linePath([{ x: 0, y: 0 }, { x: 10.04, y: 5.06 }])).toBe('M0 0 L10 5.1');
    expect(
      stepPoints(
        [
          { x: 0, y: 100 },
          { x: 5, y: 110 },
          { x: 8, y: 110 },
        ],
        12,
      ),
    ).toEqual([
      { x: 0, y: 100 },
      { x: 5, y: 100 },
      { x: 5, y: 110 },
      { x: 8, y: 110 },
      { x: 12, y: 110 },
    ]);
    expect(sparklinePath([], 10, 10)).toBe('');
    expect(sparklinePath([1, 3], 12, 10, 1)).toBe('M1 9 L11 1');
    expect(sparklinePath([7], 12, 10, 1)).toBe('M1 5 L11 5');
  });

  it('samples evenly, keeping both ends', () => {
    expect(sampleEvenly([1, 2, 3], 5)).toEqual([1, 2, 3]);
    const sample = sampleEvenly(Array.from({ length: 101 }, (_, index) => index), 11);
    expect(sample).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect(sampleEvenly([1, 2, 3], 1)).toEqual([3]);
  });
});
