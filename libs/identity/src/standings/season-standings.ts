import type { SeatAssignment } from '../league/league.types';
import { INITIAL_RATING, ratingChanges } from './elo-rating';
import type { GameResult } from './game-result';

export type ParticipantKind = 'account' | 'bot' | 'guest';

/** Who a seat's results count for: an account across tables, a bot by its player id, or a guest. */
export interface Participant {
  readonly participantId: string;
  readonly kind: ParticipantKind;
  readonly accountId: string | null;
}

export interface StandingsTable {
  readonly tableId: string;
  readonly gameType: string;
  readonly gameId: string;
  readonly seats: readonly SeatAssignment[];
}

/** A game result linked to a table, with the log position it was recorded at. */
export interface SeasonResult {
  readonly tableId: string;
  readonly result: GameResult;
  readonly position: number;
}

export interface StandingsInput {
  readonly scoring: readonly number[];
  /** Accounts of the league: a player id equal to one of them, with no seat assigned, is that account. */
  readonly memberIds: readonly string[];
  readonly tables: readonly StandingsTable[];
  readonly results: readonly SeasonResult[];
  /** Results recorded after this log position (the season's closing) do not count. */
  readonly closedAtPosition: number | null;
}

export interface StandingRow {
  readonly rank: number;
  readonly participantId: string;
  readonly kind: ParticipantKind;
  readonly accountId: string | null;
  readonly points: number;
  readonly gamesPlayed: number;
  readonly wins: number;
  /** Cents. */
  readonly totalFinalWealth: number;
  /** Cents, rounded. */
  readonly averageFinalWealth: number;
  /** Exact; shown rounded to one decimal. */
  readonly rating: number;
}

export interface GameRecordEntry extends Participant {
  readonly playerId: string;
  readonly rank: number;
  readonly finalWealth: number;
  readonly points: number;
  readonly ratingBefore: number;
  readonly ratingAfter: number;
}

/** A counted game, as the season saw it. */
export interface GameRecord {
  readonly tableId: string;
  readonly gameType: string;
  readonly gameId: string;
  readonly finishedAt: string;
  readonly entries: readonly GameRecordEntry[];
}

export interface SeasonStandings {
  readonly rows: readonly StandingRow[];
  readonly games: readonly GameRecord[];
}

export function pointsFor(scoring: readonly number[], rank: number): number {
  return scoring[rank - 1] ?? 0;
}

export function resolveParticipant(table: StandingsTable, playerId: string, memberIds: readonly string[]): Participant {
  const seat = table.seats.find((assignment) => assignment.playerId === playerId)?.seat;
  if (seat?.kind === 'account') return { participantId: seat.accountId, kind: 'account', accountId: seat.accountId };
  if (seat?.kind === 'bot') return { participantId: `bot:${playerId}`, kind: 'bot', accountId: null };
  if (memberIds.includes(playerId)) return { participantId: playerId, kind: 'account', accountId: playerId };
  return { participantId: `guest:${playerId}`, kind: 'guest', accountId: null };
}

interface Tally extends Participant {
  points: number;
  gamesPlayed: number;
  wins: number;
  totalFinalWealth: number;
  rating: number;
}

/**
 * The standings of a season from its tables and their results, folded game by game in the order they
 * finished (then by game), so the same results always give the same ratings whatever order they came in.
 */
export function computeSeasonStandings(input: StandingsInput): SeasonStandings {
  const tables = new Map(input.tables.map((table) => [table.tableId, table]));
  const counted = input.results
    .filter((entry) => input.closedAtPosition === null || entry.position <= input.closedAtPosition)
    .filter((entry) => {
      const table = tables.get(entry.tableId);
      return table !== undefined && table.gameType === entry.result.gameType && table.gameId === entry.result.gameId;
    })
    .sort(
      (a, b) =>
        compare(a.result.finishedAt, b.result.finishedAt) ||
        compare(a.result.gameType, b.result.gameType) ||
        compare(a.result.gameId, b.result.gameId),
    );

  const tallies = new Map<string, Tally>();
  const games: GameRecord[] = [];
  for (const { tableId, result } of counted) {
    const table = tables.get(tableId);
    if (!table) continue;
    // One entry per participant and game: if a participant somehow holds two seats, the better one counts.
    const placed: { standing: GameResult['standings'][number]; participant: Participant }[] = [];
    for (const standing of [...result.standings].sort((a, b) => a.rank - b.rank)) {
      const participant = resolveParticipant(table, standing.playerId, input.memberIds);
      if (!placed.some((entry) => entry.participant.participantId === participant.participantId)) placed.push({ standing, participant });
    }
    if (placed.length === 0) continue;

    const before = placed.map(({ participant }) => tallies.get(participant.participantId)?.rating ?? INITIAL_RATING);
    const changes = ratingChanges(placed.map(({ standing }, index) => ({ rank: standing.rank, rating: before[index] ?? INITIAL_RATING })));
    const entries = placed.map(({ standing, participant }, index): GameRecordEntry => {
      const ratingBefore = before[index] ?? INITIAL_RATING;
      const ratingAfter = ratingBefore + (changes[index] ?? 0);
      const points = pointsFor(input.scoring, standing.rank);
      const tally = tallies.get(participant.participantId) ?? {
        ...participant,
        points: 0,
        gamesPlayed: 0,
        wins: 0,
        totalFinalWealth: 0,
        rating: INITIAL_RATING,
      };
      tally.points += points;
      tally.gamesPlayed += 1;
      tally.wins += standing.rank === 1 ? 1 : 0;
      tally.totalFinalWealth += standing.finalWealth;
      tally.rating = ratingAfter;
      tallies.set(participant.participantId, tally);
      return { ...participant, playerId: standing.playerId, rank: standing.rank, finalWealth: standing.finalWealth, points, ratingBefore, ratingAfter };
    });
    games.push({ tableId, gameType: result.gameType, gameId: result.gameId, finishedAt: result.finishedAt, entries });
  }

  const ordered = [...tallies.values()].sort(
    (a, b) =>
      b.points - a.points ||
      b.rating - a.rating ||
      b.totalFinalWealth - a.totalFinalWealth ||
      compare(a.participantId, b.participantId),
  );
  const rows = ordered.map((tally): Omit<StandingRow, 'rank'> => ({
    participantId: tally.participantId,
    kind: tally.kind,
    accountId: tally.accountId,
    points: tally.points,
    gamesPlayed: tally.gamesPlayed,
    wins: tally.wins,
    totalFinalWealth: tally.totalFinalWealth,
    averageFinalWealth: Math.round(tally.totalFinalWealth / tally.gamesPlayed),
    rating: tally.rating,
  }));
  // Competition ranking: equal points, rating and wealth share a rank (1, 1, 3).
  return {
    rows: rows.map((row) => ({ ...row, rank: rows.findIndex((other) => sameStanding(other, row)) + 1 })),
    games,
  };
}

function sameStanding(a: Omit<StandingRow, 'rank'>, b: Omit<StandingRow, 'rank'>): boolean {
  return a.points === b.points && Math.abs(a.rating - b.rating) < 1e-9 && a.totalFinalWealth === b.totalFinalWealth;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
