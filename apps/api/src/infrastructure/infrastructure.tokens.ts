/** Injection tokens of the ports the API is wired with (tests and tools override them). */
export const APP_CONFIG = Symbol('APP_CONFIG');
export const EVENT_STORE = Symbol('EVENT_STORE');
/** `() => RandomSource`: a fresh source of chance for each command attempt. */
export const RANDOM_SOURCE_FACTORY = Symbol('RANDOM_SOURCE_FACTORY');
/** `SeedStore`: the games' secret seeds, kept out of the event log until revealed. */
export const SEED_STORE = Symbol('SEED_STORE');
/** `() => string`: the referee's clock, ISO-8601. */
export const CLOCK = Symbol('CLOCK');
export const PROJECTIONS = Symbol('PROJECTIONS');
export const COMMAND_HANDLER = Symbol('COMMAND_HANDLER');
export const PUB_SUB = Symbol('PUB_SUB');
/** `boolean`: whether deadlines (BOLSA's planning) arm real timers; off in tests that tick a manual clock. */
export const DEADLINE_TIMERS = Symbol('DEADLINE_TIMERS');
/** `SqliteSnapshotStore`: each stream's latest snapshot, for the command handler. */
export const SNAPSHOT_STORE = Symbol('SNAPSHOT_STORE');
/** `SqliteSnapshotHistory`: snapshots every SNAPSHOT_EVERY events of each stream, for time travel. */
export const SNAPSHOT_HISTORY = Symbol('SNAPSHOT_HISTORY');
/**
 * `CatchUpLog` (`(() => SqliteLogReader) | null`): opens a reader of the SQLite log the app opened itself, for catching up
 * from far behind (read models rebuilt from nothing) without going through the store; null on other stores.
 */
export const CATCH_UP_LOG = Symbol('CATCH_UP_LOG');
/** `ApiMetrics`: the app's Prometheus registry and its counters (src/observability). */
export const API_METRICS = Symbol('API_METRICS');
