import type { SeatAssignment } from '../league/league.types';
import type { GameResult } from './game-result';
import { computeSeasonStandings, resolveParticipant, type SeasonResult, type StandingsInput, type StandingsTable } from './season-standings';

const NOW = '2026-01-01T00:00:00.000Z';
const seat = (playerId: string, accountId: string): SeatAssignment => ({ playerId, seat: { kind: 'account', accountId }, seatedAt: NOW });
const bot = (playerId: string): SeatAssignment => ({ playerId, seat: { kind: 'bot', strategy: 'greedy' }, seatedAt: NOW });

const t1: StandingsTable = { tableId: 't1', gameType: 'stock-ticker', gameId: 'g1', seats: [seat('p-ann', 'ann'), seat('p-bob', 'bob'), seat('p-cyd', 'cyd')] };
const t2: StandingsTable = { tableId: 't2', gameType: 'stock-ticker', gameId: 'g2', seats: [seat('x-ann', 'ann'), seat('x-bob', 'bob'), seat('x-cyd', 'cyd')] };

const result = (gameId: string, finishedAt: string, standings: [string, number, number][]): GameResult => ({
  gameType: 'stock-ticker',
  gameId,
  finishedAt,
  standings: standings.map(([playerId, rank, finalWealth]) => ({ playerId, rank, finalWealth })),
});

// Game 1: Ann, Bob, Cyd. Game 2: Cyd wins, Ann second, Bob last.
const g1: SeasonResult = {
  tableId: 't1',
  position: 10,
  result: result('g1', '2026-01-05T20:00:00.000Z', [['p-ann', 1, 600_000], ['p-bob', 2, 520_000], ['p-cyd', 3, 450_000]]),
};
const g2: SeasonResult = {
  tableId: 't2',
  position: 20,
  result: result('g2', '2026-01-12T20:00:00.000Z', [['x-cyd', 1, 700_000], ['x-ann', 2, 500_000], ['x-bob', 3, 300_000]]),
};

const input = (results: SeasonResult[], extra: Partial<StandingsInput> = {}): StandingsInput => ({
  scoring: [10, 6, 4, 3, 2, 1],
  memberIds: ['ann', 'bob', 'cyd'],
  tables: [t1, t2],
  results,
  closedAtPosition: null,
  ...extra,
});

describe('season standings', () => {
  it('score points by placement, total and average wealth, games, wins and rating (worked example)', () => {
    const { rows, games } = computeSeasonStandings(input([g1, g2]));
    expect(rows.map(({ rank, participantId, points, gamesPlayed, wins, totalFinalWealth, averageFinalWealth }) => ({
      rank,
      participantId,
      points,
      gamesPlayed,
      wins,
      totalFinalWealth,
      averageFinalWealth,
    }))).toEqual([
      { rank: 1, participantId: 'ann', points: 16, gamesPlayed: 2, wins: 1, totalFinalWealth: 1_100_000, averageFinalWealth: 550_000 },
      { rank: 2, participantId: 'cyd', points: 14, gamesPlayed: 2, wins: 1, totalFinalWealth: 1_150_000, averageFinalWealth: 575_000 },
      { rank: 3, participantId: 'bob', points: 10, gamesPlayed: 2, wins: 0, totalFinalWealth: 820_000, averageFinalWealth: 410_000 },
    ]);
    const rating = Object.fromEntries(rows.map((row) => [row.participantId, row.rating]));
    expect(rating['ann']).toBeCloseTo(1514.897, 3);
    expect(rating['bob']).toBeCloseTo(1484, 10);
    expect(rating['cyd']).toBeCloseTo(1501.103, 3);
    expect(games.map((game) => game.gameId)).toEqual(['g1', 'g2']);
    expect(games[0]?.entries.map(({ participantId, points, ratingBefore, ratingAfter }) => [participantId, points, ratingBefore, ratingAfter])).toEqual([
      ['ann', 10, 1500, 1516],
      ['bob', 6, 1500, 1500],
      ['cyd', 4, 1500, 1484],
    ]);
  });

  it('are the same whatever order the results arrive in (games fold in the order they finished)', () => {
    expect(computeSeasonStandings(input([g2, g1]))).toEqual(computeSeasonStandings(input([g1, g2])));
  });

  it('ignore results recorded after the season closed, and results of games that are not its tables', () => {
    const closed = computeSeasonStandings(input([g1, g2], { closedAtPosition: 15 }));
    expect(closed.rows.map((row) => [row.participantId, row.points])).toEqual([['ann', 10], ['bob', 6], ['cyd', 4]]);
    const stranger: SeasonResult = { tableId: 't1', position: 30, result: { ...g2.result, gameId: 'other' } };
    expect(computeSeasonStandings(input([stranger])).rows).toEqual([]);
  });

  it('give the places past the scoring table no points, and share a rank on a tie', () => {
    const table: StandingsTable = { tableId: 't9', gameType: 'bolsa', gameId: 'b1', seats: [] };
    const tie: SeasonResult = {
      tableId: 't9',
      position: 1,
      result: {
        gameType: 'bolsa',
        gameId: 'b1',
        finishedAt: NOW,
        standings: [
          { playerId: 'u', rank: 1, finalWealth: 100 },
          { playerId: 'v', rank: 1, finalWealth: 100 },
          { playerId: 'w', rank: 3, finalWealth: 50 },
        ],
      },
    };
    const { rows } = computeSeasonStandings({ scoring: [5, 3], memberIds: [], tables: [table], results: [tie], closedAtPosition: null });
    expect(rows.map((row) => [row.rank, row.participantId, row.points])).toEqual([
      [1, 'guest:u', 5],
      [1, 'guest:v', 5],
      [3, 'guest:w', 0],
    ]);
  });

  it('count a seat for its account, a bot by its player id, a member joined under their own id, and anyone else as a guest', () => {
    const table: StandingsTable = { tableId: 't', gameType: 'stock-ticker', gameId: 'g', seats: [seat('p1', 'ann'), bot('robo')] };
    const members = ['ann', 'bob'];
    expect(resolveParticipant(table, 'p1', members)).toEqual({ participantId: 'ann', kind: 'account', accountId: 'ann' });
    expect(resolveParticipant(table, 'robo', members)).toEqual({ participantId: 'bot:robo', kind: 'bot', accountId: null });
    expect(resolveParticipant(table, 'bob', members)).toEqual({ participantId: 'bob', kind: 'account', accountId: 'bob' });
    expect(resolveParticipant(table, 'eve', members)).toEqual({ participantId: 'guest:eve', kind: 'guest', accountId: null });
  });

  it('count one entry per participant and game', () => {
    const table: StandingsTable = { tableId: 't', gameType: 'stock-ticker', gameId: 'g', seats: [seat('p1', 'ann')] };
    const twice: SeasonResult = {
      tableId: 't',
      position: 1,
      result: result('g', NOW, [['ann', 2, 10], ['p1', 1, 20], ['bob', 3, 5]]),
    };
    const { rows } = computeSeasonStandings({ scoring: [10, 6, 4], memberIds: ['ann'], tables: [table], results: [twice], closedAtPosition: null });
    expect(rows.map((row) => [row.participantId, row.points, row.totalFinalWealth])).toEqual([
      ['ann', 10, 20],
      ['guest:bob', 4, 5],
    ]);
  });
});
