import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { EventStore, RecordedEvent, Subscription } from '@corbeille/event-store';
import { gameOfStream, type PriceBoard, type ProjectionEngine } from '@corbeille/projections';
import type { Principal } from '../../access/access.port';
import { mapItems, prependItems, subscribeLive, type LivePubSub } from '../../common/pubsub/live-iterator';
import { EVENT_STORE, PROJECTIONS, PUB_SUB } from '../../infrastructure/infrastructure.tokens';
import { toGameEventModel } from '../mappers/game-event.mapper';
import { toPriceBoardModel } from '../mappers/read-model.mapper';
import type { GameEventModel } from '../models/game-event.model';
import type { PriceBoardModel } from '../models/price-board.model';
import { GameAccessService, type LocatedGame } from './game-access.service';
import { GameStreamService } from './game-stream.service';

const gameEventsTrigger = (gameId: string) => `gameEvents:${gameId}`;
const readModelsTrigger = (gameId: string) => `readModels:${gameId}`;

/** A change of a game's read models, as pushed to subscribers. */
export interface ReadModelChange {
  readonly gameId: string;
  readonly position: number;
}

/**
 * Feeds subscriptions: new events of every registered game come from the event store's live subscription
 * (raw, and shown to each subscriber through their own lens), read-model changes from the projections
 * once they have folded them.
 */
@Injectable()
export class GameLiveUpdatesService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('LiveUpdates');
  private subscription: Subscription | undefined;
  private stopListening: (() => void) | undefined;
  /**
   * The price board last pushed per game, with the read model it was mapped from: a change is mapped
   * once and the same board handed to every subscriber of the game (a thousand of them would otherwise
   * each map the whole price history again).
   */
  private readonly boards = new Map<string, { readonly source: PriceBoard; readonly model: PriceBoardModel }>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionEngine,
    @Inject(PUB_SUB) private readonly pubSub: LivePubSub,
    private readonly streams: GameStreamService,
    private readonly access: GameAccessService,
  ) {}

  onApplicationBootstrap(): void {
    this.subscription = this.store.subscribeToAll(
      (event) => {
        const routed = gameOfStream(event.streamId);
        return routed ? this.pubSub.publish(gameEventsTrigger(routed.gameId), event) : undefined;
      },
      {
        afterPosition: this.projections.checkpoint(),
        onError: (error) => this.logger.error(`Live event feed stopped: ${String(error)}`),
      },
    );
    this.stopListening = this.projections.onChange((change) => {
      const published: ReadModelChange = { gameId: change.gameId, position: change.position };
      this.pubSub.publish(readModelsTrigger(change.gameId), published).catch((error: unknown) => {
        this.logger.error(`Publishing a read-model change failed: ${String(error)}`);
      });
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.stopListening?.();
    this.stopListening = undefined;
    this.boards.clear();
    await this.subscription?.unsubscribe();
    this.subscription = undefined;
  }

  /**
   * New events of a game as this principal may see them; with `afterPosition`, the stored ones after it
   * first, without gaps or repeats.
   */
  async gameEvents(principal: Principal, located: LocatedGame, afterPosition?: number | null): Promise<AsyncIterableIterator<GameEventModel>> {
    const lens = await this.access.lensFor(principal, located);
    const show = (event: RecordedEvent) => toGameEventModel(lens(event));
    const live = await subscribeLive<RecordedEvent>(this.pubSub, gameEventsTrigger(located.ref.gameId));
    if (afterPosition === undefined || afterPosition === null) return mapItems(live, show);
    const stored = (await this.streams.readEvents(located.game, located.ref.gameId)).filter((event) => event.position > afterPosition);
    let lastPosition = stored[stored.length - 1]?.position ?? afterPosition;
    const events = prependItems(stored, live, (event) => {
      if (event.position <= lastPosition) return false;
      lastPosition = event.position;
      return true;
    });
    return mapItems(events, show);
  }

  /**
   * A read model of a game now (if there is one), then after each change folded into the read models;
   * `read` picks what to push (e.g. a price board), `positionOf` says how far it is, so nothing is repeated.
   */
  async readModelUpdates<T>(
    gameId: string,
    read: (change: ReadModelChange | undefined) => Promise<T | undefined> | T | undefined,
    positionOf: (item: T) => number,
  ): Promise<AsyncIterableIterator<T>> {
    const changes = await subscribeLive<ReadModelChange>(this.pubSub, readModelsTrigger(gameId));
    const current = await read(undefined);
    let lastPosition = current === undefined ? -1 : positionOf(current);
    const updates = mapItems(changes, (change) => read(change));
    const fresh = prependItems<T | undefined>(current === undefined ? [] : [current], updates, (item) => {
      if (item === undefined || positionOf(item) <= lastPosition) return false;
      lastPosition = positionOf(item);
      return true;
    });
    return mapItems(fresh, (item) => item as T);
  }

  /** The current Stock Ticker price board, then the board after each change of the game. */
  priceBoards(gameId: string): Promise<AsyncIterableIterator<PriceBoardModel>> {
    return this.readModelUpdates(
      gameId,
      () => {
        const board = this.projections.getPriceBoard(gameId);
        if (!board) return undefined;
        const last = this.boards.get(gameId);
        if (last?.source === board) return last.model;
        const model = toPriceBoardModel(board);
        this.boards.set(gameId, { source: board, model });
        return model;
      },
      (board) => board.lastPosition,
    );
  }
}
