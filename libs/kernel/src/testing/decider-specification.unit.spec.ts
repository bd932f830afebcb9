import { RuleViolation } from '../errors';
import type { Decider } from '../decider';
import { deciderSpecification } from './decider-specification';

type Counter = { value: number };
type Cmd = { type: 'Add'; data: { by: number } };
type Evt = { type: 'Added'; data: { by: number } };

const counter: Decider<Counter, Cmd, Evt> = {
  initialState: () => ({ value: 0 }),
  decide: (state, command) => {
    if (state.value + command.data.by > 10) throw new RuleViolation('TOO_MUCH', 'The counter stops at 10');
    return [{ type: 'Added', data: { by: command.data.by } }];
  },
  evolve: (state, event) => ({ value: state.value + event.data.by }),
  view: (state) => state,
  legalActions: () => [],
  isTerminal: () => false,
};

const spec = deciderSpecification(counter);

describe('deciderSpecification', () => {
  it('checks the produced events', () => {
    spec.given([{ type: 'Added', data: { by: 4 } }]).when({ type: 'Add', data: { by: 6 } }).then([
      { type: 'Added', data: { by: 6 } },
    ]);
  });

  it('fails when the events differ', () => {
    expect(() => spec.given([]).when({ type: 'Add', data: { by: 1 } }).then([])).toThrow();
  });

  it('checks domain errors', () => {
    spec.given([{ type: 'Added', data: { by: 8 } }]).when({ type: 'Add', data: { by: 3 } }).thenThrows({
      code: 'TOO_MUCH',
      kind: 'RULE_VIOLATION',
    });
  });

  it('fails when no error is thrown', () => {
    expect(() => spec.given([]).when({ type: 'Add', data: { by: 1 } }).thenThrows()).toThrow('Expected a DomainError');
  });
});
