import type { FilteredLogPage, LogFilter } from '@corbeille/event-store-sqlite';

/**
 * What a read model needs of a log reader to catch up (SqliteLogReader is one): the events a filter
 * matches, page by page, with how far each page covered the log; then it is closed.
 */
export interface FilteredLogReader {
  readMatching(afterPosition: number, maxCount: number, filter: LogFilter): FilteredLogPage;
  close(): void;
}
