import type { SeatAssignment } from '../league/league.types';
import type { SeasonResult, StandingsInput, StandingsTable } from './season-standings';
import { emptySeasonStandings, historyOf, recomputeSeasonStandings, type StandingsCause } from './standings-history';

const NOW = '2026-01-01T00:00:00.000Z';
const seat = (playerId: string, accountId: string): SeatAssignment => ({ playerId, seat: { kind: 'account', accountId }, seatedAt: NOW });
const tables: StandingsTable[] = [
  { tableId: 't1', gameType: 'stock-ticker', gameId: 'g1', seats: [seat('a', 'ann'), seat('b', 'bob')] },
  { tableId: 't2', gameType: 'stock-ticker', gameId: 'g2', seats: [seat('a', 'ann'), seat('b', 'bob')] },
];
const base: Omit<StandingsInput, 'closedAtPosition'> = { scoring: [10, 6], memberIds: ['ann', 'bob'], tables, results: [] };
const g1: SeasonResult = {
  tableId: 't1',
  position: 5,
  result: { gameType: 'stock-ticker', gameId: 'g1', finishedAt: '2026-01-02T00:00:00.000Z', standings: [{ playerId: 'a', rank: 1, finalWealth: 600 }, { playerId: 'b', rank: 2, finalWealth: 400 }] },
};
const g2: SeasonResult = {
  tableId: 't2',
  position: 9,
  result: { gameType: 'stock-ticker', gameId: 'g2', finishedAt: '2026-01-03T00:00:00.000Z', standings: [{ playerId: 'b', rank: 1, finalWealth: 900 }, { playerId: 'a', rank: 2, finalWealth: 100 }] },
};
const cause = (reason: StandingsCause['reason'], position: number, gameId: string | null): StandingsCause => ({
  reason,
  position,
  at: NOW,
  tableId: gameId === 'g1' ? 't1' : gameId === 'g2' ? 't2' : null,
  gameType: gameId ? 'stock-ticker' : null,
  gameId,
});

describe('standings history', () => {
  it('records why each rank changed', () => {
    let model = emptySeasonStandings('league', 'season');
    model = recomputeSeasonStandings(model, { ...base, results: [g1] }, cause('GAME_RESULT', 5, 'g1'));
    model = recomputeSeasonStandings(model, { ...base, results: [g1, g2] }, cause('GAME_RESULT', 9, 'g2'));
    // Both have 16 points after two games; Bob's second game beat a higher rated Ann, so he leads on rating.
    expect(model.standings.rows.map((row) => [row.rank, row.participantId, row.points])).toEqual([
      [1, 'bob', 16],
      [2, 'ann', 16],
    ]);
    expect(historyOf(model, 'ann').map(({ reason, gameId, rankBefore, rank, pointsBefore, points }) => ({ reason, gameId, rankBefore, rank, pointsBefore, points }))).toEqual([
      { reason: 'GAME_RESULT', gameId: 'g1', rankBefore: null, rank: 1, pointsBefore: 0, points: 10 },
      { reason: 'GAME_RESULT', gameId: 'g2', rankBefore: 1, rank: 2, pointsBefore: 10, points: 16 },
    ]);
    const annAfterG1 = historyOf(model, 'ann')[0];
    expect(annAfterG1?.rating).toBe(1516);
    expect(historyOf(model, 'ann')[1]?.ratingBefore).toBe(1516);
  });

  it('replaces a corrected result and records only what moved', () => {
    let model = recomputeSeasonStandings(emptySeasonStandings('l', 's'), { ...base, results: [g1] }, cause('GAME_RESULT', 5, 'g1'));
    const before = model.history.length;
    model = recomputeSeasonStandings(model, { ...base, results: [g1] }, cause('SEATING_CHANGED', 6, null));
    expect(model.history).toHaveLength(before);
    const corrected: SeasonResult = {
      ...g1,
      position: 12,
      result: { ...g1.result, standings: [{ playerId: 'a', rank: 2, finalWealth: 300 }, { playerId: 'b', rank: 1, finalWealth: 700 }] },
    };
    model = recomputeSeasonStandings(model, { ...base, results: [corrected] }, cause('RESULT_CORRECTED', 12, 'g1'));
    expect(model.standings.rows.map((row) => row.participantId)).toEqual(['bob', 'ann']);
    expect(model.history.slice(before).map((change) => [change.reason, change.participantId, change.rankBefore, change.rank])).toEqual([
      ['RESULT_CORRECTED', 'bob', 2, 1],
      ['RESULT_CORRECTED', 'ann', 1, 2],
    ]);
  });

  it('notes a participant who leaves the standings', () => {
    let model = recomputeSeasonStandings(emptySeasonStandings('l', 's'), { ...base, results: [g1] }, cause('GAME_RESULT', 5, 'g1'));
    const reseated: StandingsTable[] = [
      { tableId: 't1', gameType: 'stock-ticker', gameId: 'g1', seats: [seat('a', 'ann'), seat('b', 'cyd')] },
      ...tables.slice(1),
    ];
    model = recomputeSeasonStandings(model, { ...base, memberIds: ['ann', 'bob', 'cyd'], tables: reseated, results: [g1] }, cause('SEATING_CHANGED', 7, null));
    expect(historyOf(model, 'bob').at(-1)).toMatchObject({ reason: 'SEATING_CHANGED', rankBefore: 2, rank: null, points: 0 });
    expect(historyOf(model, 'cyd')).toEqual([expect.objectContaining({ rankBefore: null, rank: 2, points: 6 })]);
  });
});
