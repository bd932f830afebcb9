import { deepStrictEqual, fail } from 'node:assert';
import type { Decider, DecisionContext, DomainCommand, DomainEvent } from '../decider';
import { DomainError } from '../errors';
import { noRandom } from '../random';

const defaultContext: DecisionContext = { random: noRandom, now: '2026-01-01T00:00:00.000Z' };

type ErrorExpectation = { code?: string; kind?: DomainError['kind']; message?: string | RegExp };

/**
 * given(events).when(command).then(events) on a decider, in the style of emmett's DeciderSpecification.
 * Uses node:assert so it works under any test runner.
 */
export function deciderSpecification<S, C extends DomainCommand, E extends DomainEvent>(
  decider: Pick<Decider<S, C, E, unknown, unknown>, 'initialState' | 'decide' | 'evolve'>,
) {
  return {
    given(events: readonly E[]) {
      return {
        when(command: C, context: Partial<DecisionContext> = {}) {
          const run = (): E[] => {
            const state = events.reduce(decider.evolve, decider.initialState());
            return decider.decide(state, command, { ...defaultContext, ...context });
          };
          return {
            then(expected: readonly E[] | ((actual: E[]) => void)): E[] {
              const actual = run();
              if (typeof expected === 'function') expected(actual);
              else deepStrictEqual(actual, expected);
              return actual;
            },
            thenThrows(expected: ErrorExpectation = {}): DomainError {
              let produced: E[] | undefined;
              try {
                produced = run();
              } catch (error) {
                if (!(error instanceof DomainError)) throw error;
                if (expected.code !== undefined) deepStrictEqual(error.code, expected.code);
                if (expected.kind !== undefined) deepStrictEqual(error.kind, expected.kind);
                if (typeof expected.message === 'string') deepStrictEqual(error.message, expected.message);
                if (expected.message instanceof RegExp && !expected.message.test(error.message)) {
                  fail(`Message "${error.message}" does not match ${String(expected.message)}`);
                }
                return error;
              }
              return fail(`Expected a DomainError, got events ${JSON.stringify(produced)}`);
            },
          };
        },
      };
    },
  };
}
