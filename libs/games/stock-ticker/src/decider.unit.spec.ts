import { asPlayerId, fold, seededRandom } from '@corbeille/kernel';
import { deciderSpecification } from '@corbeille/kernel/testing';
import { stockTicker } from './decider';
import {
  alice,
  bob,
  bought,
  brokeBob,
  carol,
  created,
  dice,
  diceRolled,
  finished,
  priceSet,
  rollingGame,
  seated,
  started,
  startedAt,
  tradingWindowBeforeRound2,
} from './testing/game-fixtures';
import type { StockTickerEvent } from './types';

const spec = deciderSpecification(stockTicker);
const par = { GOLD: 100, TECH: 100, OIL: 100, INDUSTRIAL: 100, BONDS: 100, GRAIN: 100 };

/** A finished game, for the GAME_OVER checks. */
const finishedGame: StockTickerEvent[] = [
  ...rollingGame(),
  ...stockTicker.decide(fold(stockTicker, rollingGame()), { type: 'EndGame', data: { reason: 'AGREED' } }, {
    random: seededRandom(1),
    now: startedAt,
  }),
];

describe('CreateGame', () => {
  it('creates a game with the default options', () => {
    spec.given([]).when({ type: 'CreateGame', data: { gameId: 'game-1' } }).then([
      {
        type: 'GameCreated',
        data: {
          gameId: 'game-1',
          options: {
            stocks: ['GOLD', 'TECH', 'OIL', 'INDUSTRIAL', 'BONDS', 'GRAIN'],
            tradingWindowEvery: 1,
            roundLimit: null,
            timeLimitMinutes: null,
            startingCash: 500_000,
            maxPlayers: 8,
          },
        },
      },
    ]);
  });

  it('keeps the chosen stocks in board order', () => {
    spec
      .given([])
      .when({ type: 'CreateGame', data: { gameId: 'g', options: { stocks: ['GRAIN', 'GOLD'], tradingWindowEvery: 3, roundLimit: 10 } } })
      .then(([event]) => {
        expect(event).toMatchObject({
          type: 'GameCreated',
          data: { options: { stocks: ['GOLD', 'GRAIN'], tradingWindowEvery: 3, roundLimit: 10, timeLimitMinutes: null } },
        });
      });
  });

  it.each([
    ['no stocks', { stocks: [] }],
    ['an unknown stock', { stocks: ['GOLD', 'COFFEE'] }],
    ['a missing stock', { stocks: [undefined] }],
    ['stocks that are not a list', { stocks: 'GOLD' }],
    ['a stock twice', { stocks: ['GOLD', 'GOLD'] }],
    ['a trading window every 4 rounds', { tradingWindowEvery: 4 }],
    ['a round limit of 0', { roundLimit: 0 }],
    ['a round limit of 1001', { roundLimit: 1001 }],
    ['a fractional round limit', { roundLimit: 2.5 }],
    ['a time limit of 0 minutes', { timeLimitMinutes: 0 }],
    ['a time limit of 10001 minutes', { timeLimitMinutes: 10_001 }],
    ['too little starting cash for a lot', { startingCash: 49_999 }],
    ['more than 8 players', { maxPlayers: 9 }],
  ])('rejects %s', (_case, options) => {
    spec
      .given([])
      .when({ type: 'CreateGame', data: { gameId: 'g', options: options as never } })
      .thenThrows({ code: 'INVALID_OPTIONS', kind: 'INVALID_INPUT' });
  });

  it('takes the defaults for options sent as null or undefined', () => {
    spec
      .given([])
      .when({ type: 'CreateGame', data: { gameId: 'g', options: { roundLimit: undefined, tradingWindowEvery: 2 } } })
      .then(([event]) => expect(event).toMatchObject({ data: { options: { roundLimit: null, tradingWindowEvery: 2 } } }));
    spec
      .given([])
      .when({ type: 'CreateGame', data: { gameId: 'g', options: null as never } })
      .then(([event]) => expect(event).toMatchObject({ data: { options: { tradingWindowEvery: 1 } } }));
  });

  it('accepts the limits at their bounds', () => {
    spec
      .given([])
      .when({ type: 'CreateGame', data: { gameId: 'g', options: { roundLimit: 1000, timeLimitMinutes: 1 } } })
      .then(([event]) => expect(event).toMatchObject({ data: { options: { roundLimit: 1000, timeLimitMinutes: 1 } } }));
  });

  it('rejects an invalid game id', () => {
    spec
      .given([])
      .when({ type: 'CreateGame', data: { gameId: 'no spaces' } })
      .thenThrows({ code: 'INVALID_GAME_ID', kind: 'INVALID_INPUT' });
  });

  it('refuses to create a game twice', () => {
    spec
      .given(created())
      .when({ type: 'CreateGame', data: { gameId: 'game-1' } })
      .thenThrows({ code: 'GAME_EXISTS', kind: 'RULE_VIOLATION' });
    spec
      .given(rollingGame())
      .when({ type: 'CreateGame', data: { gameId: 'game-1' } })
      .thenThrows({ code: 'GAME_EXISTS' });
  });
});

