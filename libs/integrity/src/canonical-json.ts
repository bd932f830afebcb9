/**
 * Canonical JSON: one spelling for one JSON value, so that equal content always hashes the same.
 *
 * - The value is first taken through JSON (JSON.stringify, then JSON.parse), exactly as an event store
 *   keeps it: `toJSON` is honoured, `undefined` and functions are dropped from objects (null in arrays),
 *   non-finite numbers become null. A value JSON cannot hold at all (a BigInt, a cycle) is refused.
 * - Object keys are sorted by UTF-16 code units, at every depth; arrays keep their order.
 * - No whitespace. Strings are written as JSON.stringify writes them: non-ASCII characters as they are
 *   (UTF-8 once encoded), lone surrogates escaped; no Unicode normalisation, so "é" and "e\u0301" differ.
 * - Numbers are written as ECMAScript writes them (shortest round-trip form, `1e+21`, `-0` as `0`).
 *
 * These are the rules of RFC 8785 (JSON Canonicalization Scheme) for the values JSON.parse produces.
 */
export function canonicalJson(value: unknown, what = 'Value'): string {
  // Events are plain data: written directly, they need no trip through JSON. Anything else (a toJSON,
  // an undefined member, a non-finite number, a class instance, a cycle...) takes the trip, which
  // defines the result in every case; for plain data both ways write the same text.
  const direct = writePlain(value, 0);
  if (direct !== undefined) return direct;
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError(`${what} is not JSON-serialisable`);
  return write(JSON.parse(json) as unknown);
}

/** Nesting beyond this is left to the trip through JSON (which also catches cycles). */
const MAX_PLAIN_DEPTH = 256;

/** The canonical text of plain data (JSON.parse's kind of values), or undefined for anything else. */
function writePlain(value: unknown, depth: number): string | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : undefined;
    case 'object': {
      if (value === null) return 'null';
      if (depth >= MAX_PLAIN_DEPTH) return undefined;
      if (Array.isArray(value)) {
        if (Object.getPrototypeOf(value) !== Array.prototype) return undefined;
        let out = '[';
        for (let index = 0; index < value.length; index++) {
          const item = writePlain(value[index], depth + 1);
          if (item === undefined) return undefined;
          out += index === 0 ? item : `,${item}`;
        }
        return `${out}]`;
      }
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return undefined;
      const object = value as Record<string, unknown>;
      if (typeof object['toJSON'] === 'function') return undefined;
      const keys = Object.keys(object).sort();
      let out = '{';
      for (let index = 0; index < keys.length; index++) {
        const key = keys[index] as string;
        const member = writePlain(object[key], depth + 1);
        if (member === undefined) return undefined;
        out += `${index === 0 ? '' : ','}${JSON.stringify(key)}:${member}`;
      }
      return `${out}}`;
    }
    default:
      return undefined;
  }
}

function write(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(write).join(',')}]`;
  const object = value as Record<string, unknown>;
  const members = Object.keys(object)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${write(object[key])}`);
  return `{${members.join(',')}}`;
}
