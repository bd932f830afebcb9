import {
  ConcurrencyConflict,
  IdempotencyKeyReused,
  type Decider,
  type DecisionContext,
  type DomainCommand,
  type DomainEvent,
  type RandomSource,
} from '@corbeille/kernel';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from '@corbeille/event-store';
import { isVoidingMarker, voidedRevisions } from '@corbeille/rulings';
import { bindCommand, bindingOfEvent, sameCommand, type BoundCommand } from './command-binding';
import type { Snapshot, SnapshotStore } from './snapshot-store';
import { StreamStateCache, type CachedStream } from './stream-state-cache';

/**
 * Who sent a command, and which request it is: the command id makes a retried request apply once. The id
 * is bound to its issuer and its command: the same id from another issuer, or for another command, is
 * refused (`IdempotencyKeyReused`).
 */
export interface CommandEnvelope<Command> {
  readonly command: Command;
  readonly commandId: string;
  /** Who the command acts as in the stream (a seat, "referee", "system", an account). */
  readonly actor: string;
  /**
   * Who sent it (e.g. `account:<id>`, `anonymous`, or `SERVER_ISSUER`); the id is bound to it. Defaults
   * to the actor.
   */
  readonly issuer?: string;
  readonly correlationId?: string;
  readonly causationId?: string;
  /** Extra metadata recorded with every event of the command (e.g. the league a game belongs to). */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

export interface CommandResult<State> {
  /** The events this command produced (or, for a repeated command id, the ones it produced the first time). */
  readonly events: RecordedEvent[];
  readonly state: State;
  /** The stream's revision after the command. */
  readonly revision: number | undefined;
  /** True when this command id had already been applied and nothing new was written. */
  readonly alreadyApplied: boolean;
}

/** Where a command is decided: its stream, and the stream's revision before it (undefined for a new stream). */
export interface DecisionPoint {
  readonly streamId: string;
  readonly revision: number | undefined;
}

/** A command decided, about to be appended. */
export interface Decision extends DecisionPoint {
  readonly command: DomainCommand;
  readonly before: unknown;
  readonly after: unknown;
  readonly events: readonly DomainEvent[];
  /** The source the decision drew its chance from. */
  readonly random: RandomSource;
  readonly now: string;
}

export interface CommandHandlerOptions {
  /** Reads the referee's clock once per attempt; injected so tests and replays control time. */
  readonly clock?: () => string;
  /**
   * A fresh source of chance per attempt, told which stream and revision the attempt decides at (so a
   * provably fair source can derive its draws from the game's seed and a counter); outcomes end up in
   * the events, never re-drawn on replay.
   */
  readonly randomSource: (at: DecisionPoint) => RandomSource | Promise<RandomSource>;
  /**
   * Extra metadata for each decided event (integrity records: draws, checksums, commitments, the engine
   * pin), from the decision before it is appended. The handler's own metadata keys win over these.
   */
  readonly annotate?: (decision: Decision) => readonly (Readonly<Record<string, unknown>> | undefined)[];
  /**
   * The salt of each command's binding (`metadata.commandBinding`, see command-binding.ts): random by
   * default; injected where the log must come out the same on every run (the demo seed).
   */
  readonly bindingSalt?: (at: { readonly streamId: string; readonly commandId: string }) => string;
  /** How many times a concurrency conflict is retried after the first attempt. */
  readonly maxRetries?: number;
  readonly snapshots?: SnapshotStore;
  /** Take a snapshot when at least this many events were folded past the last one. */
  readonly snapshotEvery?: number;
  /**
   * How many streams keep their folded state, and the ids of every command applied to them, in memory
   * between commands (least recently used first out). 0 folds the stream again for every command.
   * Default 1,000.
   */
  readonly cachedStreams?: number;
  /**
   * At most this many command ids in all the cached streams (about 100 bytes each, most of a cached
   * stream's memory: a 1,000-event Stock Ticker game holds about 770). Default 1,000,000 (about 100 MiB).
   */
  readonly maxCachedCommandIds?: number;
  /** How many of a stream's latest commands keep their events in memory, to answer a retry without a read. Default 16. */
  readonly recentCommandsPerStream?: number;
}

/**
 * A store that can also hand back the events an append wrote, as a read would return them (the SQLite
 * store does): the command handler then needs no read after its append.
 */
export interface RecordingEventStore extends EventStore {
  appendToStreamRecorded(
    streamId: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<{ readonly result: AppendResult; readonly events: RecordedEvent[] }>;
}

function recordsAppends(store: EventStore): store is RecordingEventStore {
  return typeof (store as Partial<RecordingEventStore>).appendToStreamRecorded === 'function';
}

interface LoadedStream<State> {
  state: State;
  revision: number | undefined;
  /** Events already written by each command id (only ids seen since the snapshot, plus the snapshot's). */
  eventsByCommandId: Map<string, RecordedEvent[]>;
  commandIds: string[];
  foldedSinceSnapshot: number;
}

type FoldingDecider<S, E extends DomainEvent> = Pick<Decider<S, never, E, unknown, unknown>, 'initialState' | 'evolve'>;

/**
 * The one command handler of every game: load (cached state, or snapshot + events), decide, append with
 * the expected revision; on a conflict, catch up and retry a bounded number of times.
 *
 * The folded state of recently used streams stays in memory, so a command folds only the events it did
 * not see yet instead of the whole stream. The cache is only ever a head start: every append still
 * carries the revision the state was folded at, so a state made stale by another writer (another
 * process, another instance) makes the append fail and the stream is caught up before the retry. A
 * command refused on a cached state is decided again if the stream turns out to have moved on. States
 * are shared, not copied: deciders' `evolve` must not mutate the state it is given (ours never do).
 */
export class CommandHandler {
  private readonly clock: () => string;
  private readonly maxRetries: number;
  private readonly cache: StreamStateCache;