describe('JoinGame', () => {
  it('seats players in order, trimming the name', () => {
    spec.given(created()).when({ type: 'JoinGame', data: { playerId: 'alice', name: '  Alice ' } }).then([
      { type: 'PlayerJoined', data: { playerId: alice, name: 'Alice', seat: 0 } },
    ]);
    spec.given(seated([alice])).when({ type: 'JoinGame', data: { playerId: 'bob', name: 'Bob' } }).then([
      { type: 'PlayerJoined', data: { playerId: bob, name: 'Bob', seat: 1 } },
    ]);
  });

  it('rejects a malformed player id', () => {
    spec
      .given(created())
      .when({ type: 'JoinGame', data: { playerId: 'a/b', name: 'A' } })
      .thenThrows({ code: 'INVALID_PLAYER_ID', kind: 'INVALID_INPUT' });
  });

  it.each([[''], ['   '], ['x'.repeat(41)]])('rejects the name %j', (name) => {
    spec
      .given(created())
      .when({ type: 'JoinGame', data: { playerId: 'alice', name } })
      .thenThrows({ code: 'INVALID_NAME', kind: 'INVALID_INPUT' });
  });

  it('accepts a name of 40 characters', () => {
    spec
      .given(created())
      .when({ type: 'JoinGame', data: { playerId: 'alice', name: 'x'.repeat(40) } })
      .then((events) => expect(events).toHaveLength(1));
  });

  it('refuses a player already seated', () => {
    spec
      .given(seated([alice]))
      .when({ type: 'JoinGame', data: { playerId: 'alice', name: 'Alice' } })
      .thenThrows({ code: 'ALREADY_JOINED', kind: 'RULE_VIOLATION' });
  });

  it('seats at most 8 players', () => {
    const eight = Array.from({ length: 8 }, (_, index) => `p${index}`);
    spec
      .given(seated(eight.map(asPlayerId)))
      .when({ type: 'JoinGame', data: { playerId: 'p8', name: 'Ninth' } })
      .thenThrows({ code: 'GAME_FULL', kind: 'RULE_VIOLATION', message: /at most 8 players/ });
  });

  it('is only possible in the lobby', () => {
    spec
      .given([])
      .when({ type: 'JoinGame', data: { playerId: 'alice', name: 'A' } })
      .thenThrows({ code: 'GAME_NOT_CREATED' });
    spec
      .given(started())
      .when({ type: 'JoinGame', data: { playerId: 'carol', name: 'C' } })
      .thenThrows({ code: 'GAME_ALREADY_STARTED' });
    spec
      .given(finishedGame)
      .when({ type: 'JoinGame', data: { playerId: 'carol', name: 'C' } })
      .thenThrows({ code: 'GAME_OVER' });
  });
});

