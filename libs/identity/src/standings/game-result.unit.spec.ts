import { bolsaResults, extractGameResult, gameKey, maxiBourseResults, stockTickerResults } from './game-result';

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

  it('read BOLSA and Maxi Bourse end events, in cents', () => {
    const bolsa = {
      streamId: 'bolsa-b1',
      type: 'GameEnded',
      occurredAt: '2026-01-02T21:00:00.000Z',
      data: { lastMonth: 3, standings: [{ playerId: 'ann', rank: 1, cash: 1_240 }, { playerId: 'bo', rank: 2, cash: 990 }], winners: ['ann'] },
    };
    expect(bolsaResults(bolsa)).toEqual({
      gameType: 'bolsa',
      gameId: 'b1',
      finishedAt: '2026-01-02T21:00:00.000Z',
      standings: [
        { playerId: 'ann', rank: 1, finalWealth: 124_000 },
        { playerId: 'bo', rank: 2, finalWealth: 99_000 },
      ],
    });
    const maxi = {
      streamId: 'maxi-bourse-m1',
      type: 'GameEnded',
      occurredAt: '2026-01-03T21:00:00.000Z',
      data: {
        reason: 'TURN_LIMIT',
        prices: {},
        valuations: [
          { playerId: 'cy', cash: 400_000, shareValue: 650_000, total: 1_050_000, rank: 1 },
          { playerId: 'di', cash: 900_000, shareValue: 0, total: 900_000, rank: 2 },
        ],
        winners: ['cy'],
      },
    };
    expect(extractGameResult(maxi)).toEqual({
      gameType: 'maxi-bourse',
      gameId: 'm1',
      finishedAt: '2026-01-03T21:00:00.000Z',
      standings: [
        { playerId: 'cy', rank: 1, finalWealth: 105_000_000 },
        { playerId: 'di', rank: 2, finalWealth: 90_000_000 },
      ],
    });
    expect(maxiBourseResults({ ...maxi, streamId: 'bolsa-m1' })).toBeUndefined();
    expect(extractGameResult(bolsa)).toEqual(bolsaResults(bolsa));
  });
});