  constructor(
    private readonly store: EventStore,
    private readonly options: CommandHandlerOptions,
  ) {
    this.clock = options.clock ?? (() => new Date().toISOString());
    this.maxRetries = options.maxRetries ?? 5;
    this.cache = new StreamStateCache(options.cachedStreams ?? 1_000, options.recentCommandsPerStream ?? 16, options.maxCachedCommandIds ?? 1_000_000);
  }

  async handle<S, C extends DomainCommand, E extends DomainEvent>(
    decider: Pick<Decider<S, C, E, unknown, unknown>, 'initialState' | 'decide' | 'evolve'>,
    streamId: string,
    envelope: CommandEnvelope<C>,
  ): Promise<CommandResult<S>> {
    let catchUp = false;
    for (let attempt = 0; ; attempt += 1) {
      const { stream, fresh } = await this.current(decider, streamId, catchUp);
      catchUp = false;
      if (stream.commands.has(envelope.commandId)) {
        const earlier = await this.appliedEvents(streamId, stream, envelope);
        return { events: earlier, state: stream.state as S, revision: stream.revision, alreadyApplied: true };
      }

      // The state and revision this attempt decides on (the entry may move on while it awaits).
      const state = stream.state as S;
      const revision = stream.revision;
      const context: DecisionContext = { random: await this.options.randomSource({ streamId, revision }), now: this.clock() };
      let decided: E[];
      try {
        decided = decider.decide(state, envelope.command, context);
      } catch (error) {
        // Refused on a state from memory: decide again if another writer has moved the stream on.
        if (!fresh && attempt < this.maxRetries && (await this.isStale(streamId, revision))) {
          catchUp = true;
          continue;
        }
        throw error;
      }
      if (decided.length === 0) {
        if (!fresh && attempt < this.maxRetries && (await this.isStale(streamId, revision))) {
          catchUp = true;
          continue;
        }
        return { events: [], state, revision, alreadyApplied: false };
      }
      const metadata = {
        ...envelope.metadata,
        commandId: envelope.commandId,
        actor: envelope.actor,
        correlationId: envelope.correlationId ?? envelope.commandId,
        causationId: envelope.causationId ?? envelope.commandId,
        occurredAt: context.now,
        commandType: envelope.command.type,
        commandBinding: bindCommand(boundCommand(envelope), this.options.bindingSalt?.({ streamId, commandId: envelope.commandId })),
      };
      const next = decided.reduce(decider.evolve, state);
      const extra = this.options.annotate?.({ streamId, revision, command: envelope.command, before: state, after: next, events: decided, random: context.random, now: context.now });
      const newEvents: NewEvent[] = decided.map((event, index) => ({
        type: event.type,
        data: event.data,
        metadata: extra?.[index] === undefined ? metadata : { ...extra[index], ...metadata },
      }));
      const expected: ExpectedRevision = revision === undefined ? 'no-stream' : revision;
      try {
        const { result: appended, events: written } = await this.append(streamId, newEvents, expected);
        if (decided.some(isVoidingMarker)) {
          // A rewind changes which events count: fold the stream again rather than on top of the old state.
          this.cache.forget(streamId);
          const { stream: rewound } = await this.current(decider, streamId, false);
          return { events: written, state: rewound.state as S, revision: appended.nextExpectedRevision, alreadyApplied: false };
        }
        this.cache.recordAppend(stream, revision, written, next, envelope.commandId);
        await this.maybeSnapshot(streamId, stream);
        return { events: written, state: next, revision: appended.nextExpectedRevision, alreadyApplied: false };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (attempt >= this.maxRetries) {
          throw new ConcurrencyConflict(
            'CONCURRENT_UPDATE',
            'The game changed while your move was being applied, several times in a row. Please try again.',
            { streamId, attempts: attempt + 1 },
          );
        }
        catchUp = true;
      }
    }
  }

