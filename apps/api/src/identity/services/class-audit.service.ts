import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@corbeille/event-store';
import { Forbidden, NotFound } from '@corbeille/kernel';
import { isVoidingMarker, voidedRevisions } from '@corbeille/rulings';
import {
  classNotesToCsv,
  classTradesToCsv,
  detectFlags,
  deviationPercent,
  findTable,
  resolveParticipant,
  roleOf,
  type ActiveLeague,
  type AuditFlag,
  type AuditFlagKind,
  type AuditSignal,
  type AuditTrade,
  type ClassNoteRow,
  type ClassTradeRow,
  type FlagThresholds,
  type GameType,
  type LeagueTable,
  type TradeRef,
  type TradeSide,
} from '@corbeille/identity';
import type { Principal } from '../../access/access.port';
import { offsetConnection, type ConnectionShape } from '../../common/pagination/connection.model';
import { EVENT_STORE } from '../../infrastructure/infrastructure.tokens';
import { TRADE_READERS } from '../audit/trade-readers';
import { requireAccount, type AccountPrincipal } from '../auth/principal-requirements';
import { IDENTITY_PROJECTION } from '../identity.tokens';
import type {
  ClassExportModel,
  ClassFlagModel,
  ClassTradeModel,
  TradeAnnotationModel,
  TradeRationaleModel,
} from '../models/class-audit.model';
import type { AccountRecord, TradeAnnotationRecord, TradeRationaleRecord } from '../read-models/identity-read-models';
import type { IdentityProjection } from '../read-models/identity.projection';

export const CLASS_TRADE_CURSOR = 'class-trade';
export const TRADE_ANNOTATION_CURSOR = 'trade-annotation';
export const TRADE_RATIONALE_CURSOR = 'trade-rationale';

/** Games whose folded audit stays in memory between requests (least recently used first out). */
const CACHED_GAMES = 256;

export interface ClassTradeFilter {
  readonly studentId?: string | null;
  readonly gameId?: string | null;
  readonly gameType?: GameType | null;
  readonly company?: string | null;
  readonly type?: TradeSide | null;
  readonly from?: string | null;
  readonly to?: string | null;
  readonly flaggedOnly?: boolean | null;
}

/** A game's stream read so far: the engine's state and what the events recorded. */
interface GameAudit {
  readonly revision: number;
  readonly state: unknown;
  readonly trades: readonly AuditTrade[];
  readonly signals: readonly AuditSignal[];
  /** The names the players joined with. */
  readonly names: ReadonlyMap<string, string>;
}

/** Who reads a class's audit: its teachers see everything; a student, their own trades and rationales. */
type Audience = { readonly kind: 'teacher'; readonly account: AccountPrincipal } | { readonly kind: 'student'; readonly account: AccountPrincipal };

interface ClassAudit {
  readonly league: ActiveLeague;
  /** Every trade at the class's tables, in log order. */
  readonly rows: readonly ClassTradeRow[];
  readonly flags: readonly AuditFlag[];
  readonly accounts: ReadonlyMap<string, AccountRecord>;
}

/**
 * The trade audit of a class (or league): every trade at its tables, read from the games' own streams
 * with their engines, so each row is the log's; the flags found in them; the teachers' annotations and
 * the students' rationales from the identity read models. A game's folded stream is kept in memory
 * and only its new events are read on the next request.
 */
@Injectable()
export class ClassAuditService {
  private readonly games = new Map<string, GameAudit>();

