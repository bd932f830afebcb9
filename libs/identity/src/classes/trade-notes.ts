import { Forbidden, InvalidInput, NotFound, isValidId } from '@corbeille/kernel';
import { GAME_TYPES, type ActiveLeague, type GameType, type LeagueTable, type TradeRef } from '../league/league.types';
import { resolveParticipant } from '../standings/season-standings';

/** A teacher's comment on a trade: at most this many characters. */
export const MAX_ANNOTATION_COMMENT_LENGTH = 2000;
/** A student's rationale is short: at most this many characters. */
export const MAX_RATIONALE_LENGTH = 500;
/** Rubric scores are whole numbers from 0 to this. */
export const MAX_RUBRIC_SCORE = 10;

const CONTROL_EXCEPT_NEWLINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * A trade's id: `<gameType>:<gameId>:<revision>:<playerId>`, the game, the revision of the event that
 * recorded the trade in the game's stream, and the seat that traded. Stable across event stores (it
 * names the event by its place in its stream, not by a store's own id).
 */
export function tradeIdOf(trade: TradeRef): string {
  return `${trade.gameType}:${trade.gameId}:${trade.revision}:${trade.playerId}`;
}

/** The trade an id names, or undefined when it is not a trade id. */
export function parseTradeId(tradeId: string): TradeRef | undefined {
  const parts = tradeId.split(':');
  if (parts.length !== 4) return undefined;
  const [gameType, gameId, revision, playerId] = parts as [string, string, string, string];
  const known = GAME_TYPES.find((candidate) => candidate === gameType);
  if (!known || !isValidId(gameId) || !isValidId(playerId) || !/^(0|[1-9]\d{0,15})$/.test(revision)) return undefined;
  const at = Number(revision);
  return Number.isSafeInteger(at) ? { gameType: known, gameId, revision: at, playerId } : undefined;
}

/** A trade reference from a command, checked field by field. */
export function checkTradeRef(trade: TradeRef): TradeRef {
  const checked = parseTradeId(tradeIdOf(trade));
  if (!checked) throw new InvalidInput('INVALID_TRADE', 'This is not a trade of a game', { trade: { ...trade } });
  return checked;
}

/** The table of the league a trade was made at; NotFound when its game is no table of the league. */
export function tableOfTrade(league: ActiveLeague, trade: TradeRef): LeagueTable {
  for (const season of league.seasons) {
    const table = season.tables.find((candidate) => candidate.gameType === trade.gameType && candidate.gameId === trade.gameId);
    if (table) return table;
  }
  throw new NotFound('TRADE_NOT_IN_LEAGUE', `The game ${trade.gameType}/${trade.gameId} is not a table of this ${league.kind}`, {
    gameType: trade.gameType,
    gameId: trade.gameId,
  });
}

/**
 * The account a seat of a league's table belongs to: the account the organisers seated there, or the
 * member whose account id is the seat's player id (a game they joined themselves); undefined for bots
 * and guests.
 */
export function seatHolder(league: ActiveLeague, table: LeagueTable, playerId: string): string | undefined {
  const memberIds = league.members.map((member) => member.accountId);
  return resolveParticipant(table, playerId, memberIds).accountId ?? undefined;
}

export interface CheckedAnnotation {
  readonly comment: string | null;
  readonly flagged: boolean;
  readonly score: number | null;
}

/** A comment (trimmed, newlines allowed), a flag and a rubric score: at least one of them. */
export function checkAnnotation(input: { comment?: string | null; flagged?: boolean | null; score?: number | null }): CheckedAnnotation {
  const comment = input.comment === undefined || input.comment === null ? null : input.comment.trim();
  if (comment !== null && (comment.length > MAX_ANNOTATION_COMMENT_LENGTH || CONTROL_EXCEPT_NEWLINES.test(comment))) {
    throw new InvalidInput('INVALID_COMMENT', `A comment is at most ${MAX_ANNOTATION_COMMENT_LENGTH} printable characters`, {
      field: 'comment',
      max: MAX_ANNOTATION_COMMENT_LENGTH,
    });
  }
  const score = input.score ?? null;
  if (score !== null && (!Number.isInteger(score) || score < 0 || score > MAX_RUBRIC_SCORE)) {
    throw new InvalidInput('INVALID_SCORE', `A rubric score is a whole number from 0 to ${MAX_RUBRIC_SCORE}`, {
      field: 'score',
      max: MAX_RUBRIC_SCORE,
    });
  }
  const flagged = input.flagged === true;
  const text = comment === '' ? null : comment;
  if (text === null && !flagged && score === null) {
    throw new InvalidInput('EMPTY_ANNOTATION', 'An annotation needs a comment, a flag or a score', { field: 'comment' });
  }
  return { comment: text, flagged, score };
}

export function checkRationale(rationale: string): string {
  const text = rationale.trim();
  if (text.length === 0 || text.length > MAX_RATIONALE_LENGTH || CONTROL_EXCEPT_NEWLINES.test(text)) {
    throw new InvalidInput('INVALID_RATIONALE', `A rationale is 1 to ${MAX_RATIONALE_LENGTH} printable characters`, {
      field: 'rationale',
      max: MAX_RATIONALE_LENGTH,
    });
  }
  return text;
}

/** Only the account that made a trade writes its rationale. */
export function requireTradeOwner(league: ActiveLeague, table: LeagueTable, trade: TradeRef, actorId: string): void {
  if (seatHolder(league, table, trade.playerId) !== actorId) {
    throw new Forbidden('NOT_YOUR_TRADE', 'You may only write the rationale of your own trades', { playerId: trade.playerId });
  }
}

export const isGameType = (value: string): value is GameType => GAME_TYPES.some((candidate) => candidate === value);
