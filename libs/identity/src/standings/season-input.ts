import { findSeason } from '../league/league.decider';
import type { ActiveLeague } from '../league/league.types';
import type { GameResult } from './game-result';
import type { SeasonResult, StandingsInput } from './season-standings';

export interface RecordedResult {
  readonly result: GameResult;
  readonly position: number;
}

/** What a season's standings are computed from: the league's scoring and members, its tables and their results. */
export function seasonStandingsInput(
  league: ActiveLeague,
  seasonId: string,
  resultOf: (gameType: string, gameId: string) => RecordedResult | undefined,
): Omit<StandingsInput, 'closedAtPosition'> | undefined {
  const season = findSeason(league, seasonId);
  if (!season) return undefined;
  const results = season.tables.flatMap((table): SeasonResult[] => {
    const recorded = resultOf(table.gameType, table.gameId);
    return recorded ? [{ tableId: table.tableId, ...recorded }] : [];
  });
  return {
    scoring: league.scoring,
    memberIds: league.members.map((member) => member.accountId),
    tables: season.tables,
    results,
  };
}
