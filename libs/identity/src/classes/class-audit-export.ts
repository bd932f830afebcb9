import { csvCell } from '../export/season-export';
import type { ParticipantKind } from '../standings/season-standings';
import type { AuditFlagKind, AuditTrade } from './class-audit';

/** A trade as a class's audit shows it: who made it in the class, its flags and its notes. */
export interface ClassTradeRow extends AuditTrade {
  readonly tableId: string;
  readonly seasonId: string;
  readonly participantId: string;
  readonly participantKind: ParticipantKind;
  /** The student's (or teacher's) account; null for bots and guests. */
  readonly accountId: string | null;
  readonly name: string;
  readonly deviationPercent: number | null;
  readonly flags: readonly AuditFlagKind[];
  readonly rationale: string | null;
  readonly annotationCount: number;
}

export const CLASS_TRADES_CSV_HEADER = [
  'trade_id',
  'occurred_at',
  'log_position',
  'revision',
  'game_type',
  'game_id',
  'table_id',
  'season_id',
  'round',
  'player_id',
  'participant_id',
  'participant_kind',
  'account_id',
  'name',
  'type',
  'company',
  'shares',
  'price_cents',
  'amount_cents',
  'market_price_cents',
  'deviation_percent',
  'cash_before_cents',
  'cash_after_cents',
  'shares_before',
  'shares_after',
  'counterparty',
  'via',
  'flags',
  'rationale',
  'annotations',
] as const;

export function classTradesToCsv(rows: readonly ClassTradeRow[]): string {
  return toCsv([
    CLASS_TRADES_CSV_HEADER,
    ...rows.map((row) => [
      row.tradeId,
      row.occurredAt,
      row.position,
      row.trade.revision,
      row.trade.gameType,
      row.trade.gameId,
      row.tableId,
      row.seasonId,
      row.round,
      row.trade.playerId,
      row.participantId,
      row.participantKind,
      row.accountId,
      row.name,
      row.side === 'buy' ? 'BUY' : 'SELL',
      row.company,
      row.shares,
      row.price,
      row.amount,
      row.marketPrice,
      row.deviationPercent,
      row.cashBefore,
      row.cashAfter,
      row.sharesBefore,
      row.sharesAfter,
      row.counterparty,
      row.via,
      row.flags.join(';'),
      row.rationale,
      row.annotationCount,
    ]),
  ]);
}

/** A teacher's annotation or a student's rationale, as the notes export lists them. */
export interface ClassNoteRow {
  readonly kind: 'annotation' | 'rationale';
  readonly noteId: string;
  readonly tradeId: string;
  readonly gameType: string;
  readonly gameId: string;
  readonly playerId: string;
  readonly studentName: string;
  readonly authorId: string;
  readonly authorName: string;
  readonly at: string;
  readonly comment: string | null;
  readonly flagged: boolean | null;
  readonly score: number | null;
}

export const CLASS_NOTES_CSV_HEADER = [
  'kind',
  'note_id',
  'at',
  'trade_id',
  'game_type',
  'game_id',
  'player_id',
  'student',
  'author_id',
  'author',
  'text',
  'flagged',
  'score',
] as const;

export function classNotesToCsv(rows: readonly ClassNoteRow[]): string {
  return toCsv([
    CLASS_NOTES_CSV_HEADER,
    ...rows.map((row) => [
      row.kind,
      row.noteId,
      row.at,
      row.tradeId,
      row.gameType,
      row.gameId,
      row.playerId,
      row.studentName,
      row.authorId,
      row.authorName,
      row.comment,
      row.flagged === null ? null : row.flagged ? 'yes' : 'no',
      row.score,
    ]),
  ]);
}

/** RFC 4180, CRLF line ends, the header first (the same cells as the season export). */
function toCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
