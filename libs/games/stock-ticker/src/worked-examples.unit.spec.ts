import { fold } from '@corbeille/kernel';
import { deciderSpecification } from '@corbeille/kernel/testing';
import { stockTicker } from './decider';
import { formatCents } from './money';
import { alice, bob, bought, carol, dice, diceRolled, finished, priceSet, rollingGame, started } from './testing/game-fixtures';
import type { StockTickerEvent, StockTickerState } from './types';

const spec = deciderSpecification(stockTicker);
const bobsTurn: StockTickerEvent = { type: 'TurnPassed', data: { toPlayerId: bob, round: 1 } };

function portfolioOf(state: StockTickerState, playerId: string) {
  return 'portfolios' in state ? state.portfolios[playerId] : undefined;
}

describe('TO START THE GAME: "Gold up 10 ... $1.10 ... Gold down 20 ... .90"', () => {
  it('moves Gold from $1.00 to $1.10, then to $0.90', () => {
    const up = spec
      .given(rollingGame())
      .when({ type: 'RollDice', data: { playerId: 'alice' } }, { random: dice('GOLD', 'UP', 10) })
      .then([
      diceRolled(alice, 1, 'GOLD', 'UP', 10),
      priceSet('GOLD', 100, 110),
      bobsTurn,
    ]);
    const down = spec
      .given([...rollingGame(), ...up])
      .when({ type: 'RollDice', data: { playerId: 'bob' } }, { random: dice('GOLD', 'DOWN', 20) })
      .then([
        diceRolled(bob, 1, 'GOLD', 'DOWN', 20),
        priceSet('GOLD', 110, 90),
        { type: 'RoundCompleted', data: { round: 1 } },
        { type: 'TradingWindowOpened', data: { beforeRound: 2 } },
      ]);
    const state = fold(stockTicker, [...rollingGame(), ...up, ...down]);
    expect('prices' in state && formatCents(state.prices.GOLD)).toBe('$0.90');
  });
});

describe('DIVIDENDS: "Gold shows a dividend of 10 ... $100.00 for each 1000 shares"', () => {
  it('pays $100.00 on 1,000 shares of Gold at par', () => {
    const paid = spec
      .given(rollingGame())
      .when({ type: 'RollDice', data: { playerId: 'alice' } }, { random: dice('GOLD', 'DIVIDEND', 10) })
      .then([
      diceRolled(alice, 1, 'GOLD', 'DIVIDEND', 10),
      { type: 'DividendPaid', data: { stock: 'GOLD', perShare: 10, payments: [{ playerId: alice, shares: 1000, amount: 10_000 }] } },
      bobsTurn,
    ]);
    const state = fold(stockTicker, [...rollingGame(), ...paid]);
    expect(portfolioOf(state, alice)?.cash).toBe(400_000 + 10_000);
    expect(formatCents(10_000)).toBe('$100.00');
  });

  it('pays above par too, and records an empty payment list when nobody holds the stock', () => {
    spec
      .given([...rollingGame(), priceSet('GOLD', 100, 150)])
      .when({ type: 'RollDice', data: { playerId: 'alice' } }, { random: dice('GOLD', 'DIVIDEND', 20) })
      .then((events) =>
        expect(events[1]).toEqual({
          type: 'DividendPaid',
          data: { stock: 'GOLD', perShare: 20, payments: [{ playerId: alice, shares: 1000, amount: 20_000 }] },
        }),
      );
    spec
      .given(rollingGame())
      .when({ type: 'RollDice', data: { playerId: 'alice' } }, { random: dice('OIL', 'DIVIDEND', 5) })
      .then((events) => expect(events[1]).toEqual({ type: 'DividendPaid', data: { stock: 'OIL', perShare: 5, payments: [] } }));
  });

  it('"NO DIVIDEND IS TO BE PAID ON ANY STOCK WHOSE VALUE IS UNDER PAR"', () => {
    spec
      .given([...rollingGame(), priceSet('GOLD', 100, 90)])
      .when({ type: 'RollDice', data: { playerId: 'alice' } }, { random: dice('GOLD', 'DIVIDEND', 10) })
      .then([
        diceRolled(alice, 1, 'GOLD', 'DIVIDEND', 10),
        { type: 'DividendNotPaid', data: { stock: 'GOLD', price: 90, reason: 'BELOW_PAR' } },
        bobsTurn,
      ]);
  });
});

