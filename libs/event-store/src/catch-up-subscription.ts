import type { EventHandler, RecordedEvent, Subscription, SubscribeToAllOptions } from './event-store.port';

/** Reads up to `limit` events of the global log after `afterPosition`, in position order. */
export type ReadAfter = (afterPosition: number, limit: number) => Promise<readonly RecordedEvent[]>;

/**
 * Events a store has just committed, offered to its subscriptions so that they need not read them back:
 * every event of the log after `afterPosition` up to the last of `positions`, none missing.
 */
export interface AppendedEvents {
  /** The log's last position before these events. */
  readonly afterPosition: number;
  /** The events' positions, increasing. */
  readonly positions: readonly number[];
  /** The events' streams (to filter without building the events). */
  readonly streamIds: readonly string[];
  /** The event at `index`, built afresh on every call: each subscriber gets data and metadata of its own. */
  event(index: number): RecordedEvent;
}

export interface CatchUpSubscriptionOptions extends SubscribeToAllOptions {
  readonly onError?: (error: unknown) => void;
  /** Events read per query while catching up. */
  readonly pageSize?: number;
  /** Re-read the log this often while idle, to see appends made by other processes. Omit to rely on `notify()` only. */
  readonly pollIntervalMs?: number;
  /** Called once when the subscription stops, for whatever reason. */
  readonly onStop?: () => void;
}

/**
 * A catch-up subscription for stores that can read their log after a position: it always reads
 * "after the last delivered position", so appends made while it catches up are neither skipped nor
 * repeated. This relies on the store making positions visible in order (a reader never sees p+1
 * without p), which holds for stores that serialise their writers.
 */
export class CatchUpSubscription implements Subscription {
  private position: number;
  private stopped = false;
  /** Set by notify(): something may have been appended since the last read began. */
  private pending = false;
  private wake: (() => void) | undefined;
  private readonly pageSize: number;
  /** Events offered by the store, not yet delivered; at most pageSize of them. */
  private offered: AppendedEvents[] = [];
  private offeredCount = 0;

  constructor(
    private readonly readAfter: ReadAfter,
    private readonly handler: EventHandler,
    private readonly options: CatchUpSubscriptionOptions = {},
  ) {
    this.position = options.afterPosition ?? 0;
    this.pageSize = options.pageSize ?? 500;
    void this.run();
  }

  /** Tells the subscription that events may have been appended. */
  notify(): void {
    this.pending = true;
    this.wake?.();
  }

  /**
   * Tells the subscription that these events were appended, and hands them over: it delivers them
   * without reading the log if they directly follow what it has delivered (or overlap it), and reads
   * the log otherwise. Offers beyond a page while the handler is busy are dropped, and read instead.
   */
  offer(appended: AppendedEvents): void {
    if (this.stopped) return;
    if (this.offeredCount + appended.positions.length <= this.pageSize) {
      this.offered.push(appended);
      this.offeredCount += appended.positions.length;
    } else {
      this.offered = [];
      this.offeredCount = 0;
    }
    this.notify();
  }

  /**
   * Stops delivery at once: the handler is not called again. A handler already running is not
   * awaited, so calling this from inside the handler cannot deadlock.
   */
  async unsubscribe(): Promise<void> {
    this.stop();
  }

  private stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.offered = [];
    this.offeredCount = 0;
    this.wake?.();
    this.options.onStop?.();
  }

  private async run(): Promise<void> {
    try {
      while (!this.stopped) {
        this.pending = false;
        if (await this.deliverOffered()) {
          // What was offered reaches the end of the log as this store wrote it: nothing to read until told.
          if (!this.pending && !this.stopped && this.offered.length === 0) await this.idle();
          continue;
        }
        const page = await this.readAfter(this.position, this.pageSize);
        for (const event of page) {
          if (this.stopped) return;
          // Filtering here rather than in the query lets the position move past other streams' events.
          if (this.wanted(event)) await this.handler(event);
          this.position = event.position;
        }
        if (page.length < this.pageSize && !this.pending && !this.stopped) await this.idle();
      }
    } catch (error) {
      if (this.stopped) return;
      this.stop();
      // Without onError the failure surfaces as an unhandled rejection rather than a silent stop.
      if (!this.options.onError) throw error;
      this.options.onError(error);
    }
  }

  /** Delivers the first offered events if they follow the position; false if there are none that do. */
  private async deliverOffered(): Promise<boolean> {
    for (;;) {
      const appended = this.offered[0];
      if (appended === undefined) return false;
      const { positions } = appended;
      const last = positions[positions.length - 1] ?? appended.afterPosition;
      if (last <= this.position) {
        this.dropOffered();
        continue;
      }
      // A gap before these events (appended by another connection, or dropped offers): read instead.
      if (appended.afterPosition > this.position) return false;
      this.dropOffered();
      const prefix = this.options.streamPrefix;
      for (let index = 0; index < positions.length; index++) {
        const position = positions[index] as number;
        if (position <= this.position) continue;
        if (this.stopped) return true;
        if (prefix === undefined || (appended.streamIds[index] as string).startsWith(prefix)) await this.handler(appended.event(index));
        this.position = position;
      }
      return true;
    }
  }

  private dropOffered(): void {
    const dropped = this.offered.shift();
    this.offeredCount -= dropped?.positions.length ?? 0;
  }

  private wanted(event: RecordedEvent): boolean {
    const prefix = this.options.streamPrefix;
    return prefix === undefined || event.streamId.startsWith(prefix);
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const done = (): void => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      if (this.options.pollIntervalMs !== undefined) timer = setTimeout(done, this.options.pollIntervalMs);
      this.wake = done;
    });
  }
}