  constructor(
    @Inject(IDENTITY_PROJECTION) private readonly projection: IdentityProjection,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async trades(principal: Principal, classId: string, filter: ClassTradeFilter, offset: number, limit: number): Promise<ConnectionShape<ClassTradeModel>> {
    const { league, audience } = this.audience(principal, classId);
    const audit = await this.classAudit(league);
    const rows = this.visibleRows(audit, audience, filter);
    const page = rows.slice(offset, offset + limit);
    const models = this.tradeModels(audit, audience, page);
    return offsetConnection(CLASS_TRADE_CURSOR, models, offset, rows.length);
  }

  /** The trades the filter keeps, as CSV (RFC 4180; see docs/leagues.md for the columns). */
  async tradesExport(principal: Principal, classId: string, filter: ClassTradeFilter): Promise<ClassExportModel> {
    const { league, audience } = this.audience(principal, classId);
    const audit = await this.classAudit(league);
    const rows = this.visibleRows(audit, audience, filter);
    const suffix = audience.kind === 'student' ? `-${slug(audience.account.displayName)}` : '';
    return { classId, filename: `${slug(league.name)}${suffix}-trades.csv`, contentType: 'text/csv; charset=utf-8', content: classTradesToCsv(rows) };
  }

  async flags(principal: Principal, classId: string, thresholds: FlagThresholds): Promise<ClassFlagModel[]> {
    const { league } = this.teacher(principal, classId);
    const audit = await this.classAudit(league, thresholds);
    return audit.flags.map((flag) => this.flagModel(audit, flag));
  }

  async annotations(
    principal: Principal,
    classId: string,
    filter: { tradeId?: string | null; studentId?: string | null },
    offset: number,
    limit: number,
  ): Promise<ConnectionShape<TradeAnnotationModel>> {
    const { league } = this.teacher(principal, classId);
    const accounts = this.accountsOf(league);
    const annotations = this.projection.store
      .annotationsOf(league.leagueId, filter.tradeId ?? undefined)
      .filter((annotation) => !filter.studentId || this.studentOf(league, annotation) === filter.studentId);
    const page = annotations.slice(offset, offset + limit).map((annotation) => annotationModel(annotation, accounts));
    return offsetConnection(TRADE_ANNOTATION_CURSOR, page, offset, annotations.length);
  }

  async journal(principal: Principal, classId: string, studentId: string | null | undefined, offset: number, limit: number): Promise<ConnectionShape<TradeRationaleModel>> {
    const { league, audience } = this.audience(principal, classId);
    const only = audience.kind === 'student' ? audience.account.accountId : (studentId ?? undefined);
    const accounts = this.accountsOf(league);
    const entries = this.projection.store.rationalesOf(league.leagueId).filter((entry) => only === undefined || entry.authorId === only);
    const page = entries.slice(offset, offset + limit).map((entry) => rationaleModel(entry, accounts));
    return offsetConnection(TRADE_RATIONALE_CURSOR, page, offset, entries.length);
  }

  /** The teachers' annotations and the students' rationales, in the order they were written, as CSV. */
  async notesExport(principal: Principal, classId: string): Promise<ClassExportModel> {
    const { league } = this.teacher(principal, classId);
    const accounts = this.accountsOf(league);
    const studentName = (trade: TradeRef, tableId: string) => {
      const table = findTable(league, tableId);
      const accountId = table ? this.participant(league, table, trade.playerId).accountId : null;
      return (accountId ? accounts.get(accountId)?.displayName : undefined) ?? trade.playerId;
    };
    const notes: (ClassNoteRow & { position: number })[] = [
      ...this.projection.store.annotationsOf(league.leagueId).map((annotation) => ({
        kind: 'annotation' as const,
        noteId: annotation.annotationId,
        tradeId: annotation.tradeId,
        gameType: annotation.trade.gameType,
        gameId: annotation.trade.gameId,
        playerId: annotation.trade.playerId,
        studentName: studentName(annotation.trade, annotation.tableId),
        authorId: annotation.authorId,
        authorName: accounts.get(annotation.authorId)?.displayName ?? annotation.authorId,
        at: annotation.annotatedAt,
        comment: annotation.comment,
        flagged: annotation.flagged,
        score: annotation.score,
        position: annotation.position,
      })),
      ...this.projection.store.rationalesOf(league.leagueId).map((entry) => ({
        kind: 'rationale' as const,
        noteId: entry.tradeId,
        tradeId: entry.tradeId,
        gameType: entry.trade.gameType,
        gameId: entry.trade.gameId,
        playerId: entry.trade.playerId,
        studentName: studentName(entry.trade, entry.tableId),
        authorId: entry.authorId,
        authorName: accounts.get(entry.authorId)?.displayName ?? entry.authorId,
        at: entry.recordedAt,
        comment: entry.rationale,
        flagged: null,
        score: null,
        position: entry.position,
      })),
    ].sort((a, b) => a.position - b.position);
    return { classId, filename: `${slug(league.name)}-notes.csv`, contentType: 'text/csv; charset=utf-8', content: classNotesToCsv(notes) };
  }

  /** The trade a note is about, if the game's log holds it (notes are bound to a trade event). */
  async findTrade(league: ActiveLeague, trade: TradeRef): Promise<AuditTrade | undefined> {
    const audit = await this.gameAudit(trade.gameType, trade.gameId);
    return audit?.trades.find((candidate) => candidate.trade.revision === trade.revision && candidate.trade.playerId === trade.playerId);
  }

  annotationModel(league: ActiveLeague, annotationId: string): TradeAnnotationModel {
    const annotation = this.projection.store.annotation(annotationId);
    if (!annotation || annotation.leagueId !== league.leagueId) throw new Error(`Annotation ${annotationId} is missing from the read models`);
    return annotationModel(annotation, this.accountsOf(league));
  }

  rationaleModel(league: ActiveLeague, tradeId: string): TradeRationaleModel {
    const entry = this.projection.store.rationale(league.leagueId, tradeId);
    if (!entry) throw new Error(`The rationale of ${tradeId} is missing from the read models`);
    return rationaleModel(entry, this.accountsOf(league));
  }

  /** The class and who is reading it: its teachers and students only. */
  audience(principal: Principal, classId: string): { league: ActiveLeague; audience: Audience } {
    const account = requireAccount(principal, 'read');
    const league = this.projection.store.league(classId);
    if (!league) throw new NotFound('LEAGUE_NOT_FOUND', `There is no class or league with id "${classId}"`, { classId });
    const role = roleOf(league, account.accountId);
    if (role === 'organiser') return { league, audience: { kind: 'teacher', account } };
    if (role === 'player') return { league, audience: { kind: 'student', account } };
    if (role === undefined) throw new Forbidden('NOT_A_MEMBER', `Only members of this ${league.kind} may see it`, { classId });
    throw new Forbidden('NOT_A_STUDENT', `Only the teachers and students of this ${league.kind} see its trades`, { classId });
  }

  private teacher(principal: Principal, classId: string): { league: ActiveLeague; account: AccountPrincipal } {
    const { league, audience } = this.audience(principal, classId);
    if (audience.kind !== 'teacher') {
      throw new Forbidden('NOT_AN_ORGANISER', `Only the ${league.kind === 'class' ? 'teachers' : 'organisers'} of this ${league.kind} may see this`, { classId });
    }
    return { league, account: audience.account };
  }

  private async classAudit(league: ActiveLeague, thresholds?: FlagThresholds): Promise<ClassAudit> {
    const accounts = this.accountsOf(league);
    const trades: { trade: AuditTrade; table: LeagueTable; names: ReadonlyMap<string, string> }[] = [];
    const signals: AuditSignal[] = [];
    const tables = new Map<string, LeagueTable>();
    for (const season of league.seasons) {
      for (const table of season.tables) {
        tables.set(`${table.gameType}:${table.gameId}`, table);
        const audit = await this.gameAudit(table.gameType, table.gameId);
        if (!audit) continue;
        for (const trade of audit.trades) trades.push({ trade, table, names: audit.names });
        signals.push(...audit.signals);
      }
    }
    const participantOf = (gameType: GameType, gameId: string, playerId: string) => {
      const table = tables.get(`${gameType}:${gameId}`);
      return table ? this.participant(league, table, playerId).participantId : `guest:${playerId}`;
    };
    const flags = detectFlags({ trades: trades.map((entry) => entry.trade), signals, participantOf, ...(thresholds ? { thresholds } : {}) });
    const flagsOf = new Map<string, AuditFlagKind[]>();
    for (const flag of flags) {
      for (const tradeId of flag.tradeIds) {
        const kinds = flagsOf.get(tradeId) ?? [];
        if (!kinds.includes(flag.kind)) flagsOf.set(tradeId, [...kinds, flag.kind]);
      }
    }
    const rationales = new Map(this.projection.store.rationalesOf(league.leagueId).map((entry) => [entry.tradeId, entry.rationale]));
    const annotationCounts = new Map<string, number>();
    for (const annotation of this.projection.store.annotationsOf(league.leagueId)) {
      annotationCounts.set(annotation.tradeId, (annotationCounts.get(annotation.tradeId) ?? 0) + 1);
    }
    const rows = trades
      .sort((a, b) => a.trade.position - b.trade.position || a.trade.tradeId.localeCompare(b.trade.tradeId))
      .map(({ trade, table, names }): ClassTradeRow => {
        const participant = this.participant(league, table, trade.trade.playerId);
        const accountName = participant.accountId ? accounts.get(participant.accountId)?.displayName : undefined;
        return {
          ...trade,
          tableId: table.tableId,
          seasonId: table.seasonId,
          participantId: participant.participantId,
          participantKind: participant.kind,
          accountId: participant.accountId,
          name: accountName ?? names.get(trade.trade.playerId) ?? trade.trade.playerId,
          deviationPercent: deviationPercent(trade.price, trade.marketPrice),
          flags: flagsOf.get(trade.tradeId) ?? [],
          rationale: rationales.get(trade.tradeId) ?? null,
          annotationCount: annotationCounts.get(trade.tradeId) ?? 0,
        };
      });
    return { league, rows, flags, accounts };
  }

  /** The rows the filter keeps; a student's own only, without the teachers' flags and annotations. */
  private visibleRows(audit: ClassAudit, audience: Audience, filter: ClassTradeFilter): ClassTradeRow[] {
    const mine = audience.kind === 'student' ? audience.account.accountId : undefined;
    const from = filter.from ? Date.parse(filter.from) : undefined;
    const to = filter.to ? Date.parse(filter.to) : undefined;
    const company = filter.company?.trim().toUpperCase();
    return audit.rows
      .filter((row) => mine === undefined || row.accountId === mine)
      .map((row) => (mine === undefined ? row : { ...row, flags: [], annotationCount: 0 }))
      .filter(
        (row) =>
          (!filter.studentId || row.accountId === filter.studentId) &&
          (!filter.gameId || row.trade.gameId === filter.gameId) &&
          (!filter.gameType || row.trade.gameType === filter.gameType) &&
          (!company || row.company.toUpperCase() === company) &&
          (!filter.type || row.side === filter.type) &&
          (from === undefined || Date.parse(row.occurredAt) >= from) &&
          (to === undefined || Date.parse(row.occurredAt) < to) &&
          (!filter.flaggedOnly || row.flags.length > 0),
      );
  }

  private tradeModels(audit: ClassAudit, audience: Audience, rows: readonly ClassTradeRow[]): ClassTradeModel[] {
    const { league, accounts } = audit;
    const annotations = new Map<string, TradeAnnotationModel[]>();
    if (audience.kind === 'teacher') {
      for (const annotation of this.projection.store.annotationsOf(league.leagueId)) {
        annotations.set(annotation.tradeId, [...(annotations.get(annotation.tradeId) ?? []), annotationModel(annotation, accounts)]);
      }
    }
    return rows.map((row) => {
      const rationale = this.projection.store.rationale(league.leagueId, row.tradeId);
      return {
        id: row.tradeId,
        classId: league.leagueId,
        seasonId: row.seasonId,
        tableId: row.tableId,
        gameType: row.trade.gameType,
        gameId: row.trade.gameId,
        eventId: row.eventId,
        eventType: row.eventType,
        position: row.position,
        revision: row.trade.revision,
        occurredAt: row.occurredAt,
        round: row.round,
        playerId: row.trade.playerId,
        participantId: row.participantId,
        participantKind: row.participantKind,
        studentId: row.accountId,
        studentName: row.name,
        type: row.side,
        company: row.company,
        shares: row.shares,
        price: row.price,
        amount: row.amount,
        marketPrice: row.marketPrice,
        deviationPercent: row.deviationPercent,
        cashBefore: row.cashBefore,
        cashAfter: row.cashAfter,
        sharesBefore: row.sharesBefore,
        sharesAfter: row.sharesAfter,
        counterparty: row.counterparty,
        via: row.via,
        flags: [...row.flags],
        rationale: rationale ? rationaleModel(rationale, accounts) : null,
        annotations: annotations.get(row.tradeId) ?? [],
      };
    });
  }

  private flagModel(audit: ClassAudit, flag: AuditFlag): ClassFlagModel {
    const { league, accounts } = audit;
    const seatNames = new Map(audit.rows.map((row) => [`${row.trade.gameType}:${row.trade.gameId}:${row.trade.playerId}`, row.name]));
    return {
      id: flag.flagId,
      kind: flag.kind,
      seats: flag.seats.map((seat) => {
        const studentId = league.members.some((member) => member.accountId === seat.participantId) ? seat.participantId : null;
        return {
          gameType: seat.gameType,
          gameId: seat.gameId,
          playerId: seat.playerId,
          participantId: seat.participantId,
          studentId,
          studentName:
            (studentId ? accounts.get(studentId)?.displayName : undefined) ?? seatNames.get(`${seat.gameType}:${seat.gameId}:${seat.playerId}`) ?? seat.playerId,
        };
      }),
      tradeIds: [...flag.tradeIds],
      positions: [...flag.positions],
      firstAt: flag.firstAt,
      lastAt: flag.lastAt,
      month: flag.month,
      deviationPercent: flag.deviationPercent,
      count: flag.count,
      message: flag.message,
    };
  }

  /** A game's audit, folding only the events it has not seen yet; undefined before the game exists. */
  private async gameAudit(gameType: GameType, gameId: string): Promise<GameAudit | undefined> {
    const reader = TRADE_READERS[gameType];
    const streamId = `${reader.streamPrefix}${gameId}`;
    const revision = await this.eventStore.streamRevision(streamId);
    if (revision === undefined) return undefined;
    const cached = this.games.get(streamId);
    if (cached && cached.revision === revision) {
      this.remember(streamId, cached);
      return cached;
    }
    const fresh: GameAudit = { revision: -1, state: reader.initialState(), trades: [], signals: [], names: new Map() };
    let from: GameAudit = cached && cached.revision < revision ? cached : fresh;
    let events = await this.eventStore.readStream(streamId, { fromRevision: from.revision + 1 });
    // A referee's rewind voids events the cached audit may hold: read the game again, without them.
    if (from !== fresh && events.some(isVoidingMarker)) {
      from = fresh;
      events = await this.eventStore.readStream(streamId);
    }
    const voided = voidedRevisions(events);
    let state = from.state;
    let last = from.revision;
    const trades = [...from.trades];
    const signals = [...from.signals];
    const names = new Map(from.names);
    for (const event of events) {
      last = event.revision;
      if (voided.has(event.revision)) continue;
      const read = reader.read(state, event, gameId);
      state = read.state;
      trades.push(...read.trades);
      signals.push(...read.signals);
      if (event.type === 'PlayerJoined') {
        const { playerId, name } = event.data as { playerId?: unknown; name?: unknown };
        if (typeof playerId === 'string' && typeof name === 'string') names.set(playerId, name);
      }
    }
    const audit: GameAudit = { revision: last, state, trades, signals, names };
    this.remember(streamId, audit);
    return audit;
  }

  private remember(streamId: string, audit: GameAudit): void {
    this.games.delete(streamId);
    this.games.set(streamId, audit);
    while (this.games.size > CACHED_GAMES) {
      const oldest = this.games.keys().next().value;
      if (oldest === undefined) break;
      this.games.delete(oldest);
    }
  }

  private participant(league: ActiveLeague, table: LeagueTable, playerId: string) {
    return resolveParticipant(
      table,
      playerId,
      league.members.map((member) => member.accountId),
    );
  }

  private studentOf(league: ActiveLeague, note: TradeAnnotationRecord | TradeRationaleRecord): string | null {
    const table = findTable(league, note.tableId);
    return table ? this.participant(league, table, note.trade.playerId).accountId : null;
  }

  private accountsOf(league: ActiveLeague): Map<string, AccountRecord> {
    const ids = [
      ...league.members.map((member) => member.accountId),
      ...league.seasons.flatMap((season) => season.tables.flatMap((table) => table.seats.flatMap(({ seat }) => (seat.kind === 'account' ? [seat.accountId] : [])))),
    ];
    return this.projection.store.accountsByIds(ids);
  }
}

function annotationModel(annotation: TradeAnnotationRecord, accounts: ReadonlyMap<string, AccountRecord>): TradeAnnotationModel {
  return {
    id: annotation.annotationId,
    classId: annotation.leagueId,
    tradeId: annotation.tradeId,
    gameType: annotation.trade.gameType,
    gameId: annotation.trade.gameId,
    playerId: annotation.trade.playerId,
    authorId: annotation.authorId,
    authorName: accounts.get(annotation.authorId)?.displayName ?? annotation.authorId,
    comment: annotation.comment,
    flagged: annotation.flagged,
    score: annotation.score,
    annotatedAt: annotation.annotatedAt,
    position: annotation.position,
  };
}

function rationaleModel(entry: TradeRationaleRecord, accounts: ReadonlyMap<string, AccountRecord>): TradeRationaleModel {
  return {
    classId: entry.leagueId,
    tradeId: entry.tradeId,
    gameType: entry.trade.gameType,
    gameId: entry.trade.gameId,
    playerId: entry.trade.playerId,
    authorId: entry.authorId,
    authorName: accounts.get(entry.authorId)?.displayName ?? entry.authorId,
    rationale: entry.rationale,
    recordedAt: entry.recordedAt,
    position: entry.position,
  };
}

function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, '-')
      .slice(0, 40) || 'class'
  );
}
