import type { RecordedEvent } from '@corbeille/event-store';
import type { DecisionContext, Decider, DomainCommand, DomainEvent, PlayerId, Viewer } from '@corbeille/kernel';
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

/** Folds a game's events into its read models. `state` in a model is working state, never served. */
export interface GameProjection<Model> {
  project(model: Model | undefined, event: RecordedEvent, gameId: string): ProjectedEvent<Model>;
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

/** A definition with its types erased, for the code that handles every game alike. */
export interface RegisteredGame {
  readonly type: GameTypeName;
  readonly title: string;
  readonly streamPrefix: string;
  readonly decider: Decider<unknown, DomainCommand, DomainEvent, unknown, unknown>;
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
  const { decider, projection } = definition;
  const refereeCommands = new Set<string>(definition.refereeCommands);
  return {
    type: definition.type,
    title: definition.title,
    streamPrefix: definition.streamPrefix,
    decider: {
      initialState: () => decider.initialState(),
      decide: (state: unknown, command: DomainCommand, context: DecisionContext) => decider.decide(state as State, command as Command, context),
      evolve: (state: unknown, event: DomainEvent) => decider.evolve(state as State, event as Event),
      view: (state: unknown, viewer: Viewer) => decider.view(state as State, viewer),
      legalActions: (state: unknown, player: PlayerId) => decider.legalActions(state as State, player),
      isTerminal: (state: unknown) => decider.isTerminal(state as State),
    },
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

/** Reads `data.playerId` of a command, the convention of every engine. */
export function playerIdOf(command: DomainCommand): PlayerId | undefined {
  const data = command.data;
  if (typeof data !== 'object' || data === null || !('playerId' in data)) return undefined;
  const playerId = (data as { playerId: unknown }).playerId;
  return typeof playerId === 'string' ? (playerId as PlayerId) : undefined;
}
