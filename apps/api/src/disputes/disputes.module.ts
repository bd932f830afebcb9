import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { EventStore } from '@corbeille/event-store';
import { GamesModule } from '../games/games.module';
import type { AppConfig } from '../config/app-config';
import type { CatchUpLog } from '../infrastructure/catch-up-log';
import { APP_CONFIG, CATCH_UP_LOG, EVENT_STORE } from '../infrastructure/infrastructure.tokens';
import { DisputesResolver } from './disputes.resolver';
import { GameEventDisputesResolver } from './game-event-disputes.resolver';
import { GAME_COMMAND_GATE } from './game-command-gate';
import { DisputeLiveUpdates } from './services/dispute-live-updates';
import { assertNotPaused, DisputeRegistry } from './services/dispute-registry';
import { DisputeRegistryStore } from './services/dispute-registry.store';
import { DisputesService } from './services/disputes.service';

@Injectable()
class DisputeRegistryShutdown implements OnApplicationShutdown {
  constructor(@Inject(DisputeRegistry) private readonly registry: DisputeRegistry) {}

  async onApplicationShutdown(): Promise<void> {
    await this.registry.stop();
  }
}

/**
 * The dispute registry, caught up with the log (from its stored checkpoint) before the app serves, and the
 * gate the game command path checks (a dispute may pause its game). Global, so the games module's command path sees the gate
 * without importing the disputes module that builds on it.
 */
@Global()
@Module({
  providers: [
    {
      provide: DisputeRegistry,
      useFactory: async (store: EventStore, config: AppConfig, catchUpLog: CatchUpLog): Promise<DisputeRegistry> => {
        // Kept with its checkpoint beside the read models: a restart reads only the log after it.
        const registry = new DisputeRegistry(store, new DisputeRegistryStore(config.readModelsPath));
        await registry.start(catchUpLog?.());
        return registry;
      },
      inject: [EVENT_STORE, APP_CONFIG, CATCH_UP_LOG],
    },
    { provide: GAME_COMMAND_GATE, useFactory: (registry: DisputeRegistry) => ({ assertOpen: (gameId: string) => assertNotPaused(registry, gameId) }), inject: [DisputeRegistry] },
    DisputeRegistryShutdown,
  ],
  exports: [DisputeRegistry, GAME_COMMAND_GATE],
})
export class DisputeGateModule {}

/** Disputes and rulings over GraphQL (docs/disputes.md). */
@Module({
  imports: [GamesModule],
  providers: [DisputesService, DisputeLiveUpdates, DisputesResolver, GameEventDisputesResolver],
})
export class DisputesModule {}
