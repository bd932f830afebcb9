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
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError(`${what} is not JSON-serialisable`);
  return write(JSON.parse(json) as unknown);
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
