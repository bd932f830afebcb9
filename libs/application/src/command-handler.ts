import {
  ConcurrencyConflict,
  type Decider,
  type DecisionContext,
  type DomainCommand,
  type DomainEvent,
  type RandomSource,
} from '@corbeille/kernel';
import {
  WrongExpectedRevisionError,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from '@corbeille/event-store';
import type { Snapshot, SnapshotStore } from './snapshot-store';

/** Who sent a command, and which request it is: the command id makes a retried request apply once. */
export interface CommandEnvelope<Command> {
  readonly command: Command;
  readonly commandId: string;
  readonly actor: string;
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

export interface CommandHandlerOptions {
  /** Reads the referee's clock once per attempt; injected so tests and replays control time. */
  readonly clock?: () => string;
  /** A fresh source of chance per attempt; outcomes end up in the events, never re-drawn on replay. */
  readonly randomSource: () => RandomSource;
  /** How many times a concurrency conflict is retried after the first attempt. */
  readonly maxRetries?: number;
  readonly snapshots?: SnapshotStore;
  /** Take a snapshot when at least this many events were folded past the last one. */
  readonly snapshotEvery?: number;
}

interface LoadedStream<State> {
  state: State;
  revision: number | undefined;
  /** Events already written by each command id (only ids seen since the snapshot, plus the snapshot's). */
  eventsByCommandId: Map<string, RecordedEvent[]>;
  commandIds: string[];
  foldedSinceSnapshot: number;
}

/**
 * The one command handler of every game: load (snapshot + events), decide, append with the expected
 * revision; on a conflict, reload and retry a bounded number of times.
 */
export class CommandHandler {
  private readonly clock: () => string;
  private readonly maxRetries: number;

  constructor(
    private readonly store: EventStore,
    private readonly options: CommandHandlerOptions,
  ) {
    this.clock = options.clock ?? (() => new Date().toISOString());
    this.maxRetries = options.maxRetries ?? 5;
  }

  async handle<S, C extends DomainCommand, E extends DomainEvent>(
    decider: Pick<Decider<S, C, E, unknown, unknown>, 'initialState' | 'decide' | 'evolve'>,
    streamId: string,
    envelope: CommandEnvelope<C>,
  ): Promise<CommandResult<S>> {
    for (let attempt = 0; ; attempt += 1) {
      const loaded = await this.load(decider, streamId);
      const previous = loaded.eventsByCommandId.get(envelope.commandId);
      if (previous) {
        return { events: previous, state: loaded.state, revision: loaded.revision, alreadyApplied: true };
      }
      if (loaded.commandIds.includes(envelope.commandId)) {
        // Applied before the latest snapshot: the events are no longer in memory, but the effect is.
        return { events: [], state: loaded.state, revision: loaded.revision, alreadyApplied: true };
      }

      const context: DecisionContext = { random: this.options.randomSource(), now: this.clock() };
      const decided = decider.decide(loaded.state, envelope.command, context);
      if (decided.length === 0) {
        return { events: [], state: loaded.state, revision: loaded.revision, alreadyApplied: false };
      }
      const metadata = {
        ...envelope.metadata,
        commandId: envelope.commandId,
        actor: envelope.actor,
        correlationId: envelope.correlationId ?? envelope.commandId,
        causationId: envelope.causationId ?? envelope.commandId,
        occurredAt: context.now,
        commandType: envelope.command.type,
      };
      const newEvents: NewEvent[] = decided.map((event) => ({ type: event.type, data: event.data, metadata }));
      const expected: ExpectedRevision = loaded.revision === undefined ? 'no-stream' : loaded.revision;
      try {
        const appended = await this.store.appendToStream(streamId, newEvents, expected);
        const state = decided.reduce(decider.evolve, loaded.state);
        const firstRevision = appended.nextExpectedRevision - decided.length + 1;
        const written = await this.store.readStream(streamId, { fromRevision: firstRevision, maxCount: decided.length });
        await this.maybeSnapshot(streamId, loaded, state, appended.nextExpectedRevision, decided.length, envelope.commandId);
        return { events: written, state, revision: appended.nextExpectedRevision, alreadyApplied: false };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (attempt >= this.maxRetries) {
          throw new ConcurrencyConflict(
            'CONCURRENT_UPDATE',
            'The game changed while your move was being applied, several times in a row. Please try again.',
            { streamId, attempts: attempt + 1 },
          );
        }
      }
    }
  }

  /** Folds a stream (from its snapshot when there is one) into the decider's state. */
  async load<S, E extends DomainEvent>(
    decider: Pick<Decider<S, never, E, unknown, unknown>, 'initialState' | 'evolve'>,
    streamId: string,
  ): Promise<LoadedStream<S>> {
    const snapshot = (await this.options.snapshots?.load(streamId)) as Snapshot<S> | undefined;
    const events = await this.store.readStream(
      streamId,
      snapshot === undefined ? {} : { fromRevision: snapshot.revision + 1 },
    );
    const loaded: LoadedStream<S> = {
      state: snapshot?.state ?? decider.initialState(),
      revision: snapshot?.revision,
      eventsByCommandId: new Map(),
      commandIds: [...(snapshot?.commandIds ?? [])],
      foldedSinceSnapshot: 0,
    };
    for (const event of events) {
      loaded.state = decider.evolve(loaded.state, { type: event.type, data: event.data } as E);
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

  private async maybeSnapshot<S>(
    streamId: string,
    loaded: LoadedStream<S>,
    state: S,
    revision: number,
    appendedCount: number,
    commandId: string,
  ): Promise<void> {
    const { snapshots, snapshotEvery } = this.options;
    if (!snapshots || !snapshotEvery) return;
    if (loaded.foldedSinceSnapshot + appendedCount < snapshotEvery) return;
    await snapshots.save(streamId, { revision, state, commandIds: [...loaded.commandIds, commandId] });
  }
}
