import { fold, isDomainError, seededRandom } from '@corbeille/kernel';
import type { PlayerId } from '@corbeille/kernel';
import fc from 'fast-check';
import { greedyBot, playWholeGame, randomBot } from './bots';
import type { StockTickerBot, WholeGameStep } from './bots';
import { allStockNames, stockTickerContent } from './content/stocks';
import { stockTicker } from './decider';
import { legalActions } from './legal-actions';
import type { StockTickerAction, StockTickerCommand, StockTickerEvent, StockTickerOptions, StockTickerState } from './types';

const startTime = '2026-03-01T19:00:00.000Z';

/** Puts every cent into the first stock it can buy and never sells: it goes broke, and borrows, more often. */
const allInBot: StockTickerBot = (state, playerId) => {
  const actions = legalActions(state, playerId);
  const borrow = actions.find((action) => action.type === 'Borrow');
  if (borrow) return { type: 'Borrow', data: { playerId, amount: borrow.maxAmount } };
  const buy = actions.find((action) => action.type === 'BuyShares');
  if (buy) return { type: 'BuyShares', data: { playerId, stock: buy.stock, shares: buy.maxShares } };
  const next = actions.find((action) => action.type === 'FinishTrading' || action.type === 'RollDice');
  return next && { type: next.type, data: { playerId } };
};

const botKinds = ['random', 'greedy', 'allIn'] as const;

const gameSetup = fc.record({
  seed: fc.integer(),
  playerCount: fc.integer({ min: 2, max: 8 }),
  bots: fc.array(fc.constantFrom(...botKinds), { minLength: 8, maxLength: 8 }),
  // Small boards move each stock more often, so splits and crashes come sooner.
  stocks: fc.oneof(fc.subarray([...allStockNames], { minLength: 1 }), fc.subarray([...allStockNames], { minLength: 1, maxLength: 2 })),
  tradingWindowEvery: fc.constantFrom<StockTickerOptions['tradingWindowEvery']>(1, 2, 3),
  roundLimit: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
  timeLimitMinutes: fc.option(fc.integer({ min: 1, max: 120 }), { nil: null }),
  minutesPerRoll: fc.integer({ min: 0, max: 3 }),
});
type GameSetup = typeof gameSetup extends fc.Arbitrary<infer T> ? T : never;

/** A bot game; any command a bot gives that decide rejects makes it throw. */
function play(setup: GameSetup, onStep?: (step: WholeGameStep) => void) {
  const random = seededRandom(setup.seed);
  const players = Array.from({ length: setup.playerCount }, (_, index) => ({ playerId: `p${index}`, name: `Player ${index}` }));
  const botOfKind = { random: randomBot(random), greedy: greedyBot(), allIn: allInBot };
  const bots = new Map(players.map(({ playerId }, index) => [playerId, botOfKind[setup.bots[index] ?? 'greedy']]));
  return playWholeGame({
    players,
    options: {
      stocks: setup.stocks,
      tradingWindowEvery: setup.tradingWindowEvery,
      roundLimit: setup.roundLimit,
      timeLimitMinutes: setup.timeLimitMinutes,
    },
    random,
    botFor: (playerId) => bots.get(playerId) ?? greedyBot(),
    startTime,
    minutesPerRoll: setup.minutesPerRoll,
    maxCommands: 2_000,
    onStep,
  });
}

/** Plain checks: the game loops run thousands of them, too many for expect. */
function check(condition: boolean, message: () => string): void {
  if (!condition) throw new Error(message());
}

/** Cash each player should have from the recorded trades, dividends and loans alone. */
function ledger(events: readonly StockTickerEvent[]): Map<string, number> {
  const cash = new Map<string, number>();
  const add = (playerId: string, amount: number) => cash.set(playerId, (cash.get(playerId) ?? 0) + amount);
  for (const event of events) {
    if (event.type === 'GameStarted') event.data.seatOrder.forEach((playerId) => cash.set(playerId, stockTickerContent.startingCash));
    if (event.type === 'SharesBought') add(event.data.playerId, -event.data.cost);
    if (event.type === 'SharesSold') add(event.data.playerId, event.data.proceeds);
    if (event.type === 'DividendPaid') event.data.payments.forEach((payment) => add(payment.playerId, payment.amount));
    if (event.type === 'LoanTaken') add(event.data.playerId, event.data.amount);
  }
  return cash;
}

function checkSettledMarket(state: StockTickerState): void {
  if (state.phase === 'uncreated' || state.phase === 'lobby') return;
  for (const stock of allStockNames) {
    const price = state.prices[stock];
    check(price >= 5 && price <= 195, () => `${stock} at ${price} after a command`);
  }
  for (const [playerId, portfolio] of Object.entries(state.portfolios)) {
    for (const [stock, shares] of Object.entries(portfolio.holdings)) {
      check(shares >= 0 && shares % stockTickerContent.lotSize === 0, () => `${playerId} holds ${shares} ${stock}`);
    }
    check(state.phase === 'finished' || portfolio.cash >= 0, () => `${playerId} has ${portfolio.cash} cents in play`);
  }
}

/** The commands a legal action allows at its smallest and largest amounts. */
function commandsFor(action: StockTickerAction, playerId: PlayerId): StockTickerCommand[] {
  switch (action.type) {
    case 'BuyShares':
    case 'SellShares':
      return [action.lot, action.maxShares].map((shares) => ({ type: action.type, data: { playerId, stock: action.stock, shares } }));
    case 'Borrow':
      return [1, action.maxAmount].map((amount) => ({ type: 'Borrow', data: { playerId, amount } }));
    case 'FinishTrading':
    case 'RollDice':
      return [{ type: action.type, data: { playerId } }];
    case 'JoinGame':
    case 'StartGame':
      return [];
  }
}

