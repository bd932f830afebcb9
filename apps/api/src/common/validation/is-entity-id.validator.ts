import { registerDecorator, type ValidationOptions } from 'class-validator';
import { isValidId } from '@corbeille/kernel';

/** A UUID or a short slug (letters, digits, dash, underscore; at most 64 characters). */
export function IsEntityId(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'isEntityId',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: '$property must be a UUID or a slug (letters, digits, "-" or "_", at most 64 characters)', ...options },
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isValidId(value),
      },
    });
  };
}
