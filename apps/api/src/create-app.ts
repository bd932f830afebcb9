import 'reflect-metadata';
import type { INestApplication, LoggerService, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { EventStore } from '@corbeille/event-store';
import { cryptoRandom } from '@corbeille/infrastructure';
import type { RandomSource } from '@corbeille/kernel';
import { AppModule } from './app.module';
import { loadAppConfig, type AppConfig } from './config/app-config';
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
}

/** Builds and initialises the whole API (not yet listening). */
export async function createApp(options: CreateAppOptions = {}): Promise<INestApplication> {
  const config: AppConfig = { ...loadAppConfig(), ...options.config };
  const app = await NestFactory.create(
    AppModule.forRoot({
      config,
      ...(options.eventStore ? { eventStore: options.eventStore } : {}),
      randomSourceFactory: options.randomSourceFactory ?? (() => cryptoRandom),
      clock: options.clock ?? systemClock,
    }),
    { logger: options.logger ?? ['log', 'warn', 'error'], abortOnError: false },
  );
  if (options.shutdownHooks) app.enableShutdownHooks();
  await app.init();
  return app;
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

function isAddressInfo(value: unknown): value is { port: number } {
  return typeof value === 'object' && value !== null && typeof (value as { port?: unknown }).port === 'number';
}
