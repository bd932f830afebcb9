import { fold, seededRandom } from '@corbeille/kernel';
import { greedyBot, playWholeGame } from './bots';
import { correctStockTicker, stockTickerResult } from './correction';
import { stockTicker } from './decider';
import { alice, bob, rollingGame, startedAt } from './testing/game-fixtures';
import type { StockTickerState } from './types';

const rolling = (): StockTickerState => fold(stockTicker, rollingGame());
const portfolio = (state: StockTickerState, playerId: string) => ('portfolios' in state ? state.portfolios[playerId] : undefined);
const code = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
};

describe('correctStockTicker', () => {
  it('adjusts cash, holdings and prices, leaving everything else alone', () => {
    const state = rolling();
    const corrected = correctStockTicker(state, [
      { kind: 'cash', playerId: bob, delta: 2_500 },
      { kind: 'holding', playerId: alice, stock: 'GOLD', delta: -500 },
      { kind: 'price', stock: 'TECH', to: 135 },
    ]);
    expect(portfolio(corrected, bob)?.cash).toBe(452_500);
    expect(portfolio(corrected, alice)?.holdings.GOLD).toBe(500);
    expect('prices' in corrected && corrected.prices.TECH).toBe(135);
    expect(corrected.phase).toBe(state.phase);
    expect(portfolio(corrected, alice)?.cash).toBe(portfolio(state, alice)?.cash);
  });

  it('refuses negative cash or holdings, prices off the board, unknown players and stocks', () => {
    const state = rolling();
    expect(code(() => correctStockTicker(state, [{ kind: 'cash', playerId: bob, delta: -450_001 }]))).toBe('NEGATIVE_CASH');
    expect(code(() => correctStockTicker(state, [{ kind: 'holding', playerId: bob, stock: 'TECH', delta: -501 }]))).toBe('NEGATIVE_HOLDING');
    // The Broker's stock is unlimited: only the ceiling bounds a corrected holding.
    expect(code(() => correctStockTicker(state, [{ kind: 'holding', playerId: bob, stock: 'TECH', delta: 1_000_000_000 }]))).toBe('AMOUNT_TOO_LARGE');
    expect(code(() => correctStockTicker(state, [{ kind: 'cash', playerId: bob, delta: 1_000_000_000_000 }]))).toBe('AMOUNT_TOO_LARGE');
    expect(code(() => correctStockTicker(state, [{ kind: 'price', stock: 'TECH', to: 133 }]))).toBe('PRICE_OFF_BOARD');
    expect(code(() => correctStockTicker(state, [{ kind: 'price', stock: 'TECH', to: 200 }]))).toBe('PRICE_OFF_BOARD');
    expect(code(() => correctStockTicker(state, [{ kind: 'price', stock: 'TECH', to: 0 }]))).toBe('PRICE_OFF_BOARD');
    expect(code(() => correctStockTicker(state, [{ kind: 'cash', playerId: 'zoe', delta: 5 }]))).toBe('UNKNOWN_PLAYER');
    expect(code(() => correctStockTicker(state, [{ kind: 'price', stock: 'SILVER', to: 100 }]))).toBe('UNKNOWN_STOCK');
    expect(code(() => correctStockTicker(fold(stockTicker, rollingGame().slice(0, 3)), [{ kind: 'cash', playerId: alice, delta: 5 }]))).toBe(
      'NOTHING_TO_CORRECT',
    );
  });

  it('is all or nothing: a refused adjustment leaves the given state untouched', () => {
    const state = rolling();
    const before = structuredClone(state);
    expect(code(() => correctStockTicker(state, [{ kind: 'cash', playerId: bob, delta: 10 }, { kind: 'cash', playerId: alice, delta: -10_000_000 }]))).toBe(
      'NEGATIVE_CASH',
    );
    expect(state).toEqual(before);
  });

  it('after the end corrects only cash, and ranks the standings again', () => {
    const { state } = playWholeGame({
      players: [
        { playerId: 'p1', name: 'One' },
        { playerId: 'p2', name: 'Two' },
      ],
      options: { roundLimit: 5 },
      random: seededRandom(3),
      botFor: () => greedyBot(),
      startTime: startedAt,
    });
    if (state.phase !== 'finished') throw new Error('the game should be over');
    const [first, second] = state.standings;
    if (!first || !second) throw new Error('two standings expected');
    const overtaking = first.finalCash - second.finalCash + 100;
    const corrected = correctStockTicker(state, [{ kind: 'cash', playerId: second.playerId, delta: overtaking }]);
    expect(stockTickerResult(corrected)?.find((standing) => standing.rank === 1)?.playerId).toBe(second.playerId);
    expect(corrected.phase === 'finished' && corrected.winners).toEqual([second.playerId]);
    expect(code(() => correctStockTicker(state, [{ kind: 'price', stock: 'GOLD', to: 100 }]))).toBe('GAME_OVER');
    expect(stockTickerResult(rolling())).toBeUndefined();
  });
});
