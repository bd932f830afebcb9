import type { RecordedEvent } from '@corbeille/event-store';
import { RuleViolation, type DecisionContext, type Decider, type DomainCommand, type DomainEvent, type PlayerId, type Viewer } from '@corbeille/kernel';
import type { GameSummary, TradeEntry } from '../read-models';

/** The game types the platform referees; each has one entry in the registry. */
export type GameTypeName = 'stock-ticker' | 'bolsa' | 'maxi-bourse';

/** How far a game has got, as its public summary says (what event secrecy may depend on). */
export interface GameProgress {
  readonly phase: string;
  /** The round (Stock Ticker) or month (BOLSA) being played. */
  readonly round: number;
}

/** An entry of a game's ledger (sales, purchases, draws...), stored per event in order. */
export interface LedgerRow {
  readonly playerId: string | null;
  readonly kind: string;
  readonly entry: unknown;
}

/** What folding one event produces besides the new model. */
export interface ProjectedEvent<Model> {
  readonly model: Model;
  /** Stock Ticker's trade ledger (kept in its own table for the tools that read it). */
  readonly trades?: readonly TradeEntry[];
  readonly ledger?: readonly LedgerRow[];
}

/** The JSON documents a game's read models are stored as (one row per game). */
export interface StoredGameRow {
  readonly state: unknown;
  readonly priceBoard: unknown;
  readonly portfolios: unknown;
  readonly extras: unknown;
}

/**
 * An event as projections fold it: a RecordedEvent without its id and recording time, which no
 * projection reads (so that a catch-up reader may leave them out).
 */
export type ProjectableEvent = Omit<RecordedEvent, 'id' | 'recordedAt'>;

/** Folds a game's events into its read models. `state` in a model is working state, never served. */
export interface GameProjection<Model> {
  project(model: Model | undefined, event: ProjectableEvent, gameId: string): ProjectedEvent<Model>;
  summaryOf(model: Model): GameSummary;
  toRow(model: Model): StoredGameRow;
  fromRow(summary: GameSummary, row: StoredGameRow): Model;
}

/**
 * Everything the platform knows about one game type: its rules, where its streams live, who acts in a
 * command, what of its events each viewer may see, and how its read models are folded.
 */
export interface GameDefinition<
  State,
  Command extends DomainCommand,
  Event extends DomainEvent,
  View,
  Action,
  Model,
> {
  readonly type: GameTypeName;
  /** The game's name for people, e.g. "BOLSA". */
  readonly title: string;
  /** Streams are named `<streamPrefix><gameId>`. */
  readonly streamPrefix: string;
  readonly decider: Decider<State, Command, Event, View, Action>;
  /**
   * The version of the rules and engine `decider` is (default "1"). A game's first event pins the version
   * it is played with; replays and the verifier use that version's decider (docs/integrity.md).
   */
  readonly engineVersion?: string;
  /** Deciders of earlier engine versions still replayable, by version (none yet). */
  readonly earlierEngines?: Readonly<Record<string, Decider<State, Command, Event, View, Action>>>;
  /**
   * Whether a command crossed a round (month) boundary, going from `before` to `after`, and if so which
   * one and what its checksum covers (the price board and portfolios).
   */
  readonly checksumAt?: (before: State, after: State) => BoundaryChecksum | undefined;
  /** The hidden value an event carries that is committed to when it is recorded (a BOLSA plan), if any. */
  readonly committedValueOf?: (event: Event) => unknown;
  /** Commands that act for no seat: sent by the table's referee (or the server), e.g. closing the planning. */
  readonly refereeCommands: readonly Command['type'][];
  /** The seat a command acts for (its `data.playerId`), undefined for referee commands. */
  readonly actingPlayerOf: (command: Command) => PlayerId | undefined;
  /** The event as this viewer may see it now (hidden fields replaced); the same object when nothing is hidden. */
  readonly redactEvent: (event: RecordedEvent, viewer: Viewer, progress: GameProgress) => RecordedEvent;
  /** Whether this viewer may see what the player could do now (legal actions can reveal hidden holdings or cards). */
  readonly mayReadActionsOf: (viewer: Viewer, playerId: string) => boolean;
  readonly projection: GameProjection<Model>;
}

/** A round or month boundary a command crossed, and what its checksum covers. */
export interface BoundaryChecksum {
  /** E.g. "round 3", "month 2", "end of game". */
  readonly boundary: string;
  readonly covered: unknown;
}

export type ErasedDecider = Decider<unknown, DomainCommand, DomainEvent, unknown, unknown>;

