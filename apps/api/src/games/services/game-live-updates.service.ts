import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { EventStore, Subscription } from '@corbeille/event-store';
import { gameIdFromStream, STOCK_TICKER_STREAM_PREFIX, type ProjectionEngine } from '@corbeille/projections';
import { prependItems, subscribeLive, type LivePubSub } from '../../common/pubsub/live-iterator';
import { EVENT_STORE, PROJECTIONS, PUB_SUB } from '../../infrastructure/infrastructure.tokens';
import { toGameEventModel } from '../mappers/game-event.mapper';
import { toPriceBoardModel } from '../mappers/read-model.mapper';
import type { GameEventModel } from '../models/game-event.model';
import type { PriceBoardModel } from '../models/price-board.model';
import { GameStreamService } from './game-stream.service';

const gameEventsTrigger = (gameId: string) => `gameEvents:${gameId}`;
const priceBoardTrigger = (gameId: string) => `priceBoard:${gameId}`;

/**
 * Feeds subscriptions: new events come from the event store's live subscription, price boards from
 * the read models once they have folded a change.
 */
@Injectable()
export class GameLiveUpdatesService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('LiveUpdates');
  private subscription: Subscription | undefined;
  private stopListening: (() => void) | undefined;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionEngine,
    @Inject(PUB_SUB) private readonly pubSub: LivePubSub,
    private readonly streams: GameStreamService,
  ) {}

  onApplicationBootstrap(): void {
    this.subscription = this.store.subscribeToAll(
      (event) => this.pubSub.publish(gameEventsTrigger(gameIdFromStream(event.streamId)), toGameEventModel(event)),
      {
        afterPosition: this.projections.checkpoint(),
        streamPrefix: STOCK_TICKER_STREAM_PREFIX,
        onError: (error) => this.logger.error(`Live event feed stopped: ${String(error)}`),
      },
    );
    this.stopListening = this.projections.onChange((change) => {
      const board = this.projections.getPriceBoard(change.gameId);
      if (board === undefined) return;
      this.pubSub.publish(priceBoardTrigger(change.gameId), toPriceBoardModel(board)).catch((error: unknown) => {
        this.logger.error(`Publishing a price board failed: ${String(error)}`);
      });
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.stopListening?.();
    this.stopListening = undefined;
    await this.subscription?.unsubscribe();
    this.subscription = undefined;
  }

  /** New events of a game; with `afterPosition`, the stored ones after it first, without gaps or repeats. */
  async gameEvents(gameId: string, afterPosition?: number | null): Promise<AsyncIterableIterator<GameEventModel>> {
    const live = await subscribeLive<GameEventModel>(this.pubSub, gameEventsTrigger(gameId));
    if (afterPosition === undefined || afterPosition === null) return live;
    const stored = (await this.streams.readEvents(gameId))
      .filter((event) => event.position > afterPosition)
      .map(toGameEventModel);
    let lastPosition = stored[stored.length - 1]?.position ?? afterPosition;
    return prependItems(stored, live, (event) => {
      if (event.position <= lastPosition) return false;
      lastPosition = event.position;
      return true;
    });
  }

  /** The current price board, then the board after each change of the game. */
  async priceBoards(gameId: string): Promise<AsyncIterableIterator<PriceBoardModel>> {
    const live = await subscribeLive<PriceBoardModel>(this.pubSub, priceBoardTrigger(gameId));
    const current = this.projections.getPriceBoard(gameId);
    if (current === undefined) return live;
    return prependItems([toPriceBoardModel(current)], live, (board) => board.lastPosition > current.lastPosition);
  }
}
