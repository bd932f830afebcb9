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
  /** Whether the cache holds this entry (and counts its command ids); false once evicted or never kept. */
  held: boolean;
}

/**
 * The command handler's folded streams, least recently used first out, within two bounds: how many
 * streams, and how many command ids in all (what an entry's memory mostly is: about 100 bytes per id).
 * With a capacity of 0 it keeps nothing, and every command folds its stream again.
 */
export class StreamStateCache {
  private readonly streams = new Map<string, CachedStream>();
  /** Command ids held by the entries in `streams`. */
  private commandIds = 0;

  constructor(
    private readonly capacity: number,
    private readonly recentPerStream: number,
    private readonly maxCommandIds: number = Number.POSITIVE_INFINITY,
  ) {}

  get(streamId: string, decider: object): CachedStream | undefined {
    const stream = this.streams.get(streamId);
    if (!stream) return undefined;
    if (stream.decider !== decider) {
      this.forget(streamId);
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
      held: false,
    };
    if (this.capacity > 0) {
      this.forget(streamId);
      this.streams.set(streamId, stream);
      stream.held = true;
      this.commandIds += stream.commands.size;
      this.evict();
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
      if (event.revision !== revision + 1) break;
      stream.state = evolve(stream.state, event);
      stream.revision = event.revision;
      stream.foldedSinceSnapshot += 1;
      this.remember(stream, event.metadata.commandId, event);
    }
    this.evict();
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
    this.setSpan(stream, commandId, { from: first.revision, count: written.length });
    stream.recent.delete(commandId);
    stream.recent.set(commandId, [...written]);
    this.trimRecent(stream);
    this.evict();
  }

  forget(streamId?: string): void {
    if (streamId === undefined) {
      for (const stream of this.streams.values()) stream.held = false;
      this.streams.clear();
      this.commandIds = 0;
      return;
    }
    const stream = this.streams.get(streamId);
    if (!stream) return;
    this.streams.delete(streamId);
    stream.held = false;
    this.commandIds -= stream.commands.size;
  }

  /** How many streams and command ids are held (for tests and monitoring). */
  size(): { streams: number; commandIds: number } {
    return { streams: this.streams.size, commandIds: this.commandIds };
  }

  /** Drops the least recently used streams until both bounds hold again. */
  private evict(): void {
    while (this.streams.size > this.capacity || (this.commandIds > this.maxCommandIds && this.streams.size > 0)) {
      const oldest = this.streams.keys().next().value;
      if (oldest === undefined) return;
      this.forget(oldest);
    }
  }

  private setSpan(stream: CachedStream, commandId: string, span: CommandSpan): void {
    if (stream.held && !stream.commands.has(commandId)) this.commandIds += 1;
    stream.commands.set(commandId, span);
  }

  private remember(stream: CachedStream, commandId: string, event: RecordedEvent): void {
    const span = stream.commands.get(commandId);
    this.setSpan(
      stream,
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
