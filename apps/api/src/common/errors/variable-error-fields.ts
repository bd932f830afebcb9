import type { FieldError } from './input-validation.error';

const INVALID_VALUE = /^Variable "\$(\w+)" got invalid value [\s\S]*?(?: at "([^"]+)")?; ([^;]*)$/;
const MISSING_VALUE = /^Variable "\$(\w+)" of (?:required |non-null )?type "[^"]+" (?:was not provided|must not be null)\.$/;
const NAMED_FIELD = /^Field "([^"]+)"/;

/**
 * GraphQL rejects ill-typed variables (unknown enum values, missing or extra fields) before any resolver
 * runs; this recovers the offending field from graphql-js's message so such errors carry `fields` too.
 * Paths are relative to the variable's value, like the ones of class-validator errors.
 */
export function fieldsOfVariableError(message: string): FieldError[] | undefined {
  const missing = MISSING_VALUE.exec(message);
  if (missing) return [{ field: missing[1] ?? '', messages: [message] }];
  const invalid = INVALID_VALUE.exec(message);
  if (!invalid) return undefined;
  const [, variable = '', at, reason = message] = invalid;
  // List indexes as class-validator writes them ("markers.0.company"), so both kinds of error name fields alike.
  const path = at ? at.replace(/\[(\d+)\]/g, '.$1').split('.').slice(1) : [];
  const named = NAMED_FIELD.exec(reason)?.[1];
  if (named !== undefined) path.push(named);
  return [{ field: path.length > 0 ? path.join('.') : variable, messages: [reason] }];
}