describe('STOCK SPLIT: "reaches or goes over $2.00"', () => {
  /** Alice 1,000 Gold, Bob 500 Tech, Carol 1,500 Gold. */
  const threePlayers: StockTickerEvent[] = [
    ...started([alice, bob, carol]),
    bought(alice, 'GOLD', 1000),
    bought(bob, 'TECH', 500),
    bought(carol, 'GOLD', 1500),
    finished(alice),
    finished(bob),
    finished(carol),
    { type: 'OpeningClosed', data: {} },
  ];

  it('doubles every holding and puts the stock back at par, discarding the overshoot (195 + 10)', () => {
    const given = [...threePlayers, priceSet('GOLD', 100, 195)];
    const split = spec
      .given(given)
      .when({ type: 'RollDice', data: { playerId: 'alice' } }, { random: dice('GOLD', 'UP', 10) })
      .then([
      diceRolled(alice, 1, 'GOLD', 'UP', 10),
      priceSet('GOLD', 195, 205),
      {
        type: 'StockSplit',
        data: {
          stock: 'GOLD',
          priceBefore: 205,
          holdings: [
            { playerId: alice, before: 1000, after: 2000 },
            { playerId: carol, before: 1500, after: 3000 },
          ],
        },
      },
      priceSet('GOLD', 205, 100),
      bobsTurn,
    ]);
    const state = fold(stockTicker, [...given, ...split]);
    expect('prices' in state && state.prices.GOLD).toBe(100);
    expect(portfolioOf(state, alice)?.holdings.GOLD).toBe(2000);
    expect(portfolioOf(state, carol)?.holdings.GOLD).toBe(3000);
    expect(portfolioOf(state, bob)?.holdings).toMatchObject({ GOLD: 0, TECH: 500 });
  });

  it('splits at exactly $2.00', () => {
    spec
      .given([...rollingGame(), priceSet('GOLD', 100, 190)])
      .when({ type: 'RollDice', data: { playerId: 'alice' } }, { random: dice('GOLD', 'UP', 10) })
      .then((events) =>
        expect(events.map((event) => event.type)).toEqual(['DiceRolled', 'PriceChanged', 'StockSplit', 'PriceChanged', 'TurnPassed']),
      );
  });

  it('does not split at $1.95', () => {
    spec
      .given([...rollingGame(), priceSet('GOLD', 100, 190)])
      .when({ type: 'RollDice', data: { playerId: 'alice' } }, { random: dice('GOLD', 'UP', 5) })
      .then((events) => expect(events.slice(1)).toEqual([priceSet('GOLD', 190, 195), bobsTurn]));
  });
});

describe('STOCKS TAKEN OFF THE MARKET: "drops so that it has no value"', () => {
  it('forfeits the holdings to the Broker and puts the stock back at par', () => {
    const given = [...rollingGame(), priceSet('GOLD', 100, 10)];
    const events = spec
      .given(given)
      .when({ type: 'RollDice', data: { playerId: 'alice' } }, { random: dice('GOLD', 'DOWN', 10) })
      .then([
      diceRolled(alice, 1, 'GOLD', 'DOWN', 10),
      priceSet('GOLD', 10, 0),
      { type: 'StockOffMarket', data: { stock: 'GOLD', forfeited: [{ playerId: alice, before: 1000, after: 0 }] } },
      priceSet('GOLD', 0, 100),
      bobsTurn,
    ]);
    const state = fold(stockTicker, [...given, ...events]);
    expect(portfolioOf(state, alice)).toMatchObject({ cash: 400_000, holdings: { GOLD: 0 } });
  });

  it('also when the roll takes it below zero', () => {
    spec
      .given([...rollingGame(), priceSet('GOLD', 100, 5)])
      .when({ type: 'RollDice', data: { playerId: 'alice' } }, { random: dice('GOLD', 'DOWN', 20) })
      .then((events) => expect(events.slice(1, 4)).toEqual([
        priceSet('GOLD', 5, -15),
        { type: 'StockOffMarket', data: { stock: 'GOLD', forfeited: [{ playerId: alice, before: 1000, after: 0 }] } },
        priceSet('GOLD', -15, 100),
      ]));
  });

  it('stays on the market at $0.05', () => {
    spec
      .given([...rollingGame(), priceSet('GOLD', 100, 10)])
      .when({ type: 'RollDice', data: { playerId: 'alice' } }, { random: dice('GOLD', 'DOWN', 5) })
      .then((events) => expect(events.slice(1)).toEqual([priceSet('GOLD', 10, 5), bobsTurn]));
  });
});
