import { describeActor, describeEvent, playerNames, playersInEvent, roundOfEvent, stocksInEvent } from './event-sentences';

const names = playerNames([
  { playerId: 'alice', name: 'Alice' },
  { playerId: 'bruno', name: 'Bruno' },
  { playerId: 'chloe', name: 'Chloe' },
]);

describe('event sentences', () => {
  it.each([
    [{ type: 'SharesBought', data: { playerId: 'alice', stock: 'GOLD', shares: 1000, price: 110, cost: 110_000 } }, 'Alice bought 1,000 GOLD at $1.10 ($1,100.00)'],
    [{ type: 'SharesSold', data: { playerId: 'bruno', stock: 'OIL', shares: 500, price: 95, proceeds: 47_500 } }, 'Bruno sold 500 OIL at $0.95 ($475.00)'],
    [{ type: 'DiceRolled', data: { playerId: 'bruno', round: 3, stock: 'GOLD', action: 'UP', amount: 10, faces: { stock: 0, action: 0, amount: 1 } } }, 'Bruno rolled GOLD UP 10'],
    [{ type: 'DividendPaid', data: { stock: 'GOLD', perShare: 10, payments: [{ playerId: 'chloe', shares: 1000, amount: 10_000 }] } }, 'Dividend of 10¢ on GOLD paid $100.00 to Chloe'],
    [
      { type: 'DividendPaid', data: { stock: 'TECH', perShare: 5, payments: [{ playerId: 'alice', shares: 1000, amount: 5000 }, { playerId: 'bruno', shares: 500, amount: 2500 }] } },
      'Dividend of 5¢ on TECH paid $50.00 to Alice and $25.00 to Bruno',
    ],
    [{ type: 'DividendPaid', data: { stock: 'TECH', perShare: 20, payments: [] } }, 'Dividend of 20¢ on TECH: no shareholder to pay'],
    [{ type: 'DividendNotPaid', data: { stock: 'INDUSTRIAL', price: 90, reason: 'BELOW_PAR' } }, 'No dividend on INDUSTRIAL: the price $0.90 is below par'],
    [{ type: 'PriceChanged', data: { stock: 'BONDS', from: 100, to: 110 } }, 'BONDS moved from $1.00 to $1.10'],
    [
      { type: 'StockSplit', data: { stock: 'GRAIN', priceBefore: 200, holdings: [{ playerId: 'alice', before: 1000, after: 2000 }] } },
      'GRAIN split at $2.00: holdings doubled (Alice 1,000 → 2,000); the price is back to par',
    ],
    [
      { type: 'StockOffMarket', data: { stock: 'OIL', forfeited: [{ playerId: 'bruno', before: 1500, after: 0 }, { playerId: 'alice', before: 0, after: 0 }] } },
      'OIL went off the market: Bruno forfeited 1,500 shares; it is back at par',
    ],
    [{ type: 'LoanTaken', data: { playerId: 'chloe', amount: 100_000 } }, 'Chloe borrowed $1,000.00 from the Broker'],
    [{ type: 'TurnPassed', data: { toPlayerId: 'chloe', round: 2 } }, 'Turn passes to Chloe (round 2)'],
    [{ type: 'RoundCompleted', data: { round: 4 } }, 'Round 4 completed'],
    [{ type: 'TradingWindowOpened', data: { beforeRound: 5 } }, 'Trading window opened before round 5'],
    [{ type: 'TradingWindowClosed', data: { beforeRound: 5 } }, 'Trading window closed before round 5'],
    [{ type: 'TradingFinished', data: { playerId: 'alice' } }, 'Alice finished trading'],
    [{ type: 'OpeningClosed', data: {} }, 'Opening purchases closed: the Broker rolls first'],
    [{ type: 'PlayerJoined', data: { playerId: 'alice', name: 'Alice', seat: 0 } }, 'Alice joined the game at seat 1'],
    [
      { type: 'GameStarted', data: { brokerId: 'alice', seatOrder: ['alice', 'bruno', 'chloe'], startedAt: '', prices: { GOLD: 100 } } },
      'Game started: Alice is the Broker; rolling order Alice, Bruno, Chloe',
    ],
    [
      { type: 'GameCreated', data: { gameId: 'demo-1', options: { stocks: ['GOLD', 'TECH'], roundLimit: 10, tradingWindowEvery: 2, startingCash: 500_000 } } },
      'Game demo-1 created: 2 stocks, 10 rounds, trading window every 2 rounds, starting cash $5,000.00',
    ],
    [
      {
        type: 'GameEnded',
        data: {
          reason: 'ROUND_LIMIT',
          winners: ['alice', 'chloe'],
          standings: [
            { playerId: 'alice', rank: 1, finalCash: 640_000 },
            { playerId: 'chloe', rank: 1, finalCash: 640_000 },
            { playerId: 'bruno', rank: 3, finalCash: 620_000 },
          ],
        },
      },
      'Game ended (round limit reached): Alice and Chloe win with $6,400.00',
    ],
  ])('%j reads "%s"', (event, sentence) => {
    expect(describeEvent(event, names)).toBe(sentence);
  });

  it('falls back to ids, question marks and the type for what it does not know', () => {
    expect(describeEvent({ type: 'SharesBought', data: { playerId: 'zoe', stock: 'GOLD' } }, names)).toBe('zoe bought ? GOLD at ? (?)');
    expect(describeEvent({ type: 'SomethingNew', data: null }, names)).toBe('SomethingNew');
  });

  it('names actors', () => {
    expect(describeActor('referee', names)).toBe('Referee');
    expect(describeActor('bot:chloe', names)).toBe('Chloe (bot)');
    expect(describeActor('alice', names)).toBe('Alice');
  });
});

describe('event facets for filters', () => {
  it('finds the players an event concerns', () => {
    const dividend = { type: 'DividendPaid', actor: 'bot:bruno', data: { stock: 'GOLD', perShare: 10, payments: [{ playerId: 'chloe', shares: 1, amount: 10 }] } };
    expect([...playersInEvent(dividend)].sort()).toEqual(['bruno', 'chloe']);
    expect([...playersInEvent({ type: 'OpeningClosed', actor: 'referee', data: {} })]).toEqual([]);
  });

  it('finds the stocks an event is about', () => {
    expect([...stocksInEvent({ type: 'PriceChanged', data: { stock: 'OIL', from: 1, to: 2 } })]).toEqual(['OIL']);
    expect([...stocksInEvent({ type: 'GameStarted', data: { prices: { GOLD: 100, TECH: 100, BOGUS: 1 } } })]).toEqual(['GOLD', 'TECH']);
    expect([...stocksInEvent({ type: 'TurnPassed', data: { toPlayerId: 'alice', round: 1 } })]).toEqual([]);
  });

  it('reads the round an event names', () => {
    expect(roundOfEvent({ type: 'RoundCompleted', data: { round: 3 } })).toBe(3);
    expect(roundOfEvent({ type: 'TradingWindowOpened', data: { beforeRound: 4 } })).toBe(4);
    expect(roundOfEvent({ type: 'OpeningClosed', data: {} })).toBeUndefined();
  });
});
