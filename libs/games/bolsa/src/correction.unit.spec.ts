import { fold, seededRandom } from '@corbeille/kernel';
import { heuristicBot, playWholeGame } from './bots';
import { bolsaResult, correctBolsa } from './correction';
import { bolsa } from './decider';
import { alice, bob, januaryTable, startTime } from './testing/fixtures';
import type { BolsaState } from './types';

const planning = (): BolsaState => fold(bolsa, januaryTable());
const inPlay = (state: BolsaState) => {
  if (state.phase === 'uncreated' || state.phase === 'lobby') throw new Error('the game should be under way');
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

describe('correctBolsa', () => {
  it('moves shares between a player and the board, so the company keeps all its shares', () => {
    const state = inPlay(planning());
    const corrected = inPlay(correctBolsa(state, [{ kind: 'holding', playerId: alice, stock: 'CEREAL', delta: 1 }]));
    expect(corrected.portfolios[alice]?.shares.CEREAL).toBe((state.portfolios[alice]?.shares.CEREAL ?? 0) + 1);
    expect(corrected.market.CEREAL.available).toBe(state.market.CEREAL.available - 1);
    const total = (s: typeof state) => s.market.CEREAL.available + Object.values(s.portfolios).reduce((sum, p) => sum + p.shares.CEREAL, 0);
    expect(total(corrected)).toBe(total(state));
  });

  it('adjusts cash and sets a price on the grid', () => {
    const state = inPlay(planning());
    const corrected = inPlay(
      correctBolsa(state, [
        { kind: 'cash', playerId: bob, delta: -10 },
        { kind: 'price', stock: 'BIOTECH', to: 45 },
      ]),
    );
    expect(corrected.portfolios[bob]?.cash).toBe((state.portfolios[bob]?.cash ?? 0) - 10);
    expect(corrected.market.BIOTECH.level).toBe(14);
  });

  it('refuses prices off the grid, shares the board does not have, negative cash or holdings', () => {
    const state = inPlay(planning());
    expect(code(() => correctBolsa(state, [{ kind: 'price', stock: 'BIOTECH', to: 44 }]))).toBe('PRICE_OFF_GRID');
    const available = state.market.CEREAL.available;
    expect(code(() => correctBolsa(state, [{ kind: 'holding', playerId: alice, stock: 'CEREAL', delta: available + 1 }]))).toBe('SHARES_NOT_CONSERVED');
    expect(code(() => correctBolsa(state, [{ kind: 'holding', playerId: alice, stock: 'CEREAL', delta: -3 }]))).toBe('NEGATIVE_HOLDING');
    expect(code(() => correctBolsa(state, [{ kind: 'cash', playerId: alice, delta: -1_000_000 }]))).toBe('NEGATIVE_CASH');
    expect(code(() => correctBolsa(state, [{ kind: 'cash', playerId: alice, delta: 1_000_000_000_000 }]))).toBe('AMOUNT_TOO_LARGE');
    expect(code(() => correctBolsa(state, [{ kind: 'cash', playerId: 'zoe', delta: 1 }]))).toBe('UNKNOWN_PLAYER');
  });

  it('after the end corrects only the final cash and ranks again', () => {
    const { state } = playWholeGame({
      players: [
        { playerId: 'p1', name: 'One' },
        { playerId: 'p2', name: 'Two' },
      ],
      options: { lastMonth: 3 },
      random: seededRandom(5),
      botFor: () => heuristicBot,
      startTime,
    });
    if (state.phase !== 'finished') throw new Error('the game should be over');
    const last = state.standings[state.standings.length - 1];
    const first = state.standings[0];
    if (!last || !first) throw new Error('standings expected');
    const corrected = correctBolsa(state, [{ kind: 'cash', playerId: last.playerId, delta: first.cash - last.cash + 1 }]);
    expect(bolsaResult(corrected)?.find((standing) => standing.rank === 1)).toEqual({ playerId: last.playerId, rank: 1, finalWealth: (first.cash + 1) * 100 });
    expect(code(() => correctBolsa(state, [{ kind: 'price', stock: 'CEREAL', to: 30 }]))).toBe('GAME_OVER');
  });
});