describe('StartGame', () => {
  it('makes seat 0 the Broker by default and gives everyone par prices', () => {
    spec.given(seated([alice, bob, carol])).when({ type: 'StartGame', data: {} }).then([
      { type: 'GameStarted', data: { brokerId: alice, seatOrder: [alice, bob, carol], startedAt, prices: par } },
    ]);
  });

  it('rolls from the chosen Broker to the left, wrapping round the table', () => {
    spec
      .given(seated([alice, bob, carol]))
      .when({ type: 'StartGame', data: { brokerId: 'bob' } }, { now: '2026-02-01T10:00:00Z' })
      .then([
      { type: 'GameStarted', data: { brokerId: bob, seatOrder: [bob, carol, alice], startedAt: '2026-02-01T10:00:00Z', prices: par } },
    ]);
  });

  it('gives every player the starting cash and opens the opening purchases', () => {
    const state = fold(stockTicker, started([alice, bob]));
    expect(state).toMatchObject({ phase: 'opening', finished: [], portfolios: { alice: { cash: 500_000, loan: 0, hasBorrowed: false } } });
  });

  it('needs two players', () => {
    spec
      .given(seated([alice]))
      .when({ type: 'StartGame', data: {} })
      .thenThrows({ code: 'NOT_ENOUGH_PLAYERS', kind: 'RULE_VIOLATION' });
  });

  it('needs a seated Broker', () => {
    spec
      .given(seated([alice, bob]))
      .when({ type: 'StartGame', data: { brokerId: 'carol' } })
      .thenThrows({ code: 'UNKNOWN_PLAYER', kind: 'NOT_FOUND' });
  });

  it('needs a readable clock', () => {
    spec
      .given(seated([alice, bob]))
      .when({ type: 'StartGame', data: {} }, { now: 'yesterday' })
      .thenThrows({ code: 'INVALID_CLOCK' });
  });

  it('happens once', () => {
    spec
      .given(started())
      .when({ type: 'StartGame', data: {} })
      .thenThrows({ code: 'GAME_ALREADY_STARTED', kind: 'RULE_VIOLATION' });
    spec.given([]).when({ type: 'StartGame', data: {} }).thenThrows({ code: 'GAME_NOT_CREATED' });
  });
});

describe('BuyShares', () => {
  it('buys at par in the opening', () => {
    spec.given(started()).when({ type: 'BuyShares', data: { playerId: 'alice', stock: 'GOLD', shares: 1500 } }).then([
      { type: 'SharesBought', data: { playerId: alice, stock: 'GOLD', shares: 1500, price: 100, cost: 150_000 } },
    ]);
  });

  it('buys at the market price in a trading window', () => {
    spec
      .given([...tradingWindowBeforeRound2(), priceSet('GOLD', 100, 135)])
      .when({ type: 'BuyShares', data: { playerId: 'bob', stock: 'GOLD', shares: 1000 } })
      .then([{ type: 'SharesBought', data: { playerId: bob, stock: 'GOLD', shares: 1000, price: 135, cost: 135_000 } }]);
  });

  it('may spend all the cash', () => {
    spec
      .given(started())
      .when({ type: 'BuyShares', data: { playerId: 'alice', stock: 'OIL', shares: 5000 } })
      .then((events) => expect(events).toHaveLength(1));
  });

  it('refuses more than the cash on hand, in dollars', () => {
    spec
      .given([...started(), bought(alice, 'GOLD', 4500)])
      .when({ type: 'BuyShares', data: { playerId: 'alice', stock: 'TECH', shares: 1000 } })
      .thenThrows({ code: 'NOT_ENOUGH_CASH', kind: 'RULE_VIOLATION', message: '1,000 Tech at $1.00 cost $1,000.00; you have $500.00' });
  });

  it.each([[750], [0], [-500], [500.5]])('refuses %p shares: trades are in lots of 500', (shares) => {
    spec
      .given(started())
      .when({ type: 'BuyShares', data: { playerId: 'alice', stock: 'GOLD', shares } })
      .thenThrows({ code: 'ODD_LOT', kind: 'INVALID_INPUT', message: /lots of 500/ });
  });

  it('refuses a stock that is not on the board', () => {
    spec
      .given(started([alice, bob], { stocks: ['GOLD', 'OIL'] }))
      .when({ type: 'BuyShares', data: { playerId: 'alice', stock: 'TECH', shares: 500 } })
      .thenThrows({ code: 'UNKNOWN_STOCK', kind: 'INVALID_INPUT' });
    spec
      .given(started())
      .when({ type: 'BuyShares', data: { playerId: 'alice', stock: 'COFFEE' as never, shares: 500 } })
      .thenThrows({ code: 'UNKNOWN_STOCK' });
  });

  it('refuses an unknown player', () => {
    spec
      .given(started())
      .when({ type: 'BuyShares', data: { playerId: 'mallory', stock: 'GOLD', shares: 500 } })
      .thenThrows({ code: 'UNKNOWN_PLAYER', kind: 'NOT_FOUND' });
    spec
      .given(started())
      .when({ type: 'BuyShares', data: { playerId: 'constructor', stock: 'GOLD', shares: 500 } })
      .thenThrows({ code: 'UNKNOWN_PLAYER' });
  });

  it('happens only before the Broker rolls', () => {
    spec
      .given(rollingGame())
      .when({ type: 'BuyShares', data: { playerId: 'alice', stock: 'GOLD', shares: 500 } })
      .thenThrows({
        code: 'TRADING_CLOSED',
        kind: 'RULE_VIOLATION',
        message: "Buying and selling happen only in a trading window, before the Broker's roll",
      });
  });

  it('is closed to a player who has finished the window', () => {
    spec
      .given([...started(), bought(alice, 'GOLD', 500), finished(alice)])
      .when({ type: 'BuyShares', data: { playerId: 'alice', stock: 'GOLD', shares: 500 } })
      .thenThrows({ code: 'ALREADY_FINISHED', kind: 'RULE_VIOLATION' });
  });

  it('needs a started game that is not over', () => {
    const buy = { type: 'BuyShares', data: { playerId: 'alice', stock: 'GOLD', shares: 500 } } as const;
    spec.given([]).when(buy).thenThrows({ code: 'GAME_NOT_CREATED' });
    spec.given(seated([alice, bob])).when(buy).thenThrows({ code: 'GAME_NOT_STARTED', kind: 'RULE_VIOLATION' });
    spec.given(finishedGame).when(buy).thenThrows({ code: 'GAME_OVER', kind: 'RULE_VIOLATION' });
  });
});

