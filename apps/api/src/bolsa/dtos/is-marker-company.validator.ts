import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { BOLSA_COMPANIES } from '../models/bolsa-enums';

/** A SELL or BUY marker names one company in play on a BOLSA board; a NEWSPAPER marker names none. */
export function IsMarkerCompany(actionProperty: string, options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    const isNewspaper = (args: ValidationArguments | undefined) => (args?.object as Record<string, unknown> | undefined)?.[actionProperty] === 'NEWSPAPER';
    registerDecorator({
      name: 'isMarkerCompany',
      target: target.constructor,
      propertyName: String(propertyName),
      options: {
        message: (args) => (isNewspaper(args) ? 'a NEWSPAPER marker names no company' : 'a SELL or BUY marker names its company'),
        ...options,
      },
      validator: {
        validate: (value: unknown, args) =>
          isNewspaper(args) ? value === undefined || value === null : typeof value === 'string' && BOLSA_COMPANIES.some((id) => id === value),
      },
    });
  };
}
