/** A player's final place and wealth in cents, as the league standings count them. */
export interface CorrectedStanding {
  readonly playerId: string;
  readonly rank: number;
  readonly finalWealth: number;
}

export const GAME_RESULT_CORRECTED = 'GameResultCorrected';

/**
 * Recorded with a correction to a finished game: its result as the correction leaves it, so the league
 * standings (which read results from the log) count the corrected one instead of the first.
 */
export interface GameResultCorrectedEvent {
  readonly type: typeof GAME_RESULT_CORRECTED;
  readonly data: { readonly gameType: string; readonly gameId: string; readonly disputeId: string; readonly standings: readonly CorrectedStanding[] };
}

/** Reads a finished game's result from its state (undefined while it is not finished). */
export type ResultOf<State> = (state: State) => readonly CorrectedStanding[] | undefined;

/** Ranks by final wealth, richest first; equal wealth shares a rank (1, 1, 3). */
export function rankByWealth(wealth: readonly { readonly playerId: string; readonly finalWealth: number }[]): CorrectedStanding[] {
  const sorted = [...wealth].sort((a, b) => b.finalWealth - a.finalWealth);
  return sorted.map((entry) => ({ ...entry, rank: sorted.findIndex((other) => other.finalWealth === entry.finalWealth) + 1 }));
}

/**
 * The standings' result extractor for corrected results (the shape of `@corbeille/identity`'s
 * GameResultExtractor): a later result of a game replaces the earlier one.
 */
function correctedResultOf(event: { readonly streamId: string; readonly type: string; readonly data: unknown; readonly occurredAt: string }):
  | { gameType: string; gameId: string; finishedAt: string; standings: CorrectedStanding[] }
  | undefined {
  if (event.type !== GAME_RESULT_CORRECTED) return undefined;
  const data = event.data as Partial<GameResultCorrectedEvent['data']>;
  if (typeof data.gameType !== 'string' || typeof data.gameId !== 'string' || !Array.isArray(data.standings)) return undefined;
  if (!event.streamId.endsWith(data.gameId)) return undefined;
  return { gameType: data.gameType, gameId: data.gameId, finishedAt: event.occurredAt, standings: [...data.standings] };
}

/** The extractor, with the one event type it reads (so a reader catching up may skip the others). */
export const correctedGameResults = Object.assign(correctedResultOf, { eventTypes: [GAME_RESULT_CORRECTED] as const });
