import { extractGameResult, gameKey, stockTickerResults } from './game-result';

describe('game results', () => {
  const ended = {
    streamId: 'stock-ticker-g1',
    type: 'GameEnded',
    occurredAt: '2026-01-01T21:00:00.000Z',
    data: {
      reason: 'ROUND_LIMIT',
      standings: [
        { playerId: 'alice', rank: 1, finalCash: 527_500 },
        { playerId: 'bob', rank: 2, finalCash: -1_000 },
      ],
      winners: ['alice'],
    },
  };

  it('read a Stock Ticker GameEnded, final cash as final wealth', () => {
    expect(stockTickerResults(ended)).toEqual({
      gameType: 'stock-ticker',
      gameId: 'g1',
      finishedAt: '2026-01-01T21:00:00.000Z',
      standings: [
        { playerId: 'alice', rank: 1, finalWealth: 527_500 },
        { playerId: 'bob', rank: 2, finalWealth: -1_000 },
      ],
    });
    expect(gameKey('stock-ticker', 'g1')).toBe('stock-ticker/g1');
  });

  it('ignore other events, other streams and malformed data', () => {
    expect(extractGameResult({ ...ended, type: 'RoundCompleted' })).toBeUndefined();
    expect(extractGameResult({ ...ended, streamId: 'bolsa-g1' })).toBeUndefined();
    expect(extractGameResult({ ...ended, data: { standings: [{ playerId: 'x', rank: 0, finalCash: 1 }] } })).toBeUndefined();
    expect(extractGameResult({ ...ended, data: null })).toBeUndefined();
  });
});
