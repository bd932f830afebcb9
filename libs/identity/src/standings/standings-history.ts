import { computeSeasonStandings, type SeasonStandings, type StandingRow, type StandingsInput } from './season-standings';

/** Why the standings were recomputed. */
export type StandingsChangeReason =
  | 'GAME_RESULT'
  | 'RESULT_CORRECTED'
  | 'TABLE_SCHEDULED'
  | 'SEATING_CHANGED'
  | 'MEMBERSHIP_CHANGED';

export interface StandingsCause {
  readonly reason: StandingsChangeReason;
  /** Log position of the event that caused the recomputation. */
  readonly position: number;
  readonly at: string;
  readonly tableId: string | null;
  readonly gameType: string | null;
  readonly gameId: string | null;
}

/** How one participant's line moved, and why. `rank` is null when they left the standings. */
export interface StandingChange extends StandingsCause {
  readonly participantId: string;
  readonly rankBefore: number | null;
  readonly rank: number | null;
  readonly pointsBefore: number;
  readonly points: number;
  readonly ratingBefore: number | null;
  readonly rating: number | null;
  readonly gamesPlayedBefore: number;
  readonly gamesPlayed: number;
}

/** A season's standings as the projection keeps them: the current table and every change that led to it. */
export interface SeasonStandingsModel {
  readonly seasonId: string;
  readonly leagueId: string;
  readonly closedAtPosition: number | null;
  readonly standings: SeasonStandings;
  readonly history: readonly StandingChange[];
}

export function emptySeasonStandings(leagueId: string, seasonId: string): SeasonStandingsModel {
  return { seasonId, leagueId, closedAtPosition: null, standings: { rows: [], games: [] }, history: [] };
}

/** One change per participant whose rank, points, rating or games played moved. */
export function diffStandings(
  before: readonly StandingRow[],
  after: readonly StandingRow[],
  cause: StandingsCause,
): StandingChange[] {
  const previous = new Map(before.map((row) => [row.participantId, row]));
  const current = new Map(after.map((row) => [row.participantId, row]));
  const ids = [...after.map((row) => row.participantId), ...before.map((row) => row.participantId).filter((id) => !current.has(id))];
  return ids.flatMap((participantId) => {
    const was = previous.get(participantId);
    const now = current.get(participantId);
    const unchanged =
      was !== undefined &&
      now !== undefined &&
      was.rank === now.rank &&
      was.points === now.points &&
      was.gamesPlayed === now.gamesPlayed &&
      Math.abs(was.rating - now.rating) < 1e-9;
    if (unchanged) return [];
    return [
      {
        ...cause,
        participantId,
        rankBefore: was?.rank ?? null,
        rank: now?.rank ?? null,
        pointsBefore: was?.points ?? 0,
        points: now?.points ?? 0,
        ratingBefore: was?.rating ?? null,
        rating: now?.rating ?? null,
        gamesPlayedBefore: was?.gamesPlayed ?? 0,
        gamesPlayed: now?.gamesPlayed ?? 0,
      },
    ];
  });
}

/** Recomputes a season's standings and appends what moved to its history. */
export function recomputeSeasonStandings(
  model: SeasonStandingsModel,
  input: Omit<StandingsInput, 'closedAtPosition'>,
  cause: StandingsCause,
): SeasonStandingsModel {
  const standings = computeSeasonStandings({ ...input, closedAtPosition: model.closedAtPosition });
  const changes = diffStandings(model.standings.rows, standings.rows, cause);
  return { ...model, standings, history: [...model.history, ...changes] };
}

/** The history of one participant, oldest first. */
export function historyOf(model: SeasonStandingsModel, participantId: string): StandingChange[] {
  return model.history.filter((change) => change.participantId === participantId);
}
