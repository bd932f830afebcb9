/**
 * What the standings need from a finished game, whatever its rules: each player's rank (ties share a
 * rank) and final wealth in cents. The games side feeds one per finished game; a later one for the same
 * game replaces it (a corrected result).
 */
export interface GameResult {
  readonly gameType: string;
  readonly gameId: string;
  /** ISO-8601; orders the games of a season for the rating. */
  readonly finishedAt: string;
  readonly standings: readonly GameResultStanding[];
}

export interface GameResultStanding {
  readonly playerId: string;
  readonly rank: number;
  readonly finalWealth: number;
}

/** An event of the log, as a result extractor sees it. */
export interface LoggedEvent {
  readonly streamId: string;
  readonly type: string;
  readonly data: unknown;
  readonly occurredAt: string;
}

/** Recognises the event that finishes a game of one kind of rules and reads its result. */
export interface GameResultExtractor {
  (event: LoggedEvent): GameResult | undefined;
  /**
   * The only event types it can find a result in, when it says so: a reader catching up may then skip
   * every other event without reading it.
   */
  readonly eventTypes?: readonly string[];
}

/** The types of the events any of these extractors reads, or undefined if one of them does not say. */
export function resultEventTypes(extractors: readonly GameResultExtractor[]): string[] | undefined {
  const types = new Set<string>();
  for (const extractor of extractors) {
    if (!extractor.eventTypes) return undefined;
    for (const type of extractor.eventTypes) types.add(type);
  }
  return [...types];
}

const GAME_ENDED = ['GameEnded'] as const;

export const gameKey = (gameType: string, gameId: string) => `${gameType}/${gameId}`;

export const STOCK_TICKER_GAME_TYPE = 'stock-ticker';
export const STOCK_TICKER_STREAM_PREFIX = 'stock-ticker-';

/** Stock Ticker: `GameEnded` on `stock-ticker-<gameId>`, with `standings: [{ playerId, rank, finalCash }]`. */
export const stockTickerResults: GameResultExtractor = Object.assign(
  (event: LoggedEvent): GameResult | undefined => {
    if (event.type !== 'GameEnded' || !event.streamId.startsWith(STOCK_TICKER_STREAM_PREFIX)) return undefined;
    const standings = readStandings(event.data, 'finalCash');
    if (!standings) return undefined;
    return {
      gameType: STOCK_TICKER_GAME_TYPE,
      gameId: event.streamId.slice(STOCK_TICKER_STREAM_PREFIX.length),
      finishedAt: event.occurredAt,
      standings,
    };
  },
  { eventTypes: GAME_ENDED },
);

export const BOLSA_GAME_TYPE = 'bolsa';
export const BOLSA_STREAM_PREFIX = 'bolsa-';
export const MAXI_BOURSE_GAME_TYPE = 'maxi-bourse';
export const MAXI_BOURSE_STREAM_PREFIX = 'maxi-bourse-';

/** Cents per unit of the games that count whole euros (BOLSA) or dollars (Maxi Bourse). */
const CENTS_PER_UNIT = 100;

/**
 * BOLSA: `GameEnded` on `bolsa-<gameId>`, with `standings: [{ playerId, rank, cash }]` in whole euros
 * (the cash after the final sale of every share); the final wealth is that cash in cents.
 */
export const bolsaResults: GameResultExtractor = Object.assign(
  (event: LoggedEvent): GameResult | undefined => {
    if (event.type !== 'GameEnded' || !event.streamId.startsWith(BOLSA_STREAM_PREFIX)) return undefined;
    const standings = readStandings(event.data, 'cash', 'standings');
    if (!standings) return undefined;
    return {
      gameType: BOLSA_GAME_TYPE,
      gameId: event.streamId.slice(BOLSA_STREAM_PREFIX.length),
      finishedAt: event.occurredAt,
      standings: standings.map(inCents),
    };
  },
  { eventTypes: GAME_ENDED },
);

/**
 * Maxi Bourse: `GameEnded` on `maxi-bourse-<gameId>`, with `valuations: [{ playerId, rank, cash,
 * shareValue, total }]` in dollars; the final wealth is `total` (cash plus shares at market value) in cents.
 */
export const maxiBourseResults: GameResultExtractor = Object.assign(
  (event: LoggedEvent): GameResult | undefined => {
    if (event.type !== 'GameEnded' || !event.streamId.startsWith(MAXI_BOURSE_STREAM_PREFIX)) return undefined;
    const standings = readStandings(event.data, 'total', 'valuations');
    if (!standings) return undefined;
    return {
      gameType: MAXI_BOURSE_GAME_TYPE,
      gameId: event.streamId.slice(MAXI_BOURSE_STREAM_PREFIX.length),
      finishedAt: event.occurredAt,
      standings: standings.map(inCents),
    };
  },
  { eventTypes: GAME_ENDED },
);

function inCents(standing: GameResultStanding): GameResultStanding {
  return { ...standing, finalWealth: standing.finalWealth * CENTS_PER_UNIT };
}

/** The extractors the standings projection runs, one per kind of rules. */
export const GAME_RESULT_EXTRACTORS: readonly GameResultExtractor[] = [stockTickerResults, bolsaResults, maxiBourseResults];

export function extractGameResult(event: LoggedEvent, extractors: readonly GameResultExtractor[] = GAME_RESULT_EXTRACTORS) {
  for (const extract of extractors) {
    const result = extract(event);
    if (result) return result;
  }
  return undefined;
}

/** `data[<listField>]` (`standings` by default) as `{ playerId, rank, <wealthField> }[]`, or undefined when malformed. */
export function readStandings(data: unknown, wealthField: string, listField = 'standings'): GameResultStanding[] | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const standings = (data as Record<string, unknown>)[listField];
  if (!Array.isArray(standings)) return undefined;
  const read: GameResultStanding[] = [];
  for (const entry of standings) {
    if (typeof entry !== 'object' || entry === null) return undefined;
    const { playerId, rank } = entry as { playerId?: unknown; rank?: unknown };
    const finalWealth = (entry as Record<string, unknown>)[wealthField];
    if (typeof playerId !== 'string' || !Number.isInteger(rank) || (rank as number) < 1 || !Number.isSafeInteger(finalWealth)) {
      return undefined;
    }
    read.push({ playerId, rank: rank as number, finalWealth: finalWealth as number });
  }
  return read;
}
