/**
 * Serialises event data or metadata. Stores keep JSON, so anything JSON cannot represent is rejected
 * up front (before any event of the append is written) instead of being silently altered or dropped.
 */
export function toJson(value: unknown, what: string): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError(`${what} is not JSON-serialisable`);
  return json;
}
