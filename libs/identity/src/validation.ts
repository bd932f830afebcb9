import { InvalidInput } from '@corbeille/kernel';

export const MAX_EMAIL_LENGTH = 254;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Emails are compared trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  if (normalized.length > MAX_EMAIL_LENGTH || !EMAIL.test(normalized)) {
    throw new InvalidInput('INVALID_EMAIL', 'This is not a valid email address', { field: 'email' });
  }
  return normalized;
}

/** A display name, league or season name: trimmed, 1 to `max` characters, no control characters. */
export function cleanName(value: string, field: string, max: number): string {
  const name = value.trim();
  if (name.length === 0 || name.length > max || CONTROL.test(name)) {
    throw new InvalidInput('INVALID_NAME', `${field} must be 1 to ${max} printable characters`, { field, max });
  }
  return name;
}

/** Milliseconds between two ISO-8601 instants (b - a). */
export function millisBetween(a: string, b: string): number {
  return Date.parse(b) - Date.parse(a);
}
