import { BadRequestException, ForbiddenException, HttpException, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { isDomainError } from '@corbeille/kernel';
import { InputValidationError } from '../../common/errors/input-validation.error';
import { Unauthenticated } from '../../common/errors/unauthenticated.error';

/** The REST routes' share of the one error mapping: same codes, as HTTP statuses. */
export function toHttpException(error: unknown): unknown {
  if (error instanceof Unauthenticated) return new UnauthorizedException(error.message);
  if (error instanceof InputValidationError) return new BadRequestException(error.message);
  if (!isDomainError(error)) return error;
  switch (error.kind) {
    case 'FORBIDDEN':
      return new ForbiddenException(error.message);
    case 'NOT_FOUND':
      return new NotFoundException(error.message);
    case 'INVALID_INPUT':
      return new BadRequestException(error.message);
    default:
      return new HttpException(error.message, 409);
  }
}
