import { isAbsolute, join, resolve } from 'node:path';

/** Where Corbeille keeps its data, read from the environment with the embedded defaults. */
export interface StorageConfig {
  /** Directory of the embedded store and the read models (default ./data). */
  readonly dataDir: string;
  /** When set, events go to this EventStoreDB server instead of the embedded SQLite file. */
  readonly eventStoreUrl: string | undefined;
  readonly eventsPath: string;
  readonly readModelsPath: string;
  /** Hash-chain every appended event (INTEGRITY_CHAIN, on unless set to 0, false, off or no). */
  readonly integrityChain: boolean;
  /** The games' secret seeds (SECRETS_DB_PATH); by default next to the events, see secretsPathFor. */
  readonly secretsPath?: string;
  /**
   * SEEDS_KEY: when set, the seeds are kept sealed with this key in the event store itself, where every API
   * instance finds them (EventLogSeedStore), instead of a file of each instance's own.
   */
  readonly seedsKey?: string;
  /**
   * Where the embedded store commits (SQLITE_WRITER): 'inline' on the main thread (the default), or
   * 'thread', a worker thread of its own (worth it on a machine with a core to spare).
   */
  readonly sqliteWriter?: 'inline' | 'thread';
}

/**
 * Relative paths resolve against the directory npm was started from (INIT_CWD), so `npm start` at the
 * top level and a workspace script agree on one ./data folder.
 */
export function storageConfigFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  cwd = env['INIT_CWD'] ?? process.cwd(),
): StorageConfig {
  const dataDir = env['DATA_DIR'] ? (isAbsolute(env['DATA_DIR']) ? env['DATA_DIR'] : resolve(cwd, env['DATA_DIR'])) : resolve(cwd, 'data');
  const eventStoreUrl = env['EVENTSTORE_URL']?.trim() || undefined;
  return {
    dataDir,
    eventStoreUrl,
    eventsPath: env['EVENTS_DB_PATH'] ?? join(dataDir, 'events.sqlite'),
    readModelsPath: env['READ_MODELS_DB_PATH'] ?? join(dataDir, 'read-models.sqlite'),
    integrityChain: !/^(0|false|off|no)$/i.test(env['INTEGRITY_CHAIN']?.trim() ?? ''),
    ...(env['SECRETS_DB_PATH'] ? { secretsPath: env['SECRETS_DB_PATH'] } : {}),
    ...(env['SEEDS_KEY']?.trim() ? { seedsKey: env['SEEDS_KEY'].trim() } : {}),
    ...(env['SQLITE_WRITER']?.trim() ? { sqliteWriter: sqliteWriterFrom(env['SQLITE_WRITER'].trim()) } : {}),
  };
}

function sqliteWriterFrom(value: string): 'inline' | 'thread' {
  if (value === 'inline' || value === 'thread') return value;
  throw new Error(`SQLITE_WRITER must be "inline" or "thread", not "${value}"`);
}
