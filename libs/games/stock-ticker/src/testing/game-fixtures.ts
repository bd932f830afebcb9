import { asPlayerId, scriptedRandom } from '@corbeille/kernel';
import type { PlayerId, RandomSource } from '@corbeille/kernel';
import { stockTickerContent } from '../content/stocks';
import { resolveOptions } from '../options';
import type { DiceAction, StockName, StockTickerEvent, StockTickerOptions } from '../types';

/** Shared scenarios for the specs: events that set a game up, and dice scripted to given faces. */

export const alice = asPlayerId('alice');
export const bob = asPlayerId('bob');
export const carol = asPlayerId('carol');

/** The deciderSpecification's default clock reading. */
export const startedAt = '2026-01-01T00:00:00.000Z';

const names: Record<string, string> = { alice: 'Alice', bob: 'Bob', carol: 'Carol' };

export function created(options: Partial<StockTickerOptions> = {}): StockTickerEvent[] {
  return [{ type: 'GameCreated', data: { gameId: 'game-1', options: resolveOptions(options) } }];
}

export function seated(players: readonly PlayerId[], options: Partial<StockTickerOptions> = {}): StockTickerEvent[] {
  return [
    ...created(options),
    ...players.map((playerId, seat): StockTickerEvent => ({
      type: 'PlayerJoined',
      data: { playerId, name: names[playerId] ?? playerId, seat },
    })),
  ];
}

export function started(
  players: readonly PlayerId[] = [alice, bob],
  options: Partial<StockTickerOptions> = {},
): StockTickerEvent[] {
  const prices = { GOLD: 100, TECH: 100, OIL: 100, INDUSTRIAL: 100, BONDS: 100, GRAIN: 100 };
  return [
    ...seated(players, options),
    { type: 'GameStarted', data: { brokerId: players[0] ?? alice, seatOrder: [...players], startedAt, prices } },
  ];
}

export function bought(playerId: PlayerId, stock: StockName, shares: number, price = 100): StockTickerEvent {
  return { type: 'SharesBought', data: { playerId, stock, shares, price, cost: shares * price } };
}

export function finished(playerId: PlayerId): StockTickerEvent {
  return { type: 'TradingFinished', data: { playerId } };
}

export function priceSet(stock: StockName, from: number, to: number): StockTickerEvent {
  return { type: 'PriceChanged', data: { stock, from, to } };
}

/**
 * Alice (the Broker) holds 1,000 Gold, Bob 500 Tech; the opening is over and Alice rolls first.
 * Cash: Alice $4,000.00, Bob $4,500.00.
 */
export function rollingGame(options: Partial<StockTickerOptions> = {}): StockTickerEvent[] {
  return [
    ...started([alice, bob], options),
    bought(alice, 'GOLD', 1000),
    bought(bob, 'TECH', 500),
    finished(alice),
    finished(bob),
    { type: 'OpeningClosed', data: {} },
  ];
}

/** Scripted dice showing these faces, for a board with the given stocks (default all six). */
export function dice(
  stock: StockName,
  action: DiceAction,
  amount: 5 | 10 | 20,
  stocks: readonly StockName[] = resolveOptions().stocks,
): RandomSource {
  return scriptedRandom([stockFace(stock, stocks), actionFace(action), amountFace(amount)]);
}

/** The DiceRolled event of those faces on the full board. */
export function diceRolled(
  playerId: PlayerId,
  round: number,
  stock: StockName,
  action: DiceAction,
  amount: 5 | 10 | 20,
): StockTickerEvent {
  const faces = {
    stock: stockFace(stock, resolveOptions().stocks),
    action: actionFace(action),
    amount: amountFace(amount),
  };
  return { type: 'DiceRolled', data: { playerId, round, stock, action, amount, faces } };
}

function stockFace(stock: StockName, stocks: readonly StockName[]): number {
  return stocks.indexOf(stock);
}

function actionFace(action: DiceAction): number {
  return stockTickerContent.dice.action.indexOf(action);
}

function amountFace(amount: 5 | 10 | 20): number {
  return stockTickerContent.dice.amount.indexOf(amount);
}

/** Bob put all his cash into Tech and Tech went off the market: no stock, no money. Alice holds 1,000 Gold. */
export function brokeBob(): StockTickerEvent[] {
  return [
    ...started([alice, bob]),
    bought(alice, 'GOLD', 1000),
    bought(bob, 'TECH', 5000),
    finished(alice),
    finished(bob),
    { type: 'OpeningClosed', data: {} },
    { type: 'StockOffMarket', data: { stock: 'TECH', forfeited: [{ playerId: bob, before: 5000, after: 0 }] } },
  ];
}

/** Everything up to the end of round 1, with the trading window before round 2 open. */
export function tradingWindowBeforeRound2(options: Partial<StockTickerOptions> = {}): StockTickerEvent[] {
  return [
    ...rollingGame(options),
    { type: 'RoundCompleted', data: { round: 1 } },
    { type: 'TradingWindowOpened', data: { beforeRound: 2 } },
  ];
}
