import { InvalidInput } from '@corbeille/kernel';

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };
export type JsonObject = { readonly [key: string]: JsonValue };

function isJsonValue(value: unknown, depth: number): value is JsonValue {
  if (depth > 8) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isJsonValue(item, depth + 1));
  if (typeof value === 'object') {
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return false;
    return Object.values(value).every((item) => isJsonValue(item, depth + 1));
  }
  return false;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && isJsonValue(value, 0);
}

/** A plain JSON object of at most `maxLength` characters once serialised. */
export function checkJsonObject(value: unknown, field: string, maxLength: number): JsonObject {
  if (!isJsonObject(value)) throw new InvalidInput('INVALID_OPTIONS', `${field} must be a JSON object`, { field });
  if (JSON.stringify(value).length > maxLength) {
    throw new InvalidInput('OPTIONS_TOO_LARGE', `${field} must be at most ${maxLength} characters of JSON`, { field, maxLength });
  }
  return value;
}