describe('SellShares', () => {
  it('undoes an opening purchase at par', () => {
    spec
      .given([...started(), bought(alice, 'GOLD', 1000)])
      .when({ type: 'SellShares', data: { playerId: 'alice', stock: 'GOLD', shares: 500 } })
      .then([
      { type: 'SharesSold', data: { playerId: alice, stock: 'GOLD', shares: 500, price: 100, proceeds: 50_000 } },
    ]);
  });

  it('sells at the market price in a trading window', () => {
    spec
      .given([...tradingWindowBeforeRound2(), priceSet('GOLD', 100, 85)])
      .when({ type: 'SellShares', data: { playerId: 'alice', stock: 'GOLD', shares: 1000 } })
      .then([{ type: 'SharesSold', data: { playerId: alice, stock: 'GOLD', shares: 1000, price: 85, proceeds: 85_000 } }]);
  });

  it('refuses to sell more than is held', () => {
    spec
      .given([...started(), bought(alice, 'GOLD', 500)])
      .when({ type: 'SellShares', data: { playerId: 'alice', stock: 'GOLD', shares: 1000 } })
      .thenThrows({ code: 'NOT_ENOUGH_SHARES', kind: 'RULE_VIOLATION', message: 'You hold 500 Gold and cannot sell 1,000' });
  });

  it('applies the same checks as buying', () => {
    spec
      .given(started())
      .when({ type: 'SellShares', data: { playerId: 'alice', stock: 'GOLD', shares: 100 } })
      .thenThrows({ code: 'ODD_LOT' });
    spec
      .given(rollingGame())
      .when({ type: 'SellShares', data: { playerId: 'alice', stock: 'GOLD', shares: 500 } })
      .thenThrows({ code: 'TRADING_CLOSED' });
    spec
      .given(started())
      .when({ type: 'SellShares', data: { playerId: 'zed', stock: 'GOLD', shares: 500 } })
      .thenThrows({ code: 'UNKNOWN_PLAYER' });
  });
});

