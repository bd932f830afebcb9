import { storageConfigFromEnv, type StorageConfig } from '@corbeille/infrastructure';

/** Where the API keeps its data and how it listens. */
export interface AppConfig extends StorageConfig {
  readonly port: number;
  readonly host: string;
}

export const DEFAULT_PORT = 4000;
export const DEFAULT_HOST = '0.0.0.0';

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * PORT (default 4000), HOST (default 0.0.0.0), and the storage settings shared with the tools:
 * DATA_DIR (default ./data) and EVENTSTORE_URL (EventStoreDB instead of SQLite when set).
 */
export function loadAppConfig(env: NodeJS.ProcessEnv = process.env, cwd?: string): AppConfig {
  return {
    ...(cwd === undefined ? storageConfigFromEnv(env) : storageConfigFromEnv(env, cwd)),
    port: parsePort(env['PORT']),
    host: env['HOST']?.trim() || DEFAULT_HOST,
  };
}

function parsePort(value: string | undefined): number {
  const raw = value?.trim();
  if (!raw) return DEFAULT_PORT;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isInteger(port) || port > 65535) {
    throw new ConfigError(`PORT must be an integer between 0 and 65535, got "${raw}"`);
  }
  return port;
}
