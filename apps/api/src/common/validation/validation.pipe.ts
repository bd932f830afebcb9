import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { InputValidationError, type FieldError } from '../errors/input-validation.error';
import { cacheValidationMetadataLookups } from './validation-metadata-cache';

/** Strict validation of every argument: unknown fields are rejected, values are converted to the DTO classes. */
export function createValidationPipe(): ValidationPipe {
  cacheValidationMetadataLookups();
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors: ValidationError[]) => new InputValidationError(flattenValidationErrors(errors)),
  });
}

export function flattenValidationErrors(errors: readonly ValidationError[], prefix = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const own: FieldError[] = error.constraints ? [{ field, messages: Object.values(error.constraints) }] : [];
    return [...own, ...flattenValidationErrors(error.children ?? [], field)];
  });
}
