import fc from 'fast-check';
import { formatInstant, minutesBetween, parseInstant } from './clock';

describe('clock', () => {
  it('reads ISO-8601 instants as the platform does', () => {
    const readings = [
      '2026-01-01T00:00:00.000Z',
      '1999-12-31T23:59:59Z',
      '2024-02-29T12:30Z',
      '2026-06-15T10:00:00.5+02:00',
      '1970-01-01T00:00:00.000-05:30',
    ];
    for (const text of readings) {
      expect(parseInstant(text)).toBe(Date.parse(text));
    }
  });

  it('writes and reads back any instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: -62_135_596_800_000, max: 253_402_300_799_999 }), (epochMilliseconds) => {
        const text = formatInstant(epochMilliseconds);
        expect(text).toBe(new Date(epochMilliseconds).toISOString());
        expect(parseInstant(text)).toBe(epochMilliseconds);
      }),
      { numRuns: 300 },
    );
  });

  it.each(['yesterday', '2026-13-01T00:00:00Z', '2025-02-29T00:00:00Z', '2026-01-01T24:00:00Z', '2026-01-01 00:00:00Z', '2026-01-01T00:00:00'])(
    'refuses %j',
    (text) => expect(parseInstant(text)).toBeUndefined(),
  );

  it('measures minutes between two readings', () => {
    expect(minutesBetween('2026-01-01T00:00:00.000Z', '2026-01-01T01:30:00.000Z')).toBe(90);
    expect(minutesBetween('2026-01-01T00:00:00Z', 'later')).toBeUndefined();
  });
});
