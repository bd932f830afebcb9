import type { RecordedEvent } from '@corbeille/event-store';
import type { Snapshot } from './snapshot-store';

/** Where a command's events are in its stream; `from` is -1 for a command only known from a snapshot. */
export interface CommandSpan {
  readonly from: number;
  readonly count: number;
}

/** A stream as the command handler last folded it. Mutated in place, only ever forwards. */
export interface CachedStream {
  /** The decider that folded it: another decider on the same stream id loads its own state. */
  readonly decider: object;
  state: unknown;
  revision: number | undefined;
  /** Every command applied to the stream (from its snapshot and every event folded since), for idempotency. */
  readonly commands: Map<string, CommandSpan>;
  /** The events of the latest commands, oldest first. */
  readonly recent: Map<string, RecordedEvent[]>;
  foldedSinceSnapshot: number;
}

/**
 * The command handler's folded streams, least recently used first out. With a capacity of 0 it keeps
 * nothing, and every command folds its stream again.
 */
export class StreamStateCache {
  private readonly streams = new Map<string, CachedStream>();

  constructor(
    private readonly capacity: number,
    private readonly recentPerStream: number,
  ) {}

  get(streamId: string, decider: object): CachedStream | undefined {
    const stream = this.streams.get(streamId);
    if (!stream) return undefined;
    if (stream.decider !== decider) {
      this.streams.delete(streamId);
      return undefined;
    }
    // Map order is insertion order: moving the entry to the end marks it as the most recently used.
    this.streams.delete(streamId);
    this.streams.set(streamId, stream);
    return stream;
  }

  /** A stream starting from a snapshot (or from the initial state), kept if the cache has room for anything. */
  create(streamId: string, decider: object, from: Pick<Snapshot, 'state' | 'commandIds'> & { revision: number | undefined }): CachedStream {
    const stream: CachedStream = {
      decider,
      state: from.state,
      revision: from.revision,
      commands: new Map(from.commandIds.map((commandId) => [commandId, { from: -1, count: 0 }])),
      recent: new Map(),
      foldedSinceSnapshot: 0,
    };
    if (this.capacity > 0) {
      this.streams.delete(streamId);
      this.streams.set(streamId, stream);
      if (this.streams.size > this.capacity) {
        const oldest = this.streams.keys().next().value;
        if (oldest !== undefined) this.streams.delete(oldest);
      }
    }
    return stream;
  }

  /**
   * Folds events read from the store into the stream: those it already holds are skipped, and folding
   * stops at a gap (a later read fills it).
   */
  fold(stream: CachedStream, events: readonly RecordedEvent[], evolve: (state: unknown, event: RecordedEvent) => unknown): void {
    for (const event of events) {
      const revision = stream.revision ?? -1;
      if (event.revision <= revision) continue;
      if (event.revision !== revision + 1) return;
      stream.state = evolve(stream.state, event);
      stream.revision = event.revision;
      stream.foldedSinceSnapshot += 1;
      this.remember(stream, event.metadata.commandId, event);
    }
  }

  /**
   * After a successful append expected at `revision`: the stream moves to `state` if nothing else moved
   * it meanwhile (a catch-up that already read these events leaves it as it is).
   */
  recordAppend(stream: CachedStream, revision: number | undefined, written: readonly RecordedEvent[], state: unknown, commandId: string): void {
    const first = written[0];
    const last = written[written.length - 1];
    if (!first || !last || stream.revision !== revision || first.revision !== (revision ?? -1) + 1) return;
    stream.state = state;
    stream.revision = last.revision;
    stream.foldedSinceSnapshot += written.length;
    stream.commands.set(commandId, { from: first.revision, count: written.length });
    stream.recent.delete(commandId);
    stream.recent.set(commandId, [...written]);
    this.trimRecent(stream);
  }

  forget(streamId?: string): void {
    if (streamId === undefined) this.streams.clear();
    else this.streams.delete(streamId);
  }

  private remember(stream: CachedStream, commandId: string, event: RecordedEvent): void {
    const span = stream.commands.get(commandId);
    stream.commands.set(
      commandId,
      span && span.from >= 0 && span.from + span.count === event.revision ? { from: span.from, count: span.count + 1 } : { from: event.revision, count: 1 },
    );
    const group = stream.recent.get(commandId);
    if (group && group[group.length - 1]?.revision === event.revision - 1) group.push(event);
    else {
      stream.recent.delete(commandId);
      stream.recent.set(commandId, [event]);
      this.trimRecent(stream);
    }
  }

  private trimRecent(stream: CachedStream): void {
    while (stream.recent.size > this.recentPerStream) {
      const oldest = stream.recent.keys().next().value;
      if (oldest === undefined) return;
      stream.recent.delete(oldest);
    }
  }
}
