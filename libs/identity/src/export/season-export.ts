import type { LeagueKind } from '../league/league.types';
import { roundRating } from '../standings/elo-rating';
import type { GameRecord, GameRecordEntry, StandingRow } from '../standings/season-standings';

/** A season as it is exported: names resolved by the caller, money in cents. */
export interface SeasonExportData {
  readonly league: { readonly leagueId: string; readonly name: string; readonly kind: LeagueKind };
  readonly season: { readonly seasonId: string; readonly name: string; readonly createdAt: string; readonly closedAt: string | null };
  readonly scoring: readonly number[];
  readonly standings: readonly (StandingRow & { readonly name: string })[];
  readonly games: readonly (Omit<GameRecord, 'entries'> & { readonly entries: readonly (GameRecordEntry & { readonly name: string })[] })[];
}

export type SeasonExportPart = 'all' | 'standings' | 'results';

export const STANDINGS_CSV_HEADER = [
  'rank',
  'participant_id',
  'kind',
  'name',
  'points',
  'games_played',
  'wins',
  'total_final_wealth_cents',
  'average_final_wealth_cents',
  'rating',
] as const;

export const RESULTS_CSV_HEADER = [
  'finished_at',
  'table_id',
  'game_type',
  'game_id',
  'player_id',
  'participant_id',
  'kind',
  'name',
  'game_rank',
  'final_wealth_cents',
  'points',
  'rating_before',
  'rating_after',
] as const;

type Cell = string | number | null;

export function standingsCsvRows(data: SeasonExportData): Cell[][] {
  return data.standings.map((row) => [
    row.rank,
    row.participantId,
    row.kind,
    row.name,
    row.points,
    row.gamesPlayed,
    row.wins,
    row.totalFinalWealth,
    row.averageFinalWealth,
    roundRating(row.rating),
  ]);
}

export function resultsCsvRows(data: SeasonExportData): Cell[][] {
  return data.games.flatMap((game) =>
    game.entries.map((entry) => [
      game.finishedAt,
      game.tableId,
      game.gameType,
      game.gameId,
      entry.playerId,
      entry.participantId,
      entry.kind,
      entry.name,
      entry.rank,
      entry.finalWealth,
      entry.points,
      roundRating(entry.ratingBefore),
      roundRating(entry.ratingAfter),
    ]),
  );
}

/**
 * RFC 4180 CSV, CRLF line ends. `all` is the standings table, an empty line, then the results table
 * (one row per player and game), each with its header.
 */
export function seasonToCsv(data: SeasonExportData, part: SeasonExportPart = 'all'): string {
  const standings = [STANDINGS_CSV_HEADER, ...standingsCsvRows(data)];
  const results = [RESULTS_CSV_HEADER, ...resultsCsvRows(data)];
  const tables = part === 'standings' ? [standings] : part === 'results' ? [results] : [standings, results];
  return tables.map((rows) => rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n').join('\r\n');
}

export function seasonToJson(data: SeasonExportData, part: SeasonExportPart = 'all'): string {
  const standings = data.standings.map((row) => ({ ...row, rating: roundRating(row.rating) }));
  const games = data.games.map((game) => ({
    ...game,
    entries: game.entries.map((entry) => ({
      ...entry,
      ratingBefore: roundRating(entry.ratingBefore),
      ratingAfter: roundRating(entry.ratingAfter),
    })),
  }));
  const { league, season, scoring } = data;
  return JSON.stringify(
    {
      league,
      season,
      scoring,
      ...(part === 'results' ? {} : { standings }),
      ...(part === 'standings' ? {} : { results: games }),
    },
    null,
    2,
  );
}

/** Quotes when needed; text that a spreadsheet would run as a formula is prefixed with an apostrophe. */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
