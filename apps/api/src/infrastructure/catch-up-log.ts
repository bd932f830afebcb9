import type { SqliteLogReader } from '@corbeille/event-store-sqlite';

/** What a read model needs of a log reader to catch up: filtered pages, then it is closed. */
export type FilteredLogReader = Pick<SqliteLogReader, 'readMatching' | 'close'>;

/** What CATCH_UP_LOG provides: opens a reader of the SQLite log the app opened itself; null on other stores. */
export type CatchUpLog = (() => SqliteLogReader) | null;
