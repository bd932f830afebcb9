import type { EventStore, RecordedEvent } from '@corbeille/event-store';
import type { Decider, DomainEvent } from '@corbeille/kernel';
import { isVoidingMarker, voidedRevisions } from '@corbeille/rulings';

/** A point of a stream: after the event at this stream revision, or after the last event at or before this global position. */
export type StreamPoint = { readonly revision: number } | { readonly position: number };

/** A stream's state after the event at `revision` (whose global position is `position`). */
export interface HistorySnapshot<State = unknown> {
  readonly revision: number;
  readonly position: number;
  readonly state: State;
}

/**
 * Snapshots of streams at many revisions, for time travel: a fold starts at the latest one before the
 * point it travels to. Like every snapshot, only a cache: losing them costs longer folds, never correctness.
 */
export interface SnapshotHistory {
  /** The latest snapshot at or before the point, if any. */
  latestAtOrBefore(streamId: string, point: StreamPoint): Promise<HistorySnapshot | undefined>;
  save(streamId: string, snapshot: HistorySnapshot): Promise<void>;
}

export interface FoldAtOptions {
  readonly snapshots?: SnapshotHistory;
  /**
   * While folding, save a snapshot after every revision r with (r + 1) a multiple of this (e.g. 1,000:
   * after revisions 999, 1,999, ...). Travelling once to the end of a stream so builds all its snapshots.
   */
  readonly snapshotEvery?: number;
  /** Events read per query. Default 1,000. */
  readonly pageSize?: number;
}

export interface FoldedAt<State> {
  readonly state: State;
  /** The last event the state includes; undefined when the point is before the stream's first event. */
  readonly last: RecordedEvent | undefined;
  /** The revision of the snapshot the fold started from (undefined: from the initial state). */
  readonly fromSnapshot: number | undefined;
  /** How many events were folded on top of the snapshot. */
  readonly folded: number;
}

type Folding<S, E extends DomainEvent> = Pick<Decider<S, never, E, unknown, unknown>, 'initialState' | 'evolve'>;

/**
 * Time travel: the state of a stream at a point, folded from the nearest snapshot before it. With
 * snapshots every N events a point costs one snapshot read and at most N - 1 events, whatever the
 * length of the stream.
 */
export async function foldAt<S, E extends DomainEvent>(
  decider: Folding<S, E>,
  store: Pick<EventStore, 'readStream'>,
  streamId: string,
  point: StreamPoint,
  options: FoldAtOptions = {},
): Promise<FoldedAt<S>> {
  const { snapshots, snapshotEvery } = options;
  const pageSize = options.pageSize ?? 1_000;
  const target = 'revision' in point ? { revision: point.revision, position: Number.POSITIVE_INFINITY } : { revision: Number.POSITIVE_INFINITY, position: point.position };
  let snapshot = (await snapshots?.latestAtOrBefore(streamId, point)) as HistorySnapshot<S> | undefined;
  let events = await readUpTo(store, streamId, snapshot, target, pageSize);
  // A rewind after the snapshot may void events the snapshot holds: fold from the start instead.
  if (snapshot && events.some(isVoidingMarker)) {
    snapshot = undefined;
    events = await readUpTo(store, streamId, undefined, target, pageSize);
  }

  // The state as the game stood at the point: the rewinds recorded up to it skip what they voided.
  const voided = voidedRevisions(events);
  let state = snapshot ? snapshot.state : decider.initialState();
  let last: RecordedEvent | undefined;
  let folded = 0;
  const toSave: HistorySnapshot<S>[] = [];
  for (const event of events) {
    last = event;
    if (voided.has(event.revision)) continue;
    state = decider.evolve(state, { type: event.type, data: event.data } as E);
    folded += 1;
    // Only a live event's state is the game as it stood then (a voided one's is the rewound state).
    if (snapshots && snapshotEvery && (event.revision + 1) % snapshotEvery === 0) {
      toSave.push({ revision: event.revision, position: event.position, state });
    }
  }
  for (const taken of toSave) await snapshots?.save(streamId, taken);

  if (last === undefined && snapshot) {
    // The snapshot is exactly at the point: the event it ends with is read for its details.
    [last] = await store.readStream(streamId, { fromRevision: snapshot.revision, maxCount: 1 });
  }
  return { state, last, fromSnapshot: snapshot?.revision, folded };
}

/** The stream's events after the snapshot (or from its start) up to the point, read in growing pages. */
async function readUpTo(
  store: Pick<EventStore, 'readStream'>,
  streamId: string,
  snapshot: HistorySnapshot | undefined,
  target: { revision: number; position: number },
  pageSize: number,
): Promise<RecordedEvent[]> {
  const read: RecordedEvent[] = [];
  let next = snapshot ? snapshot.revision + 1 : 0;
  // A stream holds at most one event per global position: no more than this many can lie before the point.
  let lastPosition = snapshot ? snapshot.position : 0;
  // Pages start small and grow, so that a point just after a snapshot reads little.
  let page = Math.min(64, pageSize);
  for (let done = false; !done && next <= target.revision && lastPosition < target.position; ) {
    const maxCount = Math.min(page, target.revision - next + 1, target.position - lastPosition);
    const events = await store.readStream(streamId, { fromRevision: next, maxCount });
    for (const event of events) {
      if (event.position > target.position) {
        done = true;
        break;
      }
      read.push(event);
      lastPosition = event.position;
    }
    if (events.length < maxCount) done = true;
    next += events.length;
    page = Math.min(page * 2, pageSize);
  }
  return read;
}

/** Snapshots in memory (tests, tools, single-process use), copied in and out. */
export class InMemorySnapshotHistory implements SnapshotHistory {
  /** Each stream's snapshots, in increasing revision (and so position) order. */
  private readonly streams = new Map<string, HistorySnapshot[]>();

  async latestAtOrBefore(streamId: string, point: StreamPoint): Promise<HistorySnapshot | undefined> {
    const list = this.streams.get(streamId) ?? [];
    const key = 'revision' in point ? (snapshot: HistorySnapshot) => snapshot.revision <= point.revision : (snapshot: HistorySnapshot) => snapshot.position <= point.position;
    // The last snapshot that satisfies `key` (they are sorted, so `key` holds for a prefix).
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (key(list[middle] as HistorySnapshot)) low = middle + 1;
      else high = middle;
    }
    const found = list[low - 1];
    return found && structuredClone(found);
  }

  async save(streamId: string, snapshot: HistorySnapshot): Promise<void> {
    const list = this.streams.get(streamId) ?? [];
    const copy = structuredClone(snapshot);
    const index = list.findIndex((existing) => existing.revision >= snapshot.revision);
    if (index < 0) list.push(copy);
    else if (list[index]?.revision === snapshot.revision) list[index] = copy;
    else list.splice(index, 0, copy);
    this.streams.set(streamId, list);
  }

  /** How many snapshots are kept for a stream. */
  count(streamId: string): number {
    return this.streams.get(streamId)?.length ?? 0;
  }
}