describe('FinishTrading', () => {
  it('records that a player is done with the opening', () => {
    spec
      .given([...started(), bought(alice, 'GOLD', 500)])
      .when({ type: 'FinishTrading', data: { playerId: 'alice' } })
      .then([
      { type: 'TradingFinished', data: { playerId: alice } },
    ]);
  });

  it('closes the opening when the last player is done; the Broker rolls first', () => {
    const given = [...started(), bought(alice, 'GOLD', 500), bought(bob, 'OIL', 500), finished(alice)];
    const events = spec.given(given).when({ type: 'FinishTrading', data: { playerId: 'bob' } }).then([
      { type: 'TradingFinished', data: { playerId: bob } },
      { type: 'OpeningClosed', data: {} },
    ]);
    expect(fold(stockTicker, [...given, ...events])).toMatchObject({ phase: 'rolling', round: 1, turn: 0 });
  });

  it('requires every player to hold some stock at the start', () => {
    spec
      .given(started())
      .when({ type: 'FinishTrading', data: { playerId: 'alice' } })
      .thenThrows({ code: 'MUST_HOLD_STOCK', kind: 'RULE_VIOLATION', message: /All players must hold some Stock/ });
  });

  it('closes a trading window when everyone is done, and the Broker rolls', () => {
    const given = tradingWindowBeforeRound2();
    const events = spec
      .given([...given, finished(bob)])
      .when({ type: 'FinishTrading', data: { playerId: 'alice' } })
      .then([
      { type: 'TradingFinished', data: { playerId: alice } },
      { type: 'TradingWindowClosed', data: { beforeRound: 2 } },
    ]);
    expect(fold(stockTicker, [...given, finished(bob), ...events])).toMatchObject({ phase: 'rolling', round: 2, turn: 0 });
  });

  it('lets a player without stock finish a later trading window', () => {
    const given = [
      ...rollingGame(),
      { type: 'StockOffMarket', data: { stock: 'TECH', forfeited: [{ playerId: bob, before: 500, after: 0 }] } },
      { type: 'RoundCompleted', data: { round: 1 } },
      { type: 'TradingWindowOpened', data: { beforeRound: 2 } },
    ] as StockTickerEvent[];
    spec
      .given(given)
      .when({ type: 'FinishTrading', data: { playerId: 'bob' } })
      .then([{ type: 'TradingFinished', data: { playerId: bob } }]);
  });

  it('happens once per window and only in one', () => {
    spec
      .given([...started(), bought(alice, 'GOLD', 500), finished(alice)])
      .when({ type: 'FinishTrading', data: { playerId: 'alice' } })
      .thenThrows({ code: 'ALREADY_FINISHED' });
    spec
      .given(rollingGame())
      .when({ type: 'FinishTrading', data: { playerId: 'alice' } })
      .thenThrows({ code: 'TRADING_CLOSED' });
    spec
      .given(started())
      .when({ type: 'FinishTrading', data: { playerId: 'zed' } })
      .thenThrows({ code: 'UNKNOWN_PLAYER' });
    spec
      .given(finishedGame)
      .when({ type: 'FinishTrading', data: { playerId: 'alice' } })
      .thenThrows({ code: 'GAME_OVER' });
  });
});

