import { Inject, Injectable } from '@nestjs/common';
import { mapItems, subscribeLive, type LivePubSub } from '../../common/pubsub/live-iterator';
import { PUB_SUB } from '../../infrastructure/infrastructure.tokens';
import { toDisputeModel } from '../disputes.mappers';
import type { DisputeModel } from '../models/dispute.model';
import type { RegisteredDispute } from './dispute-registry';
import { disputesTrigger } from './disputes.service';

/** A game's disputes as they are opened and ruled on (published by DisputesService). */
@Injectable()
export class DisputeLiveUpdates {
  constructor(@Inject(PUB_SUB) private readonly pubSub: LivePubSub) {}

  async changes(gameId: string): Promise<AsyncIterableIterator<DisputeModel>> {
    return mapItems(await subscribeLive<RegisteredDispute>(this.pubSub, disputesTrigger(gameId)), toDisputeModel);
  }
}
