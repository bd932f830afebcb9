import type { EventHandler, RecordedEvent, Subscription, SubscribeToAllOptions } from './event-store.port';

/** Reads up to `limit` events of the global log after `afterPosition`, in position order. */
export type ReadAfter = (afterPosition: number, limit: number) => Promise<readonly RecordedEvent[]>;

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
   * Stops delivery at once: the handler is not called again. A handler already running is not
   * awaited, so calling this from inside the handler cannot deadlock.
   */
  async unsubscribe(): Promise<void> {
    this.stop();
  }

  private stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.wake?.();
    this.options.onStop?.();
  }

  private async run(): Promise<void> {
    try {
      while (!this.stopped) {
        this.pending = false;
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