describe('RollDice', () => {
  it('rolls the stock, action and amount dice and passes the dice to the left', () => {
    spec
      .given(rollingGame())
      .when({ type: 'RollDice', data: { playerId: 'alice' } }, { random: dice('OIL', 'UP', 5) })
      .then([
      diceRolled(alice, 1, 'OIL', 'UP', 5),
      priceSet('OIL', 100, 105),
      { type: 'TurnPassed', data: { toPlayerId: bob, round: 1 } },
    ]);
  });

  it('picks the stock among the stocks on the board only', () => {
    spec
      .given(rollingGame({ stocks: ['GOLD', 'TECH'] }))
      .when({ type: 'RollDice', data: { playerId: 'alice' } }, { random: dice('TECH', 'DOWN', 20, ['GOLD', 'TECH']) })
      .then((events) => {
        expect(events[0]).toMatchObject({ type: 'DiceRolled', data: { stock: 'TECH', faces: { stock: 1, action: 2, amount: 4 } } });
        expect(events[1]).toEqual(priceSet('TECH', 100, 80));
      });
  });

  it('is only for the player whose turn it is', () => {
    spec
      .given(rollingGame())
      .when({ type: 'RollDice', data: { playerId: 'bob' } })
      .thenThrows({ code: 'NOT_YOUR_TURN', kind: 'RULE_VIOLATION', message: "It is Alice's turn to roll the dice" });
  });

  it('waits for every player to finish trading', () => {
    spec
      .given([...started(), bought(alice, 'GOLD', 500)])
      .when({ type: 'RollDice', data: { playerId: 'alice' } })
      .thenThrows({ code: 'TRADING_IN_PROGRESS', kind: 'RULE_VIOLATION' });
  });

  it('refuses an unknown player and a game that has not started or is over', () => {
    spec
      .given(rollingGame())
      .when({ type: 'RollDice', data: { playerId: 'zed' } })
      .thenThrows({ code: 'UNKNOWN_PLAYER', kind: 'NOT_FOUND' });
    spec
      .given(seated([alice, bob]))
      .when({ type: 'RollDice', data: { playerId: 'alice' } })
      .thenThrows({ code: 'GAME_NOT_STARTED' });
    spec.given(finishedGame).when({ type: 'RollDice', data: { playerId: 'alice' } }).thenThrows({ code: 'GAME_OVER' });
  });

  it('completes the round after the last seat and opens a trading window before the Broker rolls', () => {
    spec
      .given([...rollingGame(), { type: 'TurnPassed', data: { toPlayerId: bob, round: 1 } }])
      .when({ type: 'RollDice', data: { playerId: 'bob' } }, { random: dice('GRAIN', 'UP', 20) })
      .then([
        diceRolled(bob, 1, 'GRAIN', 'UP', 20),
        priceSet('GRAIN', 100, 120),
        { type: 'RoundCompleted', data: { round: 1 } },
        { type: 'TradingWindowOpened', data: { beforeRound: 2 } },
      ]);
  });

  it('opens a trading window only every N complete rounds', () => {
    const afterRound = (round: number): StockTickerEvent[] => [
      ...rollingGame({ tradingWindowEvery: 2 }),
      { type: 'TurnPassed', data: { toPlayerId: alice, round } },
      { type: 'TurnPassed', data: { toPlayerId: bob, round } },
    ];
    spec
      .given(afterRound(1))
      .when({ type: 'RollDice', data: { playerId: 'bob' } }, { random: dice('GOLD', 'UP', 5) })
      .then((events) => expect(events.slice(2)).toEqual([
        { type: 'RoundCompleted', data: { round: 1 } },
        { type: 'TurnPassed', data: { toPlayerId: alice, round: 2 } },
      ]));
    spec
      .given(afterRound(2))
      .when({ type: 'RollDice', data: { playerId: 'bob' } }, { random: dice('GOLD', 'UP', 5) })
      .then((events) => expect(events.slice(2)).toEqual([
        { type: 'RoundCompleted', data: { round: 2 } },
        { type: 'TradingWindowOpened', data: { beforeRound: 3 } },
      ]));
  });

  it('ends the game when the round limit is reached', () => {
    spec
      .given([...rollingGame({ roundLimit: 1 }), { type: 'TurnPassed', data: { toPlayerId: bob, round: 1 } }])
      .when({ type: 'RollDice', data: { playerId: 'bob' } }, { random: dice('GOLD', 'UP', 10) })
      .then((events) => {
        expect(events.map((event) => event.type)).toEqual(['DiceRolled', 'PriceChanged', 'RoundCompleted', 'GameEnded']);
        expect(events[3]).toMatchObject({
          data: {
            reason: 'ROUND_LIMIT',
            prices: { GOLD: 110 },
            liquidations: [
              { playerId: alice, cashBefore: 400_000, sales: [{ stock: 'GOLD', shares: 1000, price: 110, proceeds: 110_000 }], finalCash: 510_000 },
              { playerId: bob, cashBefore: 450_000, sales: [{ stock: 'TECH', shares: 500, price: 100, proceeds: 50_000 }], finalCash: 500_000 },
            ],
            winners: [alice],
          },
        });
      });
  });

  it('ends the game instead of rolling once the time limit has passed', () => {
    const given = rollingGame({ timeLimitMinutes: 60 });
    spec
      .given(given)
      .when({ type: 'RollDice', data: { playerId: 'alice' } }, { now: '2026-01-01T01:00:00.000Z' })
      .then((events) => {
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({ type: 'GameEnded', data: { reason: 'TIME_LIMIT' } });
      });
    spec
      .given(given)
      .when({ type: 'RollDice', data: { playerId: 'alice' } }, { now: '2026-01-01T00:59:59.999Z', random: dice('GOLD', 'UP', 5) })
      .then((events) => expect(events[0]).toMatchObject({ type: 'DiceRolled' }));
  });
});

