import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { canonicalJson } from './canonical-json';

/** The definition: through JSON, then keys sorted at every depth. */
function throughJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('not JSON-serialisable');
  const write = (item: unknown): string => {
    if (item === null || typeof item !== 'object') return JSON.stringify(item);
    if (Array.isArray(item)) return `[${item.map(write).join(',')}]`;
    const object = item as Record<string, unknown>;
    return `{${Object.keys(object)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${write(object[key])}`)
      .join(',')}}`;
  };
  return write(JSON.parse(json) as unknown);
}

function outcome(run: () => string): string {
  try {
    return run();
  } catch (error) {
    return `throws ${error instanceof TypeError ? 'TypeError' : String(error)}`;
  }
}

describe('canonicalJson', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1, 2], c: null } })).toBe('{"a":{"c":null,"d":[3,1,2]},"b":1}');
    expect(canonicalJson({ a: { c: null, d: [3, 1, 2] }, b: 1 })).toBe(canonicalJson({ b: 1, a: { d: [3, 1, 2], c: null } }));
    expect(canonicalJson([{ z: 1, y: 2 }, { x: 3 }])).toBe('[{"y":2,"z":1},{"x":3}]');
  });

  it('sorts keys by UTF-16 code units, as RFC 8785 does', () => {
    // U+1F600 is the surrogate pair D83D DE00, which sorts before U+FB01 by code units (though not by code points).
    const value = { '\u20ac': 1, '\ud83d\ude00': 2, '\ufb01': 3, a: 4, B: 5, '1': 6, '': 7 };
    expect(canonicalJson(value)).toBe('{"":7,"1":6,"B":5,"a":4,"\u20ac":1,"\ud83d\ude00":2,"\ufb01":3}');
  });

  it('writes unicode as it is, without normalising it, and escapes what JSON must', () => {
    expect(canonicalJson({ text: 'Ünïcödé 株式 📈' })).toBe('{"text":"Ünïcödé 株式 📈"}');
    expect(canonicalJson('é')).not.toBe(canonicalJson('e\u0301'));
    expect(canonicalJson('"quoted" \\ \n\t\u0001')).toBe('"\\"quoted\\" \\\\ \\n\\t\\u0001"');
    expect(canonicalJson('\ud800')).toBe('"\\ud800"');
  });

  it('writes numbers in their shortest ECMAScript form', () => {
    expect(canonicalJson([0, -0, 1, -1.5, 1e21, 1e-7, 0.1 + 0.2, Number.MAX_SAFE_INTEGER, 100, 1.0, 5e-324])).toBe(
      '[0,0,1,-1.5,1e+21,1e-7,0.30000000000000004,9007199254740991,100,1,5e-324]',
    );
    expect(canonicalJson([Number.NaN, Number.POSITIVE_INFINITY])).toBe('[null,null]');
  });

  it('canonicalises what JSON would store: toJSON, undefined members and holes', () => {
    expect(canonicalJson({ at: new Date('2026-04-01T10:00:00.000Z'), gone: undefined, list: [undefined, 1] })).toBe(
      '{"at":"2026-04-01T10:00:00.000Z","list":[null,1]}',
    );
    expect(canonicalJson({ b: true, a: false, c: '' })).toBe('{"a":false,"b":true,"c":""}');
    expect(canonicalJson({})).toBe('{}');
    expect(canonicalJson([])).toBe('[]');
  });

  it('keeps an own "__proto__" key as data', () => {
    const value = JSON.parse('{"b":1,"__proto__":{"x":1}}') as unknown;
    expect(canonicalJson(value)).toBe('{"__proto__":{"x":1},"b":1}');
  });

  it('refuses values JSON cannot hold', () => {
    expect(() => canonicalJson(BigInt(1))).toThrow(TypeError);
    expect(() => canonicalJson(undefined, 'Data')).toThrow('Data is not JSON-serialisable');
    const cycle: { self?: unknown } = {};
    cycle.self = cycle;
    expect(() => canonicalJson(cycle)).toThrow(TypeError);
  });

  it('gives the same digest for the same content written in any key order', () => {
    const digest = (value: unknown): string => createHash('sha256').update(canonicalJson(value), 'utf8').digest('hex');
    const a = JSON.parse('{"cash":5000,"holdings":{"OIL":0,"GOLD":200},"name":"Ana"}') as unknown;
    const b = JSON.parse('{"name":"Ana","holdings":{"GOLD":200,"OIL":0},"cash":5e3}') as unknown;
    expect(digest(a)).toBe(digest(b));
    expect(digest(a)).not.toBe(digest({ cash: 5001, holdings: { GOLD: 200, OIL: 0 }, name: 'Ana' }));
  });

  it('writes plain data directly exactly as the trip through JSON does, and anything else too', () => {
    const deep = (levels: number): unknown => (levels === 0 ? 1 : { [`k${levels}`]: [deep(levels - 1)] });
    const samples: unknown[] = [deep(300), Object.create(null), Object.assign(Object.create(null), { b: 1, a: [2] }), { toJSON: 3 }, { toJSON: () => ({ z: 1, a: 2 }) }, [1, , 3], -0, { a: Symbol('s') }, { f: () => 1 }, new Map([[1, 2]])];
    for (const sample of samples) expect(outcome(() => canonicalJson(sample))).toBe(outcome(() => throughJson(sample)));
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value)).toBe(throughJson(value));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.anything({ withDate: true, withNullPrototype: true, withBoxedValues: true, withSparseArray: true, withObjectString: true }), (value) => {
        expect(outcome(() => canonicalJson(value))).toBe(outcome(() => throughJson(value)));
      }),
      { numRuns: 500 },
    );
  });
});
