import { deciderSpecification } from '@corbeille/kernel/testing';
import { emailClaimDecider, gameClaimDecider } from './claim.decider';

describe('claims', () => {
  const email = deciderSpecification(emailClaimDecider);
  const claimed = { type: 'Claimed' as const, data: { key: 'ann@example.com', ownerId: 'ann', claimedAt: '2026-01-01T00:00:00.000Z' } };

  it('go to the first owner', () => {
    email.given([]).when({ type: 'Claim', data: { key: 'ann@example.com', ownerId: 'ann' } }).then([claimed]);
  });

  it('are idempotent for the same owner and refused to another', () => {
    email.given([claimed]).when({ type: 'Claim', data: { key: 'ann@example.com', ownerId: 'ann' } }).then([]);
    email
      .given([claimed])
      .when({ type: 'Claim', data: { key: 'ann@example.com', ownerId: 'eve' } })
      .thenThrows({ kind: 'CONFLICT', code: 'EMAIL_TAKEN', message: 'An account with this email already exists' });
  });

  it('say which game is taken', () => {
    const game = deciderSpecification(gameClaimDecider);
    const first = { type: 'Claimed' as const, data: { key: 'stock-ticker/g1', ownerId: 'league-a', claimedAt: '2026-01-01T00:00:00.000Z' } };
    game
      .given([first])
      .when({ type: 'Claim', data: { key: 'stock-ticker/g1', ownerId: 'league-b' } })
      .thenThrows({ code: 'GAME_ALREADY_SCHEDULED', message: /stock-ticker\/g1/ });
  });

  it('need a key and an owner', () => {
    email.given([]).when({ type: 'Claim', data: { key: '', ownerId: 'ann' } }).thenThrows({ kind: 'INVALID_INPUT' });
  });
});
