import { fold, seededRandom } from '@corbeille/kernel';
import { heuristicBot, playWholeGame } from './bots';
import { correctMaxiBourse, maxiBourseResult } from './correction';
import { maxiBourse } from './decider';
import { table } from './testing/fixtures';
import type { MaxiBourseState } from './types';

const tableState = () => {
  const state: MaxiBourseState = fold(maxiBourse, table({ players: ['ann', 'ben'], holdings: { ann: { ESSO: 2_000 } } }));
  if (state.phase !== 'playing') throw new Error('the game should be under way');
  return state;
};
const code = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
};

describe('correctMaxiBourse', () => {
  it('moves lots between a player and the Share Service, and sets prices', () => {
    const state = tableState();
    const corrected = correctMaxiBourse(state, [
      { kind: 'holding', playerId: 'ann', stock: 'ESSO', delta: -1_000 },
      { kind: 'holding', playerId: 'ben', stock: 'ESSO', delta: 3_000 },
      { kind: 'price', stock: 'ESSO', to: 250 },
      { kind: 'cash', playerId: 'ben', delta: -500 },
    ]);
    if (corrected.phase !== 'playing') throw new Error('still playing');
    expect(corrected.players['ann']?.holdings['ESSO']).toBe(1_000);
    expect(corrected.players['ben']?.holdings['ESSO']).toBe(3_000);
    expect(corrected.bank['ESSO']).toBe((state.bank['ESSO'] ?? 0) - 2_000);
    expect(corrected.prices['ESSO']).toBe(250);
    expect(corrected.players['ben']?.cash).toBe((state.players['ben']?.cash ?? 0) - 500);
  });

  it('refuses odd lots, prices off the board, shares the Share Service lacks, negative cash or holdings', () => {
    const state = tableState();
    expect(code(() => correctMaxiBourse(state, [{ kind: 'holding', playerId: 'ben', stock: 'ESSO', delta: 500 }]))).toBe('BAD_AMOUNT');
    expect(code(() => correctMaxiBourse(state, [{ kind: 'price', stock: 'ESSO', to: 255 }]))).toBe('PRICE_OFF_BOARD');
    expect(code(() => correctMaxiBourse(state, [{ kind: 'price', stock: 'ESSO', to: 0 }]))).toBe('PRICE_OFF_BOARD');
    expect(code(() => correctMaxiBourse(state, [{ kind: 'holding', playerId: 'ben', stock: 'ESSO', delta: 9_000 }]))).toBe('SHARES_NOT_CONSERVED');
    expect(code(() => correctMaxiBourse(state, [{ kind: 'holding', playerId: 'ann', stock: 'ESSO', delta: -3_000 }]))).toBe('NEGATIVE_HOLDING');
    expect(code(() => correctMaxiBourse(state, [{ kind: 'cash', playerId: 'ann', delta: -100_000_000 }]))).toBe('NEGATIVE_CASH');
    expect(code(() => correctMaxiBourse(state, [{ kind: 'price', stock: 'ACME', to: 100 }]))).toBe('UNKNOWN_STOCK');
  });

  it('refuses a price or cash beyond what a game could hold (the board has no top)', () => {
    const state = tableState();
    expect(code(() => correctMaxiBourse(state, [{ kind: 'price', stock: 'ESSO', to: 1_000_000 }]))).toBeUndefined();
    expect(code(() => correctMaxiBourse(state, [{ kind: 'price', stock: 'ESSO', to: 1_000_010 }]))).toBe('AMOUNT_TOO_LARGE');
    expect(code(() => correctMaxiBourse(state, [{ kind: 'cash', playerId: 'ann', delta: 1_000_000_000_000 }]))).toBe('AMOUNT_TOO_LARGE');
  });

  it('after the end values the players again', () => {
    const { state } = playWholeGame({
      players: [
        { playerId: 'p1', name: 'One' },
        { playerId: 'p2', name: 'Two' },
      ],
      options: { turnLimit: 6 },
      random: seededRandom(7),
      botFor: () => heuristicBot,
    });
    if (state.phase !== 'finished') throw new Error('the game should be over');
    const loser = [...state.valuations].sort((a, b) => a.total - b.total)[0];
    const best = Math.max(...state.valuations.map((valuation) => valuation.total));
    if (!loser) throw new Error('valuations expected');
    const corrected = correctMaxiBourse(state, [{ kind: 'cash', playerId: loser.playerId, delta: best - loser.total + 10 }]);
    expect(maxiBourseResult(corrected)?.find((standing) => standing.playerId === loser.playerId)).toEqual({
      playerId: loser.playerId,
      rank: 1,
      finalWealth: (best + 10) * 100,
    });
    expect(corrected.phase === 'finished' && corrected.winners).toEqual([loser.playerId]);
  });
});
