import { ANONYMOUS, type Principal } from '../../access/access.port';
import { principalOf } from './current-principal.decorator';

const ana: Principal = { kind: 'account', accountId: 'ana', displayName: 'Ana', scopes: ['read', 'play'], via: 'session' };

describe('principalOf', () => {
  it('reads the principal of an HTTP request, then of a WebSocket connection', () => {
    expect(principalOf({ req: { principal: ana } })).toBe(ana);
    expect(principalOf({ extra: { principal: ana } })).toBe(ana);
  });

  it('is anonymous without one, and never trusts what a client put in its connection parameters', () => {
    expect(principalOf(undefined)).toBe(ANONYMOUS);
    expect(principalOf({ req: {} })).toBe(ANONYMOUS);
    expect(principalOf({ req: { principal: { kind: 'account' } } })).toBe(ANONYMOUS);
    expect(principalOf({ extra: {}, connectionParams: { principal: ana } })).toBe(ANONYMOUS);
  });
});