/** A game pinned to an engine version this build does not have: it cannot be replayed here. */
export class UnknownEngineVersionError extends RuleViolation {
  constructor(game: string, version: string, known: readonly string[]) {
    super('UNKNOWN_ENGINE_VERSION', `This game was played with ${game} engine version ${version}, which this server does not have (it has ${known.join(', ')})`, {
      game,
      version,
      known,
    });
  }
}

/** A definition with its types erased, for the code that handles every game alike. */
export interface RegisteredGame {
  readonly type: GameTypeName;
  readonly title: string;
  readonly streamPrefix: string;
  /** The current engine's decider (of `engineVersion`), the one new games are played with. */
  readonly decider: ErasedDecider;
  readonly engineVersion: string;
  /** The decider of an engine version; throws UnknownEngineVersionError for one it does not have. */
  readonly deciderFor: (version: string) => ErasedDecider;
  readonly checksumAt?: (before: unknown, after: unknown) => BoundaryChecksum | undefined;
  readonly committedValueOf?: (event: DomainEvent) => unknown;
  readonly isRefereeCommand: (commandType: string) => boolean;
  readonly actingPlayerOf: (command: DomainCommand) => PlayerId | undefined;
  readonly redactEvent: (event: RecordedEvent, viewer: Viewer, progress: GameProgress) => RecordedEvent;
  readonly mayReadActionsOf: (viewer: Viewer, playerId: string) => boolean;
  readonly projection: GameProjection<unknown>;
}

/** A registered game that still knows its types, for the code specific to that game. */
export interface TypedGame<State, Command extends DomainCommand, Event extends DomainEvent, View, Action, Model>
  extends RegisteredGame {
  readonly definition: GameDefinition<State, Command, Event, View, Action, Model>;
}

/**
 * Erases a definition's types. The casts are sound because the registry only ever hands a game its own
 * streams, commands and models: the generic code routes by `type` and stream prefix.
 */
export function defineGame<State, Command extends DomainCommand, Event extends DomainEvent, View, Action, Model>(
  definition: GameDefinition<State, Command, Event, View, Action, Model>,
): TypedGame<State, Command, Event, View, Action, Model> {
  const { projection, checksumAt, committedValueOf } = definition;
  const refereeCommands = new Set<string>(definition.refereeCommands);
  const engineVersion = definition.engineVersion ?? '1';
  const engines = new Map<string, ErasedDecider>(
    Object.entries({ ...definition.earlierEngines, [engineVersion]: definition.decider }).map(([version, decider]) => [version, erase(decider)]),
  );
  const current = engines.get(engineVersion) as ErasedDecider;
  return {
    type: definition.type,
    title: definition.title,
    streamPrefix: definition.streamPrefix,
    decider: current,
    engineVersion,
    deciderFor: (version) => {
      const decider = engines.get(version);
      if (!decider) throw new UnknownEngineVersionError(definition.type, version, [...engines.keys()]);
      return decider;
    },
    ...(checksumAt ? { checksumAt: (before: unknown, after: unknown) => checksumAt(before as State, after as State) } : {}),
    ...(committedValueOf ? { committedValueOf: (event: DomainEvent) => committedValueOf(event as Event) } : {}),
    isRefereeCommand: (commandType) => refereeCommands.has(commandType),
    actingPlayerOf: (command) => (refereeCommands.has(command.type) ? undefined : definition.actingPlayerOf(command as Command)),
    redactEvent: definition.redactEvent,
    mayReadActionsOf: definition.mayReadActionsOf,
    projection: {
      project: (model, event, gameId) => projection.project(model as Model | undefined, event, gameId),
      summaryOf: (model) => projection.summaryOf(model as Model),
      toRow: (model) => projection.toRow(model as Model),
      fromRow: (summary, row) => projection.fromRow(summary, row),
    },
    definition,
  };
}

function erase<State, Command extends DomainCommand, Event extends DomainEvent, View, Action>(
  decider: Decider<State, Command, Event, View, Action>,
): ErasedDecider {
  return {
    initialState: () => decider.initialState(),
    decide: (state: unknown, command: DomainCommand, context: DecisionContext) => decider.decide(state as State, command as Command, context),
    evolve: (state: unknown, event: DomainEvent) => decider.evolve(state as State, event as Event),
    view: (state: unknown, viewer: Viewer) => decider.view(state as State, viewer),
    legalActions: (state: unknown, player: PlayerId) => decider.legalActions(state as State, player),
    isTerminal: (state: unknown) => decider.isTerminal(state as State),
  };
}

/** Reads `data.playerId` of a command, the convention of every engine. */
export function playerIdOf(command: DomainCommand): PlayerId | undefined {
  const data = command.data;
  if (typeof data !== 'object' || data === null || !('playerId' in data)) return undefined;
  const playerId = (data as { playerId: unknown }).playerId;
  return typeof playerId === 'string' ? (playerId as PlayerId) : undefined;
}
