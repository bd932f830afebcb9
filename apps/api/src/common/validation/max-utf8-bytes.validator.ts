import { registerDecorator, type ValidationOptions } from 'class-validator';

/** A string of at most `maxBytes` bytes once encoded in UTF-8 (what bcrypt reads), whatever its number of characters. */
export function MaxUtf8Bytes(maxBytes: number, options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'maxUtf8Bytes',
      target: target.constructor,
      propertyName: String(propertyName),
      constraints: [maxBytes],
      options: { message: `$property must be at most ${maxBytes} bytes in UTF-8 (longer is refused, not cut)`, ...options },
      validator: {
        validate: (value: unknown) => typeof value === 'string' && Buffer.byteLength(value, 'utf8') <= maxBytes,
      },
    });
  };
}
