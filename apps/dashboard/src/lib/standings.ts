import type { LeagueGame } from './queries';

export interface LeagueStanding {
  readonly playerId: string;
  readonly name: string;
  /** Finished games the player sat in. */
  readonly played: number;
  /** Finished games the player won (a tie counts as a win for each winner). */
  readonly wins: number;
  /** Mean final net worth over the finished games played, in cents (rounded to the cent). */
  readonly averageFinalNetWorth: number;
}

export interface League {
  readonly name: string | null;
  readonly games: readonly LeagueGame[];
  readonly finishedGames: number;
  readonly standings: readonly LeagueStanding[];
}

/** Standings computed from the results of finished games: wins first, then average final net worth. */
export function computeStandings(games: readonly LeagueGame[]): LeagueStanding[] {
  const rows = new Map<string, { name: string; played: number; wins: number; total: number }>();
  for (const game of games) {
    if (game.phase !== 'FINISHED') continue;
    const winners = new Set(game.winners);
    for (const portfolio of game.portfolios) {
      const row = rows.get(portfolio.playerId) ?? { name: portfolio.name, played: 0, wins: 0, total: 0 };
      row.played += 1;
      row.total += portfolio.netWorth;
      if (winners.has(portfolio.playerId)) row.wins += 1;
      rows.set(portfolio.playerId, row);
    }
  }
  return [...rows.entries()]
    .map(([playerId, row]) => ({
      playerId,
      name: row.name,
      played: row.played,
      wins: row.wins,
      averageFinalNetWorth: Math.round(row.total / row.played),
    }))
    .sort(
      (a, b) =>
        b.wins - a.wins ||
        b.averageFinalNetWorth - a.averageFinalNetWorth ||
        a.name.localeCompare(b.name) ||
        a.playerId.localeCompare(b.playerId),
    );
}

/** Games grouped by league (in order of their newest game), each with its standings; unlabelled games last. */
export function groupByLeague(games: readonly LeagueGame[]): League[] {
  const byName = new Map<string | null, LeagueGame[]>();
  for (const game of games) {
    const list = byName.get(game.league) ?? [];
    list.push(game);
    byName.set(game.league, list);
  }
  const leagues = [...byName.entries()].map(([name, list]) => ({
    name,
    games: list,
    finishedGames: list.filter((game) => game.phase === 'FINISHED').length,
    standings: computeStandings(list),
  }));
  return [...leagues.filter((league) => league.name !== null), ...leagues.filter((league) => league.name === null)];
}
