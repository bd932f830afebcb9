import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication, LoggerService } from '@nestjs/common';
import request from 'supertest';
import type { EventStore } from '@corbeille/event-store';
import { seededRandom, type RandomSource } from '@corbeille/kernel';
import type { GameAccessPolicy } from '../access/access.port';
import type { Authenticator } from '../common/principal/authenticator';
import { DEFAULT_RATE_LIMITS, type AppConfig } from '../config/app-config';
import { createApp } from '../create-app';
import { EVENT_STORE } from '../infrastructure/infrastructure.tokens';
import { manualClock, type ManualClock } from './manual-clock';

export interface GraphQLErrorBody {
  readonly message: string;
  readonly path?: readonly (string | number)[];
  readonly extensions?: Readonly<Record<string, unknown>> & { readonly code?: string; readonly domainCode?: string };
}

export interface GraphQLResponse<Data> {
  readonly status: number;
  readonly data?: Data | null;
  readonly errors?: readonly GraphQLErrorBody[];
}

export interface TestApp {
  readonly app: INestApplication;
  readonly clock: ManualClock;
  readonly dataDir: string;
  readonly eventStore: EventStore;
  /** Starts listening on an ephemeral port of 127.0.0.1; returns the base URL (http://127.0.0.1:port). */
  listen(): Promise<string>;
  /** Sends a GraphQL operation over HTTP; returns data and errors as the server sent them. */
  gql<Data>(query: string, variables?: Readonly<Record<string, unknown>>, headers?: Readonly<Record<string, string>>): Promise<GraphQLResponse<Data>>;
  /** Same, but fails the test if the server answered with errors. */
  data<Data>(query: string, variables?: Readonly<Record<string, unknown>>, headers?: Readonly<Record<string, string>>): Promise<Data>;
  /** Closes the app; the data directory is removed unless `keepData` (to start another app on it). */
  close(options?: { keepData?: boolean }): Promise<void>;
}

export interface TestAppOptions {
  /** Dice for the game; one source shared by every command attempt. Default: seeded PRNG. */
  readonly random?: RandomSource;
  readonly clock?: ManualClock;
  /** Who may do and see what (default: the app's own AccountAccessPolicy, as in production). */
  readonly accessPolicy?: GameAccessPolicy;
  readonly authenticator?: Authenticator;
  /** Dice from each game's secret seed, provably fair, as in production (`random` is then unused). */
  readonly fairDice?: boolean;
  /** Reuse this data directory (e.g. one a closed app kept), to test a restart. */
  readonly dataDir?: string;
  /** Configuration overrides, e.g. low limits for a test of them. Rate limits are off unless set here. */
  readonly config?: Partial<AppConfig>;
  /** The app's logger (default: errors and warnings only, in Nest's text format). */
  readonly logger?: LoggerService;
  /** An already opened event store (the app leaves closing it to the caller); the SQLite file of `dataDir` otherwise. */
  readonly eventStore?: EventStore;
}

const BCRYPT_ROUNDS_VARIABLE = 'AUTH_BCRYPT_ROUNDS';
const TEST_BCRYPT_ROUNDS = '4';

/** The whole API on SQLite in a fresh temp directory (read models in memory), with controlled dice and clock. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'corbeille-api-'));
  const clock = options.clock ?? manualClock();
  const random = options.random ?? seededRandom(1);
  // bcrypt at its lowest cost, so signing up test accounts stays fast (unless a test sets its own).
  const rounds = process.env[BCRYPT_ROUNDS_VARIABLE];
  if (rounds === undefined) process.env[BCRYPT_ROUNDS_VARIABLE] = TEST_BCRYPT_ROUNDS;
  const app = await createApp({
    config: {
      dataDir,
      eventsPath: join(dataDir, 'events.sqlite'),
      readModelsPath: ':memory:',
      eventStoreUrl: undefined,
      rateLimits: { ...DEFAULT_RATE_LIMITS, enabled: false },
      ...options.config,
    },
    // Fair dice: derived from each game's secret seed, as in production.
    ...(options.fairDice ? {} : { randomSourceFactory: () => random }),
    clock,
    logger: options.logger ?? ['error', 'warn'],
    ...(options.eventStore ? { eventStore: options.eventStore } : {}),
    // Deadlines are driven by the manual clock and BolsaDeadlineService.tick(), never by real timers.
    deadlineTimers: false,
    ...(options.accessPolicy ? { accessPolicy: options.accessPolicy } : {}),
    ...(options.authenticator ? { authenticator: options.authenticator } : {}),
  }).finally(() => {
    if (rounds === undefined) delete process.env[BCRYPT_ROUNDS_VARIABLE];
  });
  const gql = async <Data>(query: string, variables: Readonly<Record<string, unknown>> = {}, headers: Readonly<Record<string, string>> = {}) => {
    const response = await request(app.getHttpServer())
      .post('/graphql')
      .set('content-type', 'application/json')
      .set(headers)
      .send({ query, variables });
    const body = response.body as { data?: Data | null; errors?: GraphQLErrorBody[] };
    return { status: response.status, data: body.data, errors: body.errors };
  };
  return {
    app,
    clock,
    dataDir,
    eventStore: app.get<EventStore>(EVENT_STORE),
    async listen() {
      await app.listen(0, '127.0.0.1');
      return app.getUrl();
    },
    gql,
    async data<Data>(query: string, variables?: Readonly<Record<string, unknown>>, headers?: Readonly<Record<string, string>>): Promise<Data> {
      const response = await gql<Data>(query, variables, headers);
      if (response.errors?.length || response.data === undefined || response.data === null) {
        throw new Error(`GraphQL errors: ${JSON.stringify(response.errors ?? response)}`);
      }
      return response.data;
    },
    async close(closing?: { keepData?: boolean }) {
      await app.close();
      if (!closing?.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