  /**
   * Whether this command id was already applied to the stream for this very command (a retry); false if
   * the id is new. Throws `IdempotencyKeyReused` if the id was used by another issuer or for another command.
   */
  async wasApplied<S, E extends DomainEvent>(decider: FoldingDecider<S, E>, streamId: string, envelope: CommandEnvelope<DomainCommand>): Promise<boolean> {
    const { stream } = await this.current(decider, streamId, true);
    if (!stream.commands.has(envelope.commandId)) return false;
    await this.appliedEvents(streamId, stream, envelope);
    return true;
  }

  /** Folds a stream (from its snapshot when there is one) into the decider's state, reading the store afresh. */
  async load<S, E extends DomainEvent>(decider: FoldingDecider<S, E>, streamId: string): Promise<LoadedStream<S>> {
    let snapshot = (await this.options.snapshots?.load(streamId)) as Snapshot<S> | undefined;
    let events = await this.store.readStream(
      streamId,
      snapshot === undefined ? {} : { fromRevision: snapshot.revision + 1 },
    );
    // A rewind since the snapshot may void events the snapshot holds: fold from the start instead.
    if (snapshot !== undefined && events.some(isVoidingMarker)) {
      snapshot = undefined;
      events = await this.store.readStream(streamId);
    }
    const voided = voidedRevisions(events);
    const loaded: LoadedStream<S> = {
      state: snapshot?.state ?? decider.initialState(),
      revision: snapshot?.revision,
      eventsByCommandId: new Map(),
      commandIds: [...(snapshot?.commandIds ?? [])],
      foldedSinceSnapshot: 0,
    };
    for (const event of events) {
      // Voided events stay in the log (and their command ids stay applied) but change no state.
      if (!voided.has(event.revision)) loaded.state = decider.evolve(loaded.state, { type: event.type, data: event.data } as E);
      loaded.revision = event.revision;
      loaded.foldedSinceSnapshot += 1;
      const commandId = event.metadata.commandId;
      const group = loaded.eventsByCommandId.get(commandId);
      if (group) group.push(event);
      else {
        loaded.eventsByCommandId.set(commandId, [event]);
        loaded.commandIds.push(commandId);
      }
    }
    return loaded;
  }

  /** Forgets the cached state of one stream, or of all (e.g. after the store was changed behind the handler's back). */
  forget(streamId?: string): void {
    this.cache.forget(streamId);
  }

  /** How many streams, and command ids in all, the state cache holds. */
  cacheSize(): { streams: number; commandIds: number } {
    return this.cache.size();
  }

