import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { mapItems, subscribeLive, type LivePubSub } from '../../common/pubsub/live-iterator';
import { PUB_SUB } from '../../infrastructure/infrastructure.tokens';
import { toDisputeModel } from '../disputes.mappers';
import type { DisputeModel } from '../models/dispute.model';
import { DisputeRegistry, type RegisteredDispute } from './dispute-registry';
import { disputesTrigger } from './disputes.service';

/**
 * A game's disputes as they are opened and ruled on, published as the registry folds them from the log: a
 * subscriber on any instance sees the disputes opened or ruled on through any other.
 */
@Injectable()
export class DisputeLiveUpdates implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('DisputeLiveUpdates');
  private stop: (() => void) | undefined;

  constructor(
    @Inject(PUB_SUB) private readonly pubSub: LivePubSub,
    private readonly registry: DisputeRegistry,
  ) {}

  onModuleInit(): void {
    this.stop = this.registry.onLiveChange((dispute) => {
      this.pubSub.publish(disputesTrigger(dispute.gameId), dispute).catch((error: unknown) => {
        this.logger.error(`Publishing dispute ${dispute.disputeId} failed: ${error instanceof Error ? error.message : String(error)}`);
      });
    });
  }

  onModuleDestroy(): void {
    this.stop?.();
  }

  async changes(gameId: string): Promise<AsyncIterableIterator<DisputeModel>> {
    return mapItems(await subscribeLive<RegisteredDispute>(this.pubSub, disputesTrigger(gameId)), toDisputeModel);
  }
}
