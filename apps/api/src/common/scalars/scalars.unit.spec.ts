import { parseValue } from 'graphql';
import { JsonScalar } from './json.scalar';
import { SafeIntScalar } from './safe-int.scalar';

describe('JSON scalar', () => {
  it('passes values through and parses literals', () => {
    const value = { a: [1, 'two', null, true], b: { c: 2.5 } };
    expect(JsonScalar.serialize(value)).toBe(value);
    expect(JsonScalar.parseLiteral(parseValue('{ a: [1, "two", null, true], b: { c: 2.5 }, d: $x }'), { x: 7 })).toEqual({ ...value, d: 7 });
  });
});

describe('SafeInt scalar', () => {
  it('accepts integers beyond 32 bits and refuses the rest', () => {
    expect(SafeIntScalar.serialize(2 ** 40)).toBe(2 ** 40);
    expect(SafeIntScalar.parseLiteral(parseValue('9007199254740991'), undefined)).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => SafeIntScalar.parseValue(1.5)).toThrow('safe integer');
    expect(() => SafeIntScalar.parseValue('12')).toThrow('safe integer');
    expect(() => SafeIntScalar.parseLiteral(parseValue('9007199254740993'), undefined)).toThrow('safe integer');
    expect(() => SafeIntScalar.parseLiteral(parseValue('"1"'), undefined)).toThrow('non-integer');
  });
});
