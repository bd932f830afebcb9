import { ConfigError, DEFAULT_LIMITS, DEFAULT_RATE_LIMITS, DEFAULT_READINESS, loadAppConfig } from './app-config';

describe('loadAppConfig', () => {
  it('defaults to port 4000 on all interfaces with SQLite under ./data', () => {
    const config = loadAppConfig({}, '/srv/corbeille');
    expect(config).toEqual({
      port: 4000,
      host: '0.0.0.0',
      dataDir: '/srv/corbeille/data',
      eventStoreUrl: undefined,
      eventsPath: '/srv/corbeille/data/events.sqlite',
      readModelsPath: '/srv/corbeille/data/read-models.sqlite',
      integrityChain: true,
      production: false,
      limits: DEFAULT_LIMITS,
      rateLimits: DEFAULT_RATE_LIMITS,
      corsOrigins: ['http://localhost:3000'],
      trustProxyHops: 0,
      graphiql: true,
      readiness: DEFAULT_READINESS,
      logFormat: 'text',
      introspection: true,
    });
  });

  it('logs JSON lines in production and text elsewhere, unless LOG_FORMAT says', () => {
    const secret = { AUTH_SECRET: 's'.repeat(40) };
    expect(loadAppConfig({ NODE_ENV: 'production', ...secret }, '/srv').logFormat).toBe('json');
    expect(loadAppConfig({ NODE_ENV: 'production', LOG_FORMAT: 'text', ...secret }, '/srv').logFormat).toBe('text');
    expect(loadAppConfig({ LOG_FORMAT: 'JSON' }, '/srv').logFormat).toBe('json');
    expect(() => loadAppConfig({ LOG_FORMAT: 'xml' }, '/srv')).toThrow('LOG_FORMAT must be json or text');
  });

  it('reads the readiness bounds', () => {
    expect(loadAppConfig({ HEALTH_MAX_LAG_EVENTS: '0', HEALTH_PROBE_TIMEOUT_MS: '500' }, '/srv').readiness).toEqual({ maxLagEvents: 0, probeTimeoutMs: 500 });
    expect(() => loadAppConfig({ HEALTH_MAX_LAG_EVENTS: '-1' }, '/srv')).toThrow('HEALTH_MAX_LAG_EVENTS');
  });

  it('reads PORT, HOST, DATA_DIR and EVENTSTORE_URL', () => {
    const config = loadAppConfig(
      { PORT: '4100', HOST: '127.0.0.1', DATA_DIR: 'var/data', EVENTSTORE_URL: 'esdb://localhost:2113?tls=false' },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 4100,
      host: '127.0.0.1',
      dataDir: '/srv/var/data',
      eventStoreUrl: 'esdb://localhost:2113?tls=false',
      readModelsPath: '/srv/var/data/read-models.sqlite',
    });
  });

  it.each(['abc', '-1', '70000', '4000.5'])('refuses PORT=%s', (port) => {
    expect(() => loadAppConfig({ PORT: port }, '/srv')).toThrow(ConfigError);
  });

  it('reads the limits, CORS origins, proxies and GraphiQL switch', () => {
    const config = loadAppConfig(
      {
        MAX_QUERY_DEPTH: '8',
        MAX_QUERY_COMPLEXITY: '900',
        MAX_BODY_BYTES: '2048',
        MAX_SUBSCRIPTIONS_PER_CONNECTION: '4',
        MAX_TOKENS: '2000',
        MAX_ALIASES: '30',
        MAX_DIRECTIVES: '10',
        MAX_MUTATION_FIELDS: '3',
        MAX_SOCKETS_PER_ADDRESS: '20',
        RATE_LIMIT_WINDOW_SECONDS: '60',
        RATE_LIMIT_PER_IP: '600',
        RATE_LIMIT_PER_TOKEN: '120',
        CORS_ORIGINS: 'https://corbeille.example, http://localhost:3001',
        TRUST_PROXY_HOPS: '1',
        GRAPHIQL: 'off',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      limits: {
        maxQueryDepth: 8,
        maxQueryComplexity: 900,
        maxBodyBytes: 2048,
        maxSubscriptionsPerConnection: 4,
        maxTokens: 2000,
        maxAliases: 30,
        maxDirectives: 10,
        maxMutationFields: 3,
        maxSocketsPerAddress: 20,
      },
      rateLimits: { enabled: true, windowSeconds: 60, perIp: 600, perToken: 120 },
      corsOrigins: ['https://corbeille.example', 'http://localhost:3001'],
      trustProxyHops: 1,
      graphiql: false,
    });
    expect(loadAppConfig({ RATE_LIMIT_PER_IP: '0' }, '/srv').rateLimits.enabled).toBe(false);
  });

  it.each([
    [{ MAX_QUERY_DEPTH: '0' }, 'MAX_QUERY_DEPTH must be an integer of at least 1'],
    [{ MAX_BODY_BYTES: '1kb' }, 'MAX_BODY_BYTES'],
    [{ CORS_ORIGINS: 'corbeille.example' }, 'is not an origin'],
    [{ CORS_ORIGINS: 'https://corbeille.example/app' }, 'is not an origin'],
    [{ GRAPHIQL: 'maybe' }, 'GRAPHIQL must be true or false'],
    [{ MAX_TOKENS: '10' }, 'MAX_TOKENS must be an integer of at least 100'],
    [{ MAX_MUTATION_FIELDS: '0' }, 'MAX_MUTATION_FIELDS must be an integer of at least 1'],
  ])('refuses %j', (env, message) => {
    expect(() => loadAppConfig(env, '/srv')).toThrow(ConfigError);
    expect(() => loadAppConfig(env, '/srv')).toThrow(message);
  });

  it('refuses to start in production without AUTH_SECRET, and turns GraphiQL and introspection off there', () => {
    expect(() => loadAppConfig({ NODE_ENV: 'production' }, '/srv')).toThrow('AUTH_SECRET must be set when NODE_ENV=production');
    expect(() => loadAppConfig({ NODE_ENV: 'production', AUTH_SECRET: '' }, '/srv')).toThrow(ConfigError);
    const config = loadAppConfig({ NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(40) }, '/srv');
    expect(config).toMatchObject({ production: true, graphiql: false, introspection: false });
    expect(loadAppConfig({ NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(40), INTROSPECTION: 'on' }, '/srv').introspection).toBe(true);
    expect(loadAppConfig({ NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(40), GRAPHIQL: 'on' }, '/srv').graphiql).toBe(true);
  });
});