  /**
   * The stream as this handler knows it: from the cache (caught up with the store when `catchUp`), or
   * loaded from its snapshot and events. `fresh` says whether it was just checked against the store.
   */
  private async current<S, E extends DomainEvent>(
    decider: FoldingDecider<S, E>,
    streamId: string,
    catchUp: boolean,
  ): Promise<{ stream: CachedStream; fresh: boolean }> {
    const cached = this.cache.get(streamId, decider);
    if (cached) {
      if (!catchUp) return { stream: cached, fresh: false };
      const events = await this.store.readStream(streamId, { fromRevision: (cached.revision ?? -1) + 1 });
      if (!events.some(isVoidingMarker)) {
        this.cache.fold(cached, events, (state, event) => decider.evolve(state as S, { type: event.type, data: event.data } as E));
        return { stream: cached, fresh: true };
      }
      // Another writer rewound the game: what the cache folded may now be void, so fold it again.
      this.cache.forget(streamId);
    }
    let snapshot = await this.options.snapshots?.load(streamId);
    let events = await this.store.readStream(streamId, snapshot === undefined ? {} : { fromRevision: snapshot.revision + 1 });
    if (snapshot !== undefined && events.some(isVoidingMarker)) {
      snapshot = undefined;
      events = await this.store.readStream(streamId);
    }
    const voided = voidedRevisions(events);
    const stream = this.cache.create(streamId, decider, snapshot ?? { revision: undefined, state: decider.initialState(), commandIds: [] });
    this.cache.fold(stream, events, (state, event) =>
      voided.has(event.revision) ? state : decider.evolve(state as S, { type: event.type, data: event.data } as E),
    );
    return { stream, fresh: true };
  }

  /** Appends, and gets the events as recorded: from the store's answer if it gives them, else read back. */
  private async append(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
  ): Promise<{ result: AppendResult; events: RecordedEvent[] }> {
    if (recordsAppends(this.store)) return this.store.appendToStreamRecorded(streamId, events, expected);
    const result = await this.store.appendToStream(streamId, events, expected);
    const fromRevision = result.nextExpectedRevision - events.length + 1;
    return { result, events: await this.store.readStream(streamId, { fromRevision, maxCount: events.length }) };
  }

  private async isStale(streamId: string, revision: number | undefined): Promise<boolean> {
    return (await this.store.streamRevision(streamId)) !== revision;
  }

  /**
   * The events an applied command id wrote, if the envelope is the same command (same issuer, same
   * command); else the id is refused, and nobody is answered with another command's events.
   */
  private async appliedEvents(streamId: string, stream: CachedStream, envelope: CommandEnvelope<DomainCommand>): Promise<RecordedEvent[]> {
    const earlier = await this.eventsOf(streamId, stream, envelope.commandId);
    const first = earlier[0];
    if (first === undefined || !sameCommand(bindingOfEvent(first.metadata), boundCommand(envelope))) {
      throw new IdempotencyKeyReused(envelope.commandId);
    }
    return earlier;
  }

  /** The events a command wrote: from memory if it is recent, else read back by their revisions. */
  private async eventsOf(streamId: string, stream: CachedStream, commandId: string): Promise<RecordedEvent[]> {
    const recent = stream.recent.get(commandId);
    if (recent) return recent;
    const span = stream.commands.get(commandId);
    if (!span) return [];
    if (span.from >= 0) return this.store.readStream(streamId, { fromRevision: span.from, maxCount: span.count });
    // Applied before the snapshot the stream was loaded from: look for its events in the log (rare: an
    // old retry, or an id reused), reading up to the revision the stream is folded at.
    const upTo = stream.revision ?? -1;
    const before = await this.store.readStream(streamId, { maxCount: upTo + 1 });
    const start = before.findIndex((event) => event.metadata.commandId === commandId);
    if (start < 0) return [];
    let end = start;
    while (end + 1 < before.length && before[end + 1]?.metadata.commandId === commandId) end += 1;
    return before.slice(start, end + 1);
  }

  private async maybeSnapshot(streamId: string, stream: CachedStream): Promise<void> {
    const { snapshots, snapshotEvery } = this.options;
    if (!snapshots || !snapshotEvery || stream.revision === undefined) return;
    if (stream.foldedSinceSnapshot < snapshotEvery) return;
    stream.foldedSinceSnapshot = 0;
    await snapshots.save(streamId, { revision: stream.revision, state: stream.state, commandIds: [...stream.commands.keys()] });
  }
}

function boundCommand(envelope: CommandEnvelope<DomainCommand>): BoundCommand {
  const { commandId, actor, command } = envelope;
  return { commandId, issuer: envelope.issuer ?? actor, actor, type: command.type, data: command.data };
}
