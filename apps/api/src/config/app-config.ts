import { storageConfigFromEnv, type StorageConfig } from '@corbeille/infrastructure';
import { MIN_FORWARDER_SECRET_LENGTH } from '../common/visitor/forwarded-visitor';

/** Where the API keeps its data, how it listens, and what it accepts from clients. */
export interface AppConfig extends StorageConfig {
  readonly port: number;
  readonly host: string;
  /** NODE_ENV === 'production': secrets are then required and GraphiQL is off unless asked for. */
  readonly production: boolean;
  readonly limits: ApiLimits;
  readonly rateLimits: RateLimits;
  /** Origins whose browsers may call the API over HTTP (CORS). */
  readonly corsOrigins: readonly string[];
  /** Express `trust proxy`: the number of proxies in front of the API whose X-Forwarded-For is believed (0: none). */
  readonly trustProxyHops: number;
  /** Serve the GraphiQL page on GET /graphql. */
  readonly graphiql: boolean;
  /**
   * The secret shared with the dashboard's server: requests proving it may name the visitor they are made
   * for (x-corbeille-visitor), who is then counted by the rate limits instead of the dashboard. Unset: no one may.
   */
  readonly forwardedVisitorSecret?: string | undefined;
  readonly readiness: Readiness;
  /** `json`: one JSON object per line (the default with NODE_ENV=production); `text`: Nest's coloured lines. */
  readonly logFormat: 'json' | 'text';
  /** Answer introspection (`__schema`, `__type`), over HTTP and WebSocket alike; off in production unless asked for. */
  readonly introspection: boolean;
}

/** When GET /health/ready says the instance may take traffic. */
export interface Readiness {
  /** The most events any projection may be behind the log (HEALTH_MAX_LAG_EVENTS). */
  readonly maxLagEvents: number;
  /** How long the event store has to answer the probe (HEALTH_PROBE_TIMEOUT_MS). */
  readonly probeTimeoutMs: number;
}

export const DEFAULT_READINESS: Readiness = { maxLagEvents: 1000, probeTimeoutMs: 2000 };

/** Bounds on one request, checked before anything runs. */
export interface ApiLimits {
  /** Deepest selection set of an operation (a root field is depth 1). */
  readonly maxQueryDepth: number;
  /** Fields an operation may resolve, a connection's selection counted `first` times (see operation-cost.ts). */
  readonly maxQueryComplexity: number;
  /** Largest HTTP request body, in bytes. */
  readonly maxBodyBytes: number;
  /** Operations running at once on one graphql-ws connection. */
  readonly maxSubscriptionsPerConnection: number;
  /** Lexical tokens of one document (graphql-js `maxTokens`): bounds the work of parsing and validating it. */
  readonly maxTokens: number;
  /** Aliased fields in one document, as written. */
  readonly maxAliases: number;
  /** Directives in one document, as written. */
  readonly maxDirectives: number;
  /** Root fields of one mutation: each is a command; a request with more is refused whole. */
  readonly maxMutationFields: number;
  /** WebSocket connections open at once from one client address. */
  readonly maxSocketsPerAddress: number;
}

/** Requests per window; `enabled: false` turns rate limiting off (the test apps do, unless a test sets limits). */
export interface RateLimits {
  readonly enabled: boolean;
  readonly windowSeconds: number;
  /** Requests per window from one client address, signed in or not. */
  readonly perIp: number;
  /** Requests per window with one credential (an API token or a session token). */
  readonly perToken: number;
}

export const DEFAULT_PORT = 4000;
export const DEFAULT_HOST = '0.0.0.0';
export const DEFAULT_CORS_ORIGINS: readonly string[] = ['http://localhost:3000'];

/**
 * The standard introspection query (GraphiQL's) is 15 deep. A page of 100 (MAX_PAGE_SIZE) of the richest items
 * (a class's trades, about 50 fields each) costs about 5,300: the complexity limit leaves room for that, nested.
 */
export const DEFAULT_LIMITS: ApiLimits = {
  maxQueryDepth: 15,
  maxQueryComplexity: 25_000,
  maxBodyBytes: 100 * 1024,
  maxSubscriptionsPerConnection: 25,
  // The standard introspection query is about 200 tokens.
  maxTokens: 5_000,
  maxAliases: 100,
  maxDirectives: 50,
  maxMutationFields: 10,
  // A class of 30 behind one school address, a few tabs each.
  maxSocketsPerAddress: 100,
};

