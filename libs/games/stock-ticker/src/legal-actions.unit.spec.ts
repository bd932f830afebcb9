import { asPlayerId, fold, noRandom } from '@corbeille/kernel';
import { stockTicker } from './decider';
import { awaitedPlayers } from './legal-actions';
import {
  alice,
  bob,
  bought,
  brokeBob,
  carol,
  created,
  finished,
  priceSet,
  rollingGame,
  seated,
  started,
  startedAt,
  tradingWindowBeforeRound2,
} from './testing/game-fixtures';
import type { StockTickerEvent } from './types';

const actionsOf = (events: StockTickerEvent[], player = alice) => stockTicker.legalActions(fold(stockTicker, events), player);
const tradingWindow = tradingWindowBeforeRound2();

describe('legalActions', () => {
  it('offers nothing before the game exists', () => {
    expect(actionsOf([])).toEqual([]);
  });

  it('lets newcomers join and seated players start once two are seated', () => {
    expect(actionsOf(created())).toEqual([{ type: 'JoinGame' }]);
    expect(actionsOf(seated([alice]))).toEqual([]);
    expect(actionsOf(seated([alice, bob]))).toEqual([{ type: 'StartGame' }]);
    expect(actionsOf(seated([alice, bob]), carol)).toEqual([{ type: 'JoinGame' }]);
    const eight = Array.from({ length: 8 }, (_, index) => asPlayerId(`p${index}`));
    expect(actionsOf(seated(eight), carol)).toEqual([]);
  });

  it('offers the opening purchases in whole lots, and no finishing before holding stock', () => {
    const actions = actionsOf(started([alice, bob], { stocks: ['GOLD', 'OIL'] }));
    expect(actions).toEqual([
      { type: 'BuyShares', stock: 'GOLD', maxShares: 5000, lot: 500 },
      { type: 'BuyShares', stock: 'OIL', maxShares: 5000, lot: 500 },
    ]);
  });

  it('offers selling what is held and finishing once some stock is held', () => {
    const actions = actionsOf([...started([alice, bob], { stocks: ['GOLD', 'OIL'] }), bought(alice, 'GOLD', 4500)]);
    expect(actions).toEqual([
      { type: 'BuyShares', stock: 'GOLD', maxShares: 500, lot: 500 },
      { type: 'BuyShares', stock: 'OIL', maxShares: 500, lot: 500 },
      { type: 'SellShares', stock: 'GOLD', maxShares: 4500, lot: 500 },
      { type: 'FinishTrading' },
    ]);
  });

  it('bounds purchases by the market price and omits stocks the player cannot afford', () => {
    const actions = actionsOf([...tradingWindow, priceSet('GOLD', 100, 195)], bob);
    expect(actions).toContainEqual({ type: 'BuyShares', stock: 'GOLD', maxShares: 2000, lot: 500 });
    expect(actions).toContainEqual({ type: 'BuyShares', stock: 'TECH', maxShares: 4500, lot: 500 });
    const poor = actionsOf([...tradingWindow, bought(bob, 'OIL', 4000), priceSet('GOLD', 100, 195)], bob);
    expect(poor.filter((action) => action.type === 'BuyShares' && action.stock === 'GOLD')).toEqual([]);
  });

  it('lets anyone finish a trading window, and nothing more once finished', () => {
    expect(actionsOf(tradingWindow)).toContainEqual({ type: 'FinishTrading' });
    expect(actionsOf([...tradingWindow, finished(alice)])).toEqual([]);
  });

  it('offers the dice only to the player whose turn it is', () => {
    expect(actionsOf(rollingGame(), alice)).toEqual([{ type: 'RollDice' }]);
    expect(actionsOf(rollingGame(), bob)).toEqual([]);
  });

  it('offers a loan to a player with no stock and less than $25, in any phase in play', () => {
    const broke = brokeBob();
    expect(actionsOf(broke, bob)).toEqual([{ type: 'Borrow', maxAmount: 100_000 }]);
    expect(actionsOf([...broke, { type: 'LoanTaken', data: { playerId: bob, amount: 1 } }], bob)).toEqual([]);
  });

  it('offers nothing to strangers or after the end', () => {
    expect(actionsOf(rollingGame(), carol)).toEqual([]);
    expect(actionsOf(tradingWindow, carol)).toEqual([]);
    const endGame = { type: 'EndGame', data: { reason: 'AGREED' } } as const;
    const ended = [...rollingGame(), ...stockTicker.decide(fold(stockTicker, rollingGame()), endGame, { random: noRandom, now: startedAt })];
    expect(actionsOf(ended, alice)).toEqual([]);
  });
});

describe('awaitedPlayers', () => {
  it('names the players still trading, or the roller', () => {
    expect(awaitedPlayers(fold(stockTicker, seated([alice, bob])))).toEqual([]);
    expect(awaitedPlayers(fold(stockTicker, [...started([alice, bob, carol]), bought(bob, 'GOLD', 500), finished(bob)]))).toEqual([alice, carol]);
    expect(awaitedPlayers(fold(stockTicker, [...rollingGame(), { type: 'TurnPassed', data: { toPlayerId: bob, round: 1 } }]))).toEqual([bob]);
  });
});
