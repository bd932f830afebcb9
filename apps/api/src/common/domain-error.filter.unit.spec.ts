import { BadRequestException, Logger } from '@nestjs/common';
import { GraphQLError } from 'graphql';
import { ConcurrencyConflict, Forbidden, IdempotencyKeyReused, InvalidInput, NotFound, RuleViolation } from '@corbeille/kernel';
import { toGraphQLError } from './domain-error.filter';
import { INTERNAL_ERROR_MESSAGE } from './errors/error-codes';
import { InputValidationError } from './errors/input-validation.error';

describe('toGraphQLError', () => {
  it.each([
    [new RuleViolation('NOT_YOUR_TURN', "It is Alice's turn", { roller: 'alice' }), 'RULE_VIOLATION'],
    [new InvalidInput('ODD_LOT', 'Lots of 500'), 'BAD_USER_INPUT'],
    [new NotFound('GAME_NOT_FOUND', 'No such game'), 'NOT_FOUND'],
    [new ConcurrencyConflict('CONCURRENT_UPDATE', 'Try again'), 'CONFLICT'],
    [new Forbidden('NOT_YOURS', 'Not your seat'), 'FORBIDDEN'],
    [new IdempotencyKeyReused('ann-buy-1'), 'IDEMPOTENCY_KEY_REUSED'],
  ])('maps %p to %s with its domain code and message', (error, code) => {
    const mapped = toGraphQLError(error);
    expect(mapped.message).toBe(error.message);
    expect(mapped.extensions).toEqual({ code, domainCode: error.code, details: { ...error.details } });
  });

  it('maps invalid fields to BAD_USER_INPUT with the fields', () => {
    const mapped = toGraphQLError(new InputValidationError([{ field: 'shares', messages: ['shares must be an integer'] }]));
    expect(mapped.extensions).toEqual({ code: 'BAD_USER_INPUT', fields: [{ field: 'shares', messages: ['shares must be an integer'] }] });
    expect(mapped.message).toContain('shares must be an integer');
  });

  it('keeps GraphQL errors and maps HTTP 400s', () => {
    const graphQLError = new GraphQLError('as is', { extensions: { code: 'X' } });
    expect(toGraphQLError(graphQLError)).toBe(graphQLError);
    expect(toGraphQLError(new BadRequestException('bad')).extensions).toEqual({ code: 'BAD_USER_INPUT' });
  });

  it('logs anything unexpected and masks it', () => {
    const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const mapped = toGraphQLError(new TypeError('secret internals'));
    expect(mapped.message).toBe(INTERNAL_ERROR_MESSAGE);
    expect(mapped.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR' });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('secret internals'));
    log.mockRestore();
  });
});