/** Generous: a class of 30 behind one school address, bots playing at full speed, still pass. */
export const DEFAULT_RATE_LIMITS: RateLimits = { enabled: true, windowSeconds: 10, perIp: 1000, perToken: 500 };

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * PORT (default 4000), HOST (default 0.0.0.0), and the storage settings shared with the tools:
 * DATA_DIR (default ./data) and EVENTSTORE_URL (EventStoreDB instead of SQLite when set).
 * Limits: MAX_QUERY_DEPTH, MAX_QUERY_COMPLEXITY, MAX_BODY_BYTES (also the largest WebSocket message),
 * MAX_SUBSCRIPTIONS_PER_CONNECTION, MAX_TOKENS, MAX_ALIASES, MAX_DIRECTIVES, MAX_MUTATION_FIELDS,
 * MAX_SOCKETS_PER_ADDRESS;
 * RATE_LIMIT_WINDOW_SECONDS, RATE_LIMIT_PER_IP, RATE_LIMIT_PER_TOKEN (RATE_LIMIT_PER_IP=0 turns rate
 * limiting off); CORS_ORIGINS (comma-separated, default the dashboard at http://localhost:3000);
 * TRUST_PROXY_HOPS (default 0); GRAPHIQL and INTROSPECTION (default on, off when NODE_ENV=production); FORWARDED_VISITOR_SECRET
 * (unset: no forwarder is believed; 32+ characters); HEALTH_MAX_LAG_EVENTS,
 * HEALTH_PROBE_TIMEOUT_MS (readiness); LOG_FORMAT (json or text; json when NODE_ENV=production).
 * With NODE_ENV=production, AUTH_SECRET is required: sessions must survive a restart and never be
 * signed with a key nobody chose.
 */
export function loadAppConfig(env: NodeJS.ProcessEnv = process.env, cwd?: string): AppConfig {
  const production = env['NODE_ENV'] === 'production';
  if (production && !env['AUTH_SECRET']) {
    throw new ConfigError('AUTH_SECRET must be set when NODE_ENV=production (32 or more random characters)');
  }
  const perIp = integer(env, 'RATE_LIMIT_PER_IP', DEFAULT_RATE_LIMITS.perIp, 0);
  return {
    ...(cwd === undefined ? storageConfigFromEnv(env) : storageConfigFromEnv(env, cwd)),
    port: parsePort(env['PORT']),
    host: env['HOST']?.trim() || DEFAULT_HOST,
    production,
    limits: {
      maxQueryDepth: integer(env, 'MAX_QUERY_DEPTH', DEFAULT_LIMITS.maxQueryDepth, 1),
      maxQueryComplexity: integer(env, 'MAX_QUERY_COMPLEXITY', DEFAULT_LIMITS.maxQueryComplexity, 1),
      maxBodyBytes: integer(env, 'MAX_BODY_BYTES', DEFAULT_LIMITS.maxBodyBytes, 1024),
      maxSubscriptionsPerConnection: integer(env, 'MAX_SUBSCRIPTIONS_PER_CONNECTION', DEFAULT_LIMITS.maxSubscriptionsPerConnection, 1),
      maxTokens: integer(env, 'MAX_TOKENS', DEFAULT_LIMITS.maxTokens, 100),
      maxAliases: integer(env, 'MAX_ALIASES', DEFAULT_LIMITS.maxAliases, 0),
      maxDirectives: integer(env, 'MAX_DIRECTIVES', DEFAULT_LIMITS.maxDirectives, 0),
      maxMutationFields: integer(env, 'MAX_MUTATION_FIELDS', DEFAULT_LIMITS.maxMutationFields, 1),
      maxSocketsPerAddress: integer(env, 'MAX_SOCKETS_PER_ADDRESS', DEFAULT_LIMITS.maxSocketsPerAddress, 1),
    },
    rateLimits: {
      enabled: perIp > 0,
      windowSeconds: integer(env, 'RATE_LIMIT_WINDOW_SECONDS', DEFAULT_RATE_LIMITS.windowSeconds, 1),
      perIp,
      perToken: integer(env, 'RATE_LIMIT_PER_TOKEN', DEFAULT_RATE_LIMITS.perToken, 1),
    },
    corsOrigins: origins(env['CORS_ORIGINS']),
    trustProxyHops: integer(env, 'TRUST_PROXY_HOPS', 0, 0),
    graphiql: flag(env, 'GRAPHIQL', !production),
    forwardedVisitorSecret: secret(env, 'FORWARDED_VISITOR_SECRET'),
    readiness: {
      maxLagEvents: integer(env, 'HEALTH_MAX_LAG_EVENTS', DEFAULT_READINESS.maxLagEvents, 0),
      probeTimeoutMs: integer(env, 'HEALTH_PROBE_TIMEOUT_MS', DEFAULT_READINESS.probeTimeoutMs, 1),
    },
    logFormat: logFormat(env['LOG_FORMAT'], production),
    introspection: flag(env, 'INTROSPECTION', !production),
  };
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min) {
    throw new ConfigError(`${name} must be an integer of at least ${min}, got "${raw}"`);
  }
  return value;
}

function secret(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  if (raw.length < MIN_FORWARDER_SECRET_LENGTH) throw new ConfigError(`${name} must be at least ${MIN_FORWARDER_SECRET_LENGTH} characters long`);
  return raw;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'off', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function logFormat(value: string | undefined, production: boolean): 'json' | 'text' {
  const raw = value?.trim().toLowerCase();
  if (!raw) return production ? 'json' : 'text';
  if (raw === 'json' || raw === 'text') return raw;
  throw new ConfigError(`LOG_FORMAT must be json or text, got "${raw}"`);
}

function origins(value: string | undefined): readonly string[] {
  const raw = value?.trim();
  if (!raw) return DEFAULT_CORS_ORIGINS;
  const list = raw.split(',').map((origin) => origin.trim()).filter((origin) => origin.length > 0);
  for (const origin of list) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) throw new ConfigError(`CORS_ORIGINS: "${origin}" is not an origin like https://example.org`);
  }
  return list;
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
