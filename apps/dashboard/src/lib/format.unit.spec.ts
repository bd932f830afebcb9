import { formatCents, formatCentsChange, formatCount, formatDateTime, formatPerShare, formatPhase, joinNames } from './format';

describe('money formatting', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [110, '$1.10'],
    [110_000, '$1,100.00'],
    [123_456_789, '$1,234,567.89'],
    [-50, '-$0.50'],
    [-640_000, '-$6,400.00'],
  ])('%i cents is %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('shows small per-share amounts in cents', () => {
    expect(formatPerShare(10)).toBe('10¢');
    expect(formatPerShare(5)).toBe('5¢');
    expect(formatPerShare(125)).toBe('$1.25');
  });

  it('signs changes', () => {
    expect(formatCentsChange(10)).toBe('+$0.10');
    expect(formatCentsChange(-25)).toBe('-$0.25');
    expect(formatCentsChange(0)).toBe('$0.00');
  });

  it('groups counts', () => {
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(-12_500)).toBe('-12,500');
  });
});

describe('other formatting', () => {
  it('shows instants in UTC', () => {
    expect(formatDateTime('2026-11-03T19:00:15.000Z')).toBe('03 Nov 2026, 19:00:15 UTC');
    expect(formatDateTime('2026-11-03T19:00:15.000Z', { zone: false })).toBe('03 Nov 2026, 19:00:15');
    expect(formatDateTime('not a date')).toBe('not a date');
  });

  it('names phases and lists', () => {
    expect(formatPhase('TRADING')).toBe('Trading window');
    expect(formatPhase('SOMETHING')).toBe('SOMETHING');
    expect(joinNames([])).toBe('');
    expect(joinNames(['Alice'])).toBe('Alice');
    expect(joinNames(['Alice', 'Chloe'])).toBe('Alice and Chloe');
    expect(joinNames(['Alice', 'Bruno', 'Chloe'])).toBe('Alice, Bruno and Chloe');
  });
});
