import { csvCell, seasonToCsv, seasonToJson, type SeasonExportData } from './season-export';

const data: SeasonExportData = {
  league: { leagueId: 'l1', name: 'Friday Club', kind: 'league' },
  season: { seasonId: 's1', name: 'Spring', createdAt: '2026-01-01T00:00:00.000Z', closedAt: null },
  scoring: [10, 6],
  standings: [
    { rank: 1, participantId: 'ann', kind: 'account', accountId: 'ann', name: 'Ann, "the Bull"', points: 10, gamesPlayed: 1, wins: 1, totalFinalWealth: 600, averageFinalWealth: 600, rating: 1516 },
    { rank: 2, participantId: 'bot:robo', kind: 'bot', accountId: null, name: '=HYPERLINK("x")', points: 6, gamesPlayed: 1, wins: 0, totalFinalWealth: -50, averageFinalWealth: -50, rating: 1484.04 },
  ],
  games: [
    {
      tableId: 't1',
      gameType: 'stock-ticker',
      gameId: 'g1',
      finishedAt: '2026-01-02T00:00:00.000Z',
      entries: [
        { playerId: 'a', participantId: 'ann', kind: 'account', accountId: 'ann', name: 'Ann, "the Bull"', rank: 1, finalWealth: 600, points: 10, ratingBefore: 1500, ratingAfter: 1516 },
        { playerId: 'robo', participantId: 'bot:robo', kind: 'bot', accountId: null, name: '=HYPERLINK("x")', rank: 2, finalWealth: -50, points: 6, ratingBefore: 1500, ratingAfter: 1484.04 },
      ],
    },
  ],
};

describe('season export', () => {
  it('writes the standings, an empty line, then one result row per player and game', () => {
    expect(seasonToCsv(data).split('\r\n')).toEqual([
      'rank,participant_id,kind,name,points,games_played,wins,total_final_wealth_cents,average_final_wealth_cents,rating',
      '1,ann,account,"Ann, ""the Bull""",10,1,1,600,600,1516',
      `2,bot:robo,bot,"'=HYPERLINK(""x"")",6,1,0,-50,-50,1484`,
      '',
      'finished_at,table_id,game_type,game_id,player_id,participant_id,kind,name,game_rank,final_wealth_cents,points,rating_before,rating_after',
      '2026-01-02T00:00:00.000Z,t1,stock-ticker,g1,a,ann,account,"Ann, ""the Bull""",1,600,10,1500,1516',
      `2026-01-02T00:00:00.000Z,t1,stock-ticker,g1,robo,bot:robo,bot,"'=HYPERLINK(""x"")",2,-50,6,1500,1484`,
      '',
    ]);
  });

  it('writes one part alone', () => {
    expect(seasonToCsv(data, 'standings').split('\r\n')).toHaveLength(4);
    expect(seasonToCsv(data, 'results').startsWith('finished_at,')).toBe(true);
  });

  it('writes JSON with ratings to one decimal', () => {
    const json = JSON.parse(seasonToJson(data));
    expect(json.league).toEqual(data.league);
    expect(json.standings[1].rating).toBe(1484);
    expect(json.results[0].entries).toHaveLength(2);
    expect(JSON.parse(seasonToJson(data, 'standings')).results).toBeUndefined();
  });

  it('quotes only when needed', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });
});
