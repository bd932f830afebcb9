import type { EventMetadata, RecordedEvent } from '@corbeille/event-store';
import { type SqliteDatabase, type Statement, openDatabase } from './sqlite-driver';

export interface SqliteLogReaderOptions {
  /** The events file of a SqliteEventStore (it must exist: the store creates it). */
  readonly path: string;
  /** How long a read waits for a lock held by another connection (a checkpoint) before failing. */
  readonly busyTimeoutMs?: number;
}

/**
 * An event of the log as a fold needs it: a RecordedEvent without its id and recording time, which no
 * fold reads and which are about a quarter of the cost of reading a row.
 */
export type LoggedEvent = Omit<RecordedEvent, 'id' | 'recordedAt'>;

/** A row of the read query: the columns of COLUMNS, in that order. */
type LogRow = [position: number, streamId: string, revision: number, type: string, data: string, metadata: string];

const COLUMNS = 'position, stream_id, revision, type, data, metadata';

/** Which events a filtered read returns: those of a stream with one of the prefixes, or of one of the types. */
export interface LogFilter {
  readonly streamPrefixes?: readonly string[];
  readonly eventTypes?: readonly string[];
}

export interface FilteredLogPage {
  readonly events: LoggedEvent[];
  /** The position the read has covered: a reader resumes after it. */
  readonly scannedTo: number;
}

/** The least string above every string that starts with `prefix` (SQLite compares text by its bytes). */
function prefixEnd(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1);
  if (last === undefined) throw new RangeError('A stream prefix cannot be empty');
  const width = last > 0xffff ? 2 : 1;
  return prefix.slice(0, prefix.length - width) + String.fromCodePoint(last + 1);
}

/**
 * An event of the log as the reader returns it: its data parsed, its metadata
 * parsed at the first read of `metadata` (most folds never look at the metadata of most events, and
 * parsing it is about half the cost of deserialising an event). A read-only value: `metadata` is a getter
 * of the class, so a spread (`{ ...event }`) leaves it out.
 */
class LogEvent implements LoggedEvent {
  readonly streamId: string;
  readonly revision: number;
  readonly position: number;
  readonly type: string;
  readonly data: unknown;
  private metadataJson: string;
  private parsedMetadata: EventMetadata | undefined;

  constructor(row: LogRow) {
    this.streamId = row[1];
    this.revision = row[2];
    this.position = row[0];
    this.type = row[3];
    this.data = JSON.parse(row[4]) as unknown;
    this.metadataJson = row[5];
    this.parsedMetadata = undefined;
  }

  get metadata(): EventMetadata {
    if (this.parsedMetadata === undefined) {
      this.parsedMetadata = JSON.parse(this.metadataJson) as EventMetadata;
      this.metadataJson = '';
    }
    return this.parsedMetadata;
  }

  toJSON(): LoggedEvent {
    const { streamId, revision, position, type, data, metadata } = this;
    return { streamId, revision, position, type, data, metadata };
  }
}

/**
 * Reads a SqliteEventStore's global log through a read-only connection of its own, synchronously, for
 * catching up from far behind (rebuilding read models): one query per call, raw rows, metadata parsed on
 * demand. It sees what the store has committed; events are returned as stored, so with a hash-chained
 * store their metadata keeps its `chain` link (the store's readAll leaves it out).
 */
export class SqliteLogReader {
  private readonly db: SqliteDatabase;
  private readonly after: Statement<[number, number]>;
  private readonly head: Statement<[]>;
  private readonly filtered = new Map<string, Statement<unknown[]>>();

  constructor(options: SqliteLogReaderOptions) {
    // Structurally the driver's options; better-sqlite3 also takes readonly and fileMustExist.
    const driverOptions = { timeout: options.busyTimeoutMs ?? 5_000, readonly: true, fileMustExist: true };
    this.db = openDatabase(options.path, driverOptions);
    this.after = this.db.prepare<[number, number]>(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position ASC LIMIT ?`).raw(true);
    this.head = this.db.prepare<[]>('SELECT MAX(position) FROM events').raw(true);
  }

  /**
   * Up to `maxCount` events after `afterPosition` that `filter` matches (a stream prefix or an event type
   * it lists), in log order, and how far the log was scanned: the last event returned when the page is
   * full, else the log's head as of the same read. The other events are skipped by SQLite, never parsed.
   */
  readMatching(afterPosition: number, maxCount: number, filter: LogFilter): FilteredLogPage {
    const { statement, values } = this.matching(filter);
    return this.db.transaction((): FilteredLogPage => {
      const rows = statement.all(...values, afterPosition, maxCount) as LogRow[];
      const events = rows.map((row) => new LogEvent(row));
      if (rows.length >= maxCount) return { events, scannedTo: (rows[rows.length - 1] as LogRow)[0] };
      const head = (this.head.get() as [number | null] | undefined)?.[0] ?? 0;
      return { events, scannedTo: Math.max(afterPosition, head) };
    })();
  }

  private matching(filter: LogFilter): { statement: Statement<unknown[]>; values: string[] } {
    const prefixes = filter.streamPrefixes ?? [];
    const types = filter.eventTypes ?? [];
    if (prefixes.length === 0 && types.length === 0) throw new RangeError('A log filter needs a stream prefix or an event type');
    const conditions = [...prefixes.map(() => '(stream_id >= ? AND stream_id < ?)'), ...(types.length > 0 ? [`type IN (${types.map(() => '?').join(', ')})`] : [])];
    const sql = `SELECT ${COLUMNS} FROM events WHERE (${conditions.join(' OR ')}) AND position > ? ORDER BY position ASC LIMIT ?`;
    let statement = this.filtered.get(sql);
    if (!statement) {
      statement = this.db.prepare<unknown[]>(sql).raw(true);
      this.filtered.set(sql, statement);
    }
    return { statement, values: [...prefixes.flatMap((prefix) => [prefix, prefixEnd(prefix)]), ...types] };
  }

  /** Up to `maxCount` events after global position `afterPosition`, in log order. */
  readAfter(afterPosition: number, maxCount: number): LoggedEvent[] {
    const rows = this.after.all(afterPosition, maxCount) as LogRow[];
    const events: LoggedEvent[] = new Array<LoggedEvent>(rows.length);
    for (let index = 0; index < rows.length; index += 1) events[index] = new LogEvent(rows[index] as LogRow);
    return events;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
