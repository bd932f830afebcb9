import { formatCents, formatCount } from './money';

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [90, '$0.90'],
    [110, '$1.10'],
    [10_000, '$100.00'],
    [123_450, '$1,234.50'],
    [500_000, '$5,000.00'],
    [123_456_789, '$1,234,567.89'],
    [-50_000, '-$500.00'],
  ])('writes %p cents as %s', (cents, text) => expect(formatCents(cents)).toBe(text));
});

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(500)).toBe('500');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(-12_500)).toBe('-12,500');
  });
});
