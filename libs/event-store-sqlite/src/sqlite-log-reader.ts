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

  constructor(options: SqliteLogReaderOptions) {
    // Structurally the driver's options; better-sqlite3 also takes readonly and fileMustExist.
    const driverOptions = { timeout: options.busyTimeoutMs ?? 5_000, readonly: true, fileMustExist: true };
    this.db = openDatabase(options.path, driverOptions);
    this.after = this.db.prepare<[number, number]>(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position ASC LIMIT ?`).raw(true);
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