describe('whole bot games (every bot command is accepted, or the game throws)', () => {
  it('keep prices within $0.05..$1.95 and holdings in whole lots after every command, and cash never negative in play', () => {
    fc.assert(
      fc.property(gameSetup, (setup) => {
        play(setup, ({ state }) => checkSettledMarket(state));
      }),
      { numRuns: 60 },
    );
  });

  it('conserve money: cash moves only by the recorded trades, dividends and loans, then the recorded settlement', () => {
    fc.assert(
      fc.property(gameSetup, (setup) => {
        const seen: StockTickerEvent[] = [];
        const { state } = play(setup, ({ events, state: live }) => {
          seen.push(...events);
          if (live.phase !== 'opening' && live.phase !== 'trading' && live.phase !== 'rolling') return;
          const expected = ledger(seen);
          for (const [playerId, portfolio] of Object.entries(live.portfolios)) {
            check(portfolio.cash === expected.get(playerId), () => `${playerId} has ${portfolio.cash}, the ledger says ${expected.get(playerId)}`);
          }
        });
        const ended = seen.at(-1);
        if (ended?.type !== 'GameEnded' || state.phase !== 'finished') throw new Error('The game did not end');
        const beforeEnd = ledger(seen);
        const borrowed = new Map(seen.flatMap((event) => (event.type === 'LoanTaken' ? [[event.data.playerId, event.data.amount]] : [])));
        for (const liquidation of ended.data.liquidations) {
          const proceeds = liquidation.sales.reduce((total, sale) => total + sale.proceeds, 0);
          const loan = borrowed.get(liquidation.playerId);
          expect(liquidation.cashBefore).toBe(beforeEnd.get(liquidation.playerId));
          liquidation.sales.forEach((sale) => expect(sale.proceeds).toBe(sale.shares * ended.data.prices[sale.stock]));
          expect(liquidation.loanRepayment).toBe(loan === undefined ? 0 : loan + stockTickerContent.loan.charge);
          expect(liquidation.finalCash).toBe(liquidation.cashBefore + proceeds - liquidation.loanRepayment);
          expect(state.portfolios[liquidation.playerId]?.cash).toBe(liquidation.finalCash);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('are rebuilt exactly by folding their recorded events', () => {
    fc.assert(
      fc.property(gameSetup, (setup) => {
        const { events, state } = play(setup);
        expect(fold(stockTicker, events)).toEqual(state);
        expect(stockTicker.isTerminal(state)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('only reach states where every legal action, at its bounds, is accepted by decide', () => {
    fc.assert(
      fc.property(gameSetup, (setup) => {
        play(setup, ({ state, now }) => {
          if (state.phase === 'uncreated' || state.phase === 'lobby') return;
          for (const playerId of state.seatOrder) {
            for (const command of stockTicker.legalActions(state, playerId).flatMap((action) => commandsFor(action, playerId))) {
              try {
                stockTicker.decide(state, command, { random: seededRandom(setup.seed), now });
              } catch (error) {
                const reason = isDomainError(error) ? error.code : String(error);
                throw new Error(`${JSON.stringify(command)} was offered but refused: ${reason}`);
              }
            }
          }
        });
      }),
      { numRuns: 25 },
    );
  });

  it('give every seated player a standing, ranked by final cash, with the top ranks as winners', () => {
    fc.assert(
      fc.property(gameSetup, (setup) => {
        const { state } = play(setup);
        if (state.phase !== 'finished') throw new Error('The game did not finish');
        expect(state.standings.map((standing) => standing.playerId).sort()).toEqual([...state.seatOrder].sort());
        state.standings.forEach((standing, index) => {
          const previous = state.standings[index - 1];
          if (previous) expect(previous.finalCash).toBeGreaterThanOrEqual(standing.finalCash);
          expect(standing.rank).toBe(previous && previous.finalCash === standing.finalCash ? previous.rank : index + 1);
        });
        expect(state.winners).toEqual(state.standings.filter((standing) => standing.rank === 1).map((standing) => standing.playerId));
      }),
      { numRuns: 40 },
    );
  });

  it('roll dice that land only on stocks in play, with the action and amount faces of the rulebook', () => {
    fc.assert(
      fc.property(gameSetup, (setup) => {
        const board = allStockNames.filter((stock) => setup.stocks.includes(stock));
        for (const event of play(setup).events) {
          if (event.type !== 'DiceRolled') continue;
          expect(event.data.stock).toBe(board[event.data.faces.stock]);
          expect(event.data.action).toBe(stockTickerContent.dice.action[event.data.faces.action]);
          expect(event.data.amount).toBe(stockTickerContent.dice.amount[event.data.faces.amount]);
        }
      }),
      { numRuns: 30 },
    );
  });
});

describe('the sampled games', () => {
  it('exercise every rule: splits, crashes, dividends, loans and each way of ending', () => {
    const seen = new Set<string>();
    for (const setup of fc.sample(gameSetup, { numRuns: 80, seed: 20_260_301 })) {
      for (const event of play(setup).events) {
        seen.add(event.type === 'GameEnded' ? `GameEnded:${event.data.reason}` : event.type);
      }
    }
    expect([...seen].sort()).toEqual(
      expect.arrayContaining([
        'DividendNotPaid',
        'DividendPaid',
        'GameEnded:AGREED',
        'GameEnded:ROUND_LIMIT',
        'GameEnded:TIME_LIMIT',
        'LoanTaken',
        'StockOffMarket',
        'StockSplit',
        'TradingWindowOpened',
      ]),
    );
  });
});
