import 'reflect-metadata';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { INestApplication, LoggerService, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { EventStore } from '@corbeille/event-store';
import { cryptoRandom } from '@corbeille/infrastructure';
import type { RandomSource } from '@corbeille/kernel';
import type { GameAccessPolicy, Principal } from './access/access.port';
import { AppModule, GRAPHQL_PATH } from './app.module';
import { applyHttpHardening } from './common/limits/http-hardening';
import { bundledGraphiQL } from './schema/graphiql';
import { applySocketLimits } from './common/limits/socket-limits';
import type { Authenticator } from './common/principal/authenticator';
import { forwardedVisitor } from './common/visitor/forwarded-visitor';
import { loadAppConfig, type AppConfig } from './config/app-config';
import { JsonLogger } from './observability/json-logger';
import { countRateLimitRefusals, requestLine, requestLogScope } from './observability/request-logging';
import { systemClock, type Clock } from './infrastructure/system-clock';

export interface CreateAppOptions {
  /** Overrides of the configuration read from the environment (e.g. a temp `eventsPath`, ':memory:' read models). */
  readonly config?: Partial<AppConfig>;
  /** An already opened event store (e.g. in memory); the caller closes it. */
  readonly eventStore?: EventStore;
  /** A source of chance per command attempt; cryptographic by default. Tests pass a seeded or scripted one. */
  readonly randomSourceFactory?: () => RandomSource;
  /** The referee's clock (ISO-8601); the system clock by default. */
  readonly clock?: Clock;
  readonly logger?: LoggerService | LogLevel[] | false;
  /** Close the app on SIGTERM/SIGINT (for a long-running server). */
  readonly shutdownHooks?: boolean;
  /**
   * Who may issue which command and see what (GAME_ACCESS_POLICY). By default AccountAccessPolicy: signed-in
   * accounts, API token scopes and league roles; anonymous requests only read, as spectators.
   */
  readonly accessPolicy?: GameAccessPolicy;
  /** Finds the principal of HTTP requests and WebSocket connections; none by default (everyone anonymous). */
  readonly authenticator?: Authenticator;
  /**
   * Whether planning deadlines arm real timers (default true). Tests with a manual clock turn them off and
   * call BolsaDeadlineService.tick() instead.
   */
  readonly deadlineTimers?: boolean;
}

/** Builds and initialises the whole API (not yet listening). */
export async function createApp(options: CreateAppOptions = {}): Promise<INestApplication> {
  const config: AppConfig = { ...loadAppConfig(), ...options.config };
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot({
      config,
      ...(options.eventStore ? { eventStore: options.eventStore } : {}),
      randomSourceFactory: options.randomSourceFactory ?? (() => cryptoRandom),
      // Chance is derived from each game's secret seed unless the caller brings its own dice.
      provableChance: options.randomSourceFactory === undefined,
      clock: options.clock ?? systemClock,
      ...(options.accessPolicy ? { accessPolicy: options.accessPolicy } : {}),
      ...(options.authenticator ? { authenticator: options.authenticator } : {}),
      deadlineTimers: options.deadlineTimers ?? true,
    }),
    // Body parsing is set up by applyHttpHardening, with the configured size limit.
    { logger: options.logger ?? defaultLogger(config), abortOnError: false, bodyParser: false },
  );
  // The request line is registered first, so that refusals of the hardening (413...) are logged too.
  app.use(requestLine());
  // Before the hardening and the guards: the rate limits (which count every request as it arrives) count a
  // dashboard-rendered request against its visitor.
  app.use(forwardedVisitor(config.forwardedVisitorSecret));
  applyHttpHardening(app, config, GRAPHQL_PATH);
  app.use(requestLogScope());
  countRateLimitRefusals(app);
  const fromHttp = options.authenticator?.fromHttp?.bind(options.authenticator);
  // Registered before init, so it runs before the GraphQL route: the principal is on `req` when resolvers read it.
  if (fromHttp) app.use(authenticate(fromHttp));
  if (config.graphiql) app.use(bundledGraphiQL(GRAPHQL_PATH));
  if (options.shutdownHooks) app.enableShutdownHooks();
  await app.init();
  applySocketLimits(app, config, GRAPHQL_PATH);
  return app;
}

/** JSON lines in production (LOG_FORMAT=json), Nest's text lines otherwise. */
export function defaultLogger(config: Pick<AppConfig, 'logFormat'>): LoggerService | LogLevel[] {
  return config.logFormat === 'json' ? new JsonLogger() : ['log', 'warn', 'error'];
}

export interface RunningApp {
  readonly app: INestApplication;
  /** Base URL, e.g. http://127.0.0.1:4000 (GraphQL at `${url}/graphql`). */
  readonly url: string;
}

/** Creates the app and listens on `config.port` / `config.host` (port 0 picks a free one). */
export async function bootstrap(options: CreateAppOptions = {}): Promise<RunningApp> {
  const config: AppConfig = { ...loadAppConfig(), ...options.config };
  const app = await createApp({ ...options, config });
  await app.listen(config.port, config.host);
  const address: unknown = app.getHttpServer().address();
  const port = isAddressInfo(address) ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return { app, url: `http://${host.includes(':') ? `[${host}]` : host}:${port}` };
}

type AuthenticatedRequest = IncomingMessage & { principal?: Principal };

function authenticate(fromHttp: NonNullable<Authenticator['fromHttp']>) {
  return (request: AuthenticatedRequest, _response: ServerResponse, next: (error?: unknown) => void): void => {
    fromHttp(request).then(
      (principal) => {
        if (principal) request.principal = principal;
        next();
      },
      (error: unknown) => next(error),
    );
  };
}

function isAddressInfo(value: unknown): value is { port: number } {
  return typeof value === 'object' && value !== null && typeof (value as { port?: unknown }).port === 'number';
}