describe('RollDice with a time limit', () => {
  it('needs a readable clock', () => {
    spec
      .given(rollingGame({ timeLimitMinutes: 60 }))
      .when({ type: 'RollDice', data: { playerId: 'alice' } }, { now: 'soon' })
      .thenThrows({ code: 'INVALID_CLOCK', kind: 'INVALID_INPUT' });
  });
});

describe('Borrow', () => {
  const broke = brokeBob();

  it('lends up to $1,000 to a player with no stock and less than $25', () => {
    spec
      .given(broke)
      .when({ type: 'Borrow', data: { playerId: 'bob', amount: 100_000 } })
      .then([{ type: 'LoanTaken', data: { playerId: bob, amount: 100_000 } }]);
    const state = fold(stockTicker, [...broke, { type: 'LoanTaken', data: { playerId: bob, amount: 100_000 } }]);
    expect(state).toMatchObject({ portfolios: { bob: { cash: 100_000, loan: 100_000, hasBorrowed: true } } });
  });

  it('allows a loan in a trading window too', () => {
    spec
      .given([...broke, { type: 'RoundCompleted', data: { round: 1 } }, { type: 'TradingWindowOpened', data: { beforeRound: 2 } }])
      .when({ type: 'Borrow', data: { playerId: 'bob', amount: 2_500 } })
      .then([{ type: 'LoanTaken', data: { playerId: bob, amount: 2_500 } }]);
  });

  it('only once per game', () => {
    spec
      .given([...broke, { type: 'LoanTaken', data: { playerId: bob, amount: 100 } }])
      .when({ type: 'Borrow', data: { playerId: 'bob', amount: 100 } })
      .thenThrows({ code: 'ALREADY_BORROWED', kind: 'RULE_VIOLATION' });
  });

  it('not to a player who holds stock or has $25 or more', () => {
    spec
      .given(broke)
      .when({ type: 'Borrow', data: { playerId: 'alice', amount: 100 } })
      .thenThrows({ code: 'LOAN_NOT_ALLOWED', message: /still hold stock/ });
    spec
      .given([
        ...started(),
        bought(alice, 'GOLD', 1000),
        bought(bob, 'TECH', 5000),
        finished(alice),
        finished(bob),
        { type: 'OpeningClosed', data: {} },
        { type: 'DividendPaid', data: { stock: 'TECH', perShare: 5, payments: [{ playerId: bob, shares: 5000, amount: 25_000 }] } },
        { type: 'StockOffMarket', data: { stock: 'TECH', forfeited: [{ playerId: bob, before: 5000, after: 0 }] } },
      ])
      .when({ type: 'Borrow', data: { playerId: 'bob', amount: 100 } })
      .thenThrows({ code: 'LOAN_NOT_ALLOWED', message: /you have \$250\.00 and a loan needs less than \$25\.00/ });
  });

  it.each([[0], [100_001], [10.5]])('refuses a loan of %p cents', (amount) => {
    spec
      .given(broke)
      .when({ type: 'Borrow', data: { playerId: 'bob', amount } })
      .thenThrows({ code: 'INVALID_AMOUNT', kind: 'INVALID_INPUT' });
  });

  it('needs a game in play and a seated player', () => {
    spec
      .given(seated([alice, bob]))
      .when({ type: 'Borrow', data: { playerId: 'bob', amount: 100 } })
      .thenThrows({ code: 'GAME_NOT_STARTED' });
    spec
      .given(finishedGame)
      .when({ type: 'Borrow', data: { playerId: 'bob', amount: 100 } })
      .thenThrows({ code: 'GAME_OVER' });
    spec
      .given(broke)
      .when({ type: 'Borrow', data: { playerId: 'zed', amount: 100 } })
      .thenThrows({ code: 'UNKNOWN_PLAYER' });
  });

  it('is repaid with the $500 charge at the end, even below zero', () => {
    spec
      .given([...broke, { type: 'LoanTaken', data: { playerId: bob, amount: 100_000 } }])
      .when({ type: 'EndGame', data: { reason: 'AGREED' } })
      .then(([ended]) => {
        expect(ended).toMatchObject({
          data: {
            liquidations: [
              { playerId: alice, finalCash: 500_000, loanRepayment: 0 },
              { playerId: bob, cashBefore: 100_000, sales: [], loanRepayment: 150_000, finalCash: -50_000 },
            ],
            standings: [
              { playerId: alice, rank: 1, finalCash: 500_000 },
              { playerId: bob, rank: 2, finalCash: -50_000 },
            ],
          },
        });
      });
  });
});

