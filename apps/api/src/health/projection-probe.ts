import type { EventStore } from '@corbeille/event-store';

/** A projection that follows the log: its name and the position of the last event it folded. */
export interface TrackedProjection {
  readonly name: string;
  /** Throws when the projection has stopped on a failure. */
  position(): number;
}

export interface ProjectionLag {
  readonly name: string;
  readonly position: number | null;
  /** Events in the log after `position`, counted up to the probe's cap; null when the projection failed. */
  readonly lagEvents: number | null;
  readonly failed: boolean;
}

export interface ProbeResult {
  readonly eventStore: 'ok' | 'unreachable';
  readonly projections: readonly ProjectionLag[];
}

/**
 * Asks the event store for the events after each projection's position, counting at most `cap` of them:
 * the answer proves the store answers, and the count is the projection's lag in events. (Positions are
 * not dense on every adapter, EventStoreDB's are byte offsets, so lag is counted in events, not positions.)
 */
export async function probeProjections(
  store: EventStore,
  projections: readonly TrackedProjection[],
  cap: number,
  timeoutMs: number,
): Promise<ProbeResult> {
  let reachable = true;
  const lags = await Promise.all(
    projections.map(async (projection): Promise<ProjectionLag> => {
      let position: number;
      try {
        position = projection.position();
      } catch {
        return { name: projection.name, position: null, lagEvents: null, failed: true };
      }
      try {
        const after = await withTimeout(store.readAll({ afterPosition: position, maxCount: cap }), timeoutMs);
        return { name: projection.name, position, lagEvents: after.length, failed: false };
      } catch {
        reachable = false;
        return { name: projection.name, position, lagEvents: null, failed: false };
      }
    }),
  );
  return { eventStore: reachable ? 'ok' : 'unreachable', projections: lags };
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
