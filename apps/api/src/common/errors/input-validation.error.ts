/** One invalid field of an input, by its dotted path inside the argument (e.g. "options.roundLimit"). */
export interface FieldError {
  readonly field: string;
  readonly messages: readonly string[];
}

/** Input that does not have the expected shape; raised before any command reaches the game. */
export class InputValidationError extends Error {
  constructor(readonly fields: readonly FieldError[]) {
    super(
      fields.length === 0
        ? 'Invalid input'
        : `Invalid input: ${fields.map((field) => `${field.field}: ${field.messages.join(', ')}`).join('; ')}`,
    );
    this.name = 'InputValidationError';
  }
}