describe('EndGame', () => {
  it('sells everything at market price and ranks by final cash', () => {
    spec
      .given([...rollingGame(), priceSet('TECH', 100, 180)])
      .when({ type: 'EndGame', data: { reason: 'AGREED' } })
      .then([
      {
        type: 'GameEnded',
        data: {
          reason: 'AGREED',
          prices: { ...par, TECH: 180 },
          liquidations: [
            {
              playerId: alice,
              cashBefore: 400_000,
              sales: [{ stock: 'GOLD', shares: 1000, price: 100, proceeds: 100_000 }],
              loanRepayment: 0,
              finalCash: 500_000,
            },
            {
              playerId: bob,
              cashBefore: 450_000,
              sales: [{ stock: 'TECH', shares: 500, price: 180, proceeds: 90_000 }],
              loanRepayment: 0,
              finalCash: 540_000,
            },
          ],
          standings: [
            { playerId: bob, rank: 1, finalCash: 540_000 },
            { playerId: alice, rank: 2, finalCash: 500_000 },
          ],
          winners: [bob],
        },
      },
    ]);
  });

  it('lets ties share the rank and the win (1, 1, 3)', () => {
    const given = [
      ...started([alice, bob, carol]),
      bought(alice, 'GOLD', 500),
      bought(bob, 'TECH', 500),
      bought(carol, 'OIL', 500),
      priceSet('OIL', 100, 90),
    ];
    spec.given(given).when({ type: 'EndGame', data: { reason: 'TIME_LIMIT' } }).then(([ended]) => {
      expect(ended).toMatchObject({
        data: {
          reason: 'TIME_LIMIT',
          standings: [
            { playerId: alice, rank: 1, finalCash: 500_000 },
            { playerId: bob, rank: 1, finalCash: 500_000 },
            { playerId: carol, rank: 3, finalCash: 495_000 },
          ],
          winners: [alice, bob],
        },
      });
    });
  });

  it('leaves only the final cash in the finished state', () => {
    const state = fold(stockTicker, finishedGame);
    expect(state).toMatchObject({
      phase: 'finished',
      reason: 'AGREED',
      portfolios: { alice: { cash: 500_000, holdings: { GOLD: 0 } }, bob: { cash: 500_000 } },
    });
    expect(stockTicker.isTerminal(state)).toBe(true);
  });

  it('rejects an unknown reason', () => {
    spec
      .given(rollingGame())
      .when({ type: 'EndGame', data: { reason: 'BORED' as never } })
      .thenThrows({ code: 'INVALID_REASON', kind: 'INVALID_INPUT' });
  });

  it('needs a game in play', () => {
    spec.given([]).when({ type: 'EndGame', data: { reason: 'AGREED' } }).thenThrows({ code: 'GAME_NOT_CREATED' });
    spec
      .given(seated([alice, bob]))
      .when({ type: 'EndGame', data: { reason: 'AGREED' } })
      .thenThrows({ code: 'GAME_NOT_STARTED' });
    spec
      .given(finishedGame)
      .when({ type: 'EndGame', data: { reason: 'AGREED' } })
      .thenThrows({ code: 'GAME_OVER', kind: 'RULE_VIOLATION' });
  });
});

describe('view and isTerminal', () => {
  it('shows everyone the whole state: there is no hidden information', () => {
    const state = fold(stockTicker, rollingGame());
    expect(stockTicker.view(state, { kind: 'spectator' })).toBe(state);
    expect(stockTicker.view(state, { kind: 'player', playerId: bob })).toBe(state);
    expect(stockTicker.isTerminal(state)).toBe(false);
  });
});
