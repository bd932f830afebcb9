import { InputValidationError } from '../errors/input-validation.error';

/**
 * Opaque cursors: base64url of "<kind>:<n>[:<n>...]" with non-negative safe integers. The kind stops a
 * cursor of one connection being used with another.
 */
export function encodeCursor(kind: string, ...values: readonly number[]): string {
  return Buffer.from([kind, ...values.map(String)].join(':'), 'utf8').toString('base64url');
}

export function decodeCursor(kind: string, cursor: string, arity: number, field = 'after'): number[] {
  const invalid = () => new InputValidationError([{ field, messages: [`${field} is not a valid cursor for this list`] }]);
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw invalid();
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  if (parts.length !== arity + 1 || parts[0] !== kind) throw invalid();
  const values = parts.slice(1).map((part) => (/^\d{1,16}$/.test(part) ? Number(part) : Number.NaN));
  if (values.some((value) => !Number.isSafeInteger(value))) throw invalid();
  return values;
}
