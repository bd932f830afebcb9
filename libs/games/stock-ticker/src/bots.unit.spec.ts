import { asPlayerId, fold, seededRandom } from '@corbeille/kernel';
import { greedyBot, playWholeGame, randomBot } from './bots';
import { stockTicker } from './decider';
import { alice, bob, bought, priceSet, rollingGame, started, tradingWindowBeforeRound2 } from './testing/game-fixtures';
import type { StockTickerState } from './types';

const startTime = '2026-03-01T19:00:00.000Z';
const playersOf = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ playerId: `player-${index + 1}`, name: `Player ${index + 1}` }));

function finishedState(state: StockTickerState) {
  if (state.phase !== 'finished') throw new Error(`The game is still in phase ${state.phase}`);
  return state;
}

describe('greedyBot', () => {
  const bot = greedyBot();

  it('puts all its cash into one stock at the opening, then finishes', () => {
    expect(bot(fold(stockTicker, started()), alice)).toEqual({ type: 'BuyShares', data: { playerId: alice, stock: 'GOLD', shares: 5000 } });
    expect(bot(fold(stockTicker, [...started(), bought(alice, 'GOLD', 5000)]), alice)).toEqual({ type: 'FinishTrading', data: { playerId: alice } });
  });

  it('sells below par and buys the cheapest stock at or above par', () => {
    const window = [...tradingWindowBeforeRound2(), priceSet('GOLD', 100, 95), priceSet('TECH', 100, 120), priceSet('OIL', 100, 130)];
    expect(bot(fold(stockTicker, window), alice)).toEqual({ type: 'SellShares', data: { playerId: alice, stock: 'GOLD', shares: 1000 } });
    expect(bot(fold(stockTicker, [...window, priceSet('GOLD', 95, 140)]), alice)).toMatchObject({ type: 'BuyShares', data: { stock: 'INDUSTRIAL' } });
  });

  it('rolls when it is its turn and waits otherwise', () => {
    expect(bot(fold(stockTicker, rollingGame()), alice)).toEqual({ type: 'RollDice', data: { playerId: alice } });
    expect(bot(fold(stockTicker, rollingGame()), bob)).toBeUndefined();
  });
});

describe('playWholeGame', () => {
  it.each([2, 3, 4, 5, 6, 7, 8])('lets %i greedy bots play to the round limit', (count) => {
    const { state, events } = playWholeGame({
      players: playersOf(count),
      options: { roundLimit: 25 },
      random: seededRandom(count),
      botFor: () => greedyBot(),
      startTime,
    });
    const final = finishedState(state);
    expect(final.reason).toBe('ROUND_LIMIT');
    expect(final.standings).toHaveLength(count);
    expect(events.filter((event) => event.type === 'RoundCompleted')).toHaveLength(25);
    expect(fold(stockTicker, events)).toEqual(state);
  });

  it.each([2, 3, 4, 5, 6, 7, 8])('lets %i random bots play to the round limit', (count) => {
    const random = seededRandom(100 + count);
    const { state } = playWholeGame({
      players: playersOf(count),
      options: { roundLimit: 15, tradingWindowEvery: 2 },
      random,
      botFor: () => randomBot(random),
      startTime,
    });
    expect(finishedState(state)).toMatchObject({ reason: 'ROUND_LIMIT' });
  });

  it('ends at the time limit, checked at the roll', () => {
    const { state, events } = playWholeGame({
      players: playersOf(3),
      options: { timeLimitMinutes: 30 },
      random: seededRandom(9),
      botFor: () => greedyBot(),
      startTime,
      minutesPerRoll: 2,
    });
    expect(finishedState(state).reason).toBe('TIME_LIMIT');
    expect(events.filter((event) => event.type === 'DiceRolled')).toHaveLength(15);
  });

  it('stops by agreement after the command cap when there is no limit', () => {
    const { state, events } = playWholeGame({
      players: playersOf(2),
      random: seededRandom(5),
      botFor: () => greedyBot(),
      startTime,
      maxCommands: 50,
    });
    expect(finishedState(state).reason).toBe('AGREED');
    expect(events.at(-1)).toMatchObject({ type: 'GameEnded' });
  });

  it('replays the same game from the same seeds', () => {
    const play = () => {
      const random = seededRandom(77);
      return playWholeGame({ players: playersOf(4), options: { roundLimit: 10 }, random, botFor: () => randomBot(random), startTime }).events;
    };
    expect(play()).toEqual(play());
  });

  it('asks the player the game is waiting for and reports each step', () => {
    const commanders: string[] = [];
    playWholeGame({
      players: playersOf(2),
      options: { roundLimit: 1 },
      random: seededRandom(1),
      botFor: () => greedyBot(),
      startTime,
      onStep: ({ command }) => {
        if (command.type === 'RollDice') commanders.push(command.data.playerId);
      },
    });
    expect(commanders).toEqual([asPlayerId('player-1'), asPlayerId('player-2')]);
  });
});
