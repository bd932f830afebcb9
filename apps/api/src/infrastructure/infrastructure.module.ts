import { Inject, Injectable, Logger, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import { PubSub } from 'graphql-subscriptions';
import { CommandHandler } from '@corbeille/application';
import type { EventStore } from '@corbeille/event-store';
import { SqliteLogReader, SqliteSnapshotHistory, SqliteSnapshotStore } from '@corbeille/event-store-sqlite';
import type { RandomSource } from '@corbeille/kernel';
import { openEventStore, openSeedStore } from '@corbeille/infrastructure';
import { fairnessOf, InMemorySeedStore, IntegrityRecorder, type SeedStore } from '@corbeille/integrity';
import { createProjectionEngine, gameOfStream, type ProjectionEngine } from '@corbeille/projections';
import type { AppConfig } from '../config/app-config';
import { ApiMetrics } from '../observability/api-metrics';
import { countingEventStore } from '../observability/counting-event-store';
import type { CatchUpLog } from './catch-up-log';
import {
  API_METRICS,
  APP_CONFIG,
  CATCH_UP_LOG,
  CLOCK,
  COMMAND_HANDLER,
  DEADLINE_TIMERS,
  EVENT_STORE,
  PROJECTIONS,
  PUB_SUB,
  RANDOM_SOURCE_FACTORY,
  SEED_STORE,
  SNAPSHOT_HISTORY,
  SNAPSHOT_STORE,
} from './infrastructure.tokens';
import { forgetSnapshotsOfOtherStores, SNAPSHOT_EVERY, snapshotsPathFor } from './snapshots';
import type { Clock } from './system-clock';

export interface InfrastructureOptions {
  readonly config: AppConfig;
  /** An already opened store; the app then leaves closing it to the caller. */
  readonly eventStore?: EventStore;
  readonly randomSourceFactory: () => RandomSource;
  /**
   * Derive games' chance from their secret seeds, provably (docs/integrity.md). Off when a test brings its
   * own dice through `randomSourceFactory`: draws are then recorded, but not derived from a seed.
   */
  readonly provableChance?: boolean;
  readonly clock: Clock;
  /** Conflict retries of the command handler. */
  readonly maxRetries?: number;
  /** Whether deadlines arm real timers (default true). */
  readonly deadlineTimers?: boolean;
  /** The app's metrics (made by AppModule, which also counts WebSocket connections into it); new ones otherwise. */
  readonly metrics?: ApiMetrics;
}

const OWNED_EVENT_STORE = Symbol('OWNED_EVENT_STORE');
/** The snapshot file, once snapshots of another event store were dropped from it. */
const SNAPSHOTS_PATH = Symbol('SNAPSHOTS_PATH');

/**
 * The live-updates PubSub's emitter: every subscriber of a game's topic is a listener, and Node's default
 * cap of 10 per event would warn (MaxListenersExceededWarning) from the eleventh watcher of one game on.
 */
function unboundedEmitter(): EventEmitter {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return emitter;
}

interface OwnedEventStore {
  readonly store: EventStore;
  readonly owned: boolean;
}

/** Stops the projections, then closes the event store the app opened. */
@Injectable()
class InfrastructureShutdown implements OnApplicationShutdown {
  private readonly logger = new Logger('Infrastructure');

  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionEngine,
    @Inject(OWNED_EVENT_STORE) private readonly eventStore: OwnedEventStore,
    @Inject(SEED_STORE) private readonly seeds: SeedStore,
    @Inject(SNAPSHOT_STORE) private readonly snapshots: SqliteSnapshotStore,
    @Inject(SNAPSHOT_HISTORY) private readonly history: SqliteSnapshotHistory,
  ) {}

  async onApplicationShutdown(signal?: string): Promise<void> {
    try {
      await this.projections.stop();
    } catch (error) {
      this.logger.error(`Stopping projections failed: ${describe(error)}`);
    }
    if (this.eventStore.owned) {
      try {
        await this.eventStore.store.close();
      } catch (error) {
        this.logger.error(`Closing the event store failed: ${describe(error)}`);
      }
    }
    try {
      await this.seeds.close();
    } catch (error) {
      this.logger.error(`Closing the seed store failed: ${describe(error)}`);
    }
    this.snapshots.close();
    this.history.close();
    if (signal) this.logger.log(`Stopped on ${signal}: read models and event store closed`);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** The ports and adapters every feature module uses: event store, projections, command handler. */
@Module({})
export class InfrastructureModule {
  static forRoot(options: InfrastructureOptions): DynamicModule {
    return {
      module: InfrastructureModule,
      global: true,
      providers: [
        { provide: APP_CONFIG, useValue: options.config },
        { provide: API_METRICS, useValue: options.metrics ?? new ApiMetrics() },
        { provide: RANDOM_SOURCE_FACTORY, useValue: options.randomSourceFactory },
        { provide: CLOCK, useValue: options.clock },
        { provide: DEADLINE_TIMERS, useValue: options.deadlineTimers ?? true },
        {
          provide: OWNED_EVENT_STORE,
          useFactory: (): OwnedEventStore =>
            options.eventStore
              ? { store: options.eventStore, owned: false }
              : { store: openEventStore(options.config), owned: true },
        },
        {
          provide: EVENT_STORE,
          useFactory: (owned: OwnedEventStore): EventStore => owned.store,
          inject: [OWNED_EVENT_STORE],
        },
        {
          provide: SEED_STORE,
          // Sealed in the event store with SEEDS_KEY (shared by every instance on it); else next to the events the
          // app opens; in memory beside a store the caller opened, unless configured.
          useFactory: (store: EventStore): SeedStore => {
            if (options.config.seedsKey !== undefined) return openSeedStore(options.config, store);
            return options.eventStore && !options.config.secretsPath ? new InMemorySeedStore() : openSeedStore(options.config);
          },
          inject: [EVENT_STORE],
        },
        {
          provide: SNAPSHOTS_PATH,
          useFactory: async (store: EventStore): Promise<string> => {
            const path = snapshotsPathFor(options.config);
            await forgetSnapshotsOfOtherStores(path, store);
            return path;
          },
          inject: [EVENT_STORE],
        },
        { provide: SNAPSHOT_STORE, useFactory: (path: string) => new SqliteSnapshotStore({ path }), inject: [SNAPSHOTS_PATH] },
        { provide: SNAPSHOT_HISTORY, useFactory: (path: string) => new SqliteSnapshotHistory({ path }), inject: [SNAPSHOTS_PATH] },
        {
          provide: COMMAND_HANDLER,
          useFactory: (store: EventStore, randomSource: () => RandomSource, clock: Clock, seeds: SeedStore, snapshots: SqliteSnapshotStore, metrics: ApiMetrics) => {
            const integrity = new IntegrityRecorder({
              seeds,
              gameOf: (streamId) => {
                const found = gameOfStream(streamId);
                return found && { gameId: found.gameId, rules: found.game };
              },
              plain: randomSource,
              provable: options.provableChance ?? true,
              // A game whose first event commits to a seed must find it: chance that is not derived from it
              // would pass unnoticed until the game's end, then fail verification.
              seedCommitted: async (streamId) => (await store.readStream(streamId, { maxCount: 1 }))[0]?.metadata['fairness'] !== undefined,
              // Games created under the previous scheme keep drawing with it to their end.
              schemeOf: async (streamId) => fairnessOf((await store.readStream(streamId, { maxCount: 1 }))[0]?.metadata)?.scheme,
            });
            return new CommandHandler(countingEventStore(store, metrics), {
              randomSource: integrity.randomSource,
              annotate: integrity.annotate,
              clock,
              maxRetries: options.maxRetries ?? 5,
              snapshots,
              snapshotEvery: SNAPSHOT_EVERY,
            });
          },
          inject: [EVENT_STORE, RANDOM_SOURCE_FACTORY, CLOCK, SEED_STORE, SNAPSHOT_STORE, API_METRICS],
        },
        {
          provide: CATCH_UP_LOG,
          // On SQLite events the app opened, catching up (a rebuild from nothing above all) reads the file directly.
          useFactory: (owned: OwnedEventStore): CatchUpLog => {
            const { eventStoreUrl, eventsPath } = options.config;
            return owned.owned && !eventStoreUrl && eventsPath !== ':memory:' ? () => new SqliteLogReader({ path: eventsPath }) : null;
          },
          inject: [OWNED_EVENT_STORE],
        },
        {
          provide: PROJECTIONS,
          useFactory: async (store: EventStore, catchUpLog: CatchUpLog): Promise<ProjectionEngine> => {
            const engine = createProjectionEngine({
              eventStore: store,
              path: options.config.readModelsPath,
              catchUpReader: catchUpLog ?? undefined,
            });
            await engine.start();
            return engine;
          },
          inject: [EVENT_STORE, CATCH_UP_LOG],
        },
        { provide: PUB_SUB, useFactory: () => new PubSub<Record<string, unknown>>({ eventEmitter: unboundedEmitter() }) },
        InfrastructureShutdown,
      ],
      exports: [
        API_METRICS,
        APP_CONFIG,
        RANDOM_SOURCE_FACTORY,
        SEED_STORE,
        CLOCK,
        DEADLINE_TIMERS,
        EVENT_STORE,
        COMMAND_HANDLER,
        PROJECTIONS,
        CATCH_UP_LOG,
        PUB_SUB,
        SNAPSHOT_STORE,
        SNAPSHOT_HISTORY,
      ],
    };
  }
}
