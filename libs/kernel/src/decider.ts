import type { RandomSource } from './random';
import type { PlayerId } from './ids';

/** Everything a decision may depend on besides state and command: injected, never ambient. */
export interface DecisionContext {
  /** The only source of chance a rule may use. Its outcomes must be written into the events. */
  readonly random: RandomSource;
  /** The referee's clock reading (ISO-8601), for rules about time limits. */
  readonly now: string;
}

/** A domain event as an engine emits it: a type tag and plain JSON data. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

/** A command as an engine receives it. */
export interface DomainCommand<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

/** Who is looking at a state: hidden information is filtered by `view`. */
export type Viewer =
  /**
   * `asSeenByReferee`: a referee replaying the game through this player's eyes ("view as"): what the player's
   * screen showed of the table, but never what only the player may know (their unrevealed plan, the cards
   * they drew and put back).
   */
  | { readonly kind: 'player'; readonly playerId: PlayerId; readonly asSeenByReferee?: boolean }
  | { readonly kind: 'referee' }
  | { readonly kind: 'spectator' };

/**
 * A game's rules as pure functions (see emmett's Decider). No I/O, no clock, no Math.random.
 * - `decide` validates a command against the state and returns the events it causes, or throws a DomainError.
 * - `evolve` folds one event into the state and never fails for an event `decide` produced.
 */
export interface Decider<
  State,
  Command extends DomainCommand,
  Event extends DomainEvent,
  View = State,
  Action = Command,
> {
  readonly initialState: () => State;
  readonly decide: (state: State, command: Command, context: DecisionContext) => Event[];
  readonly evolve: (state: State, event: Event) => State;
  readonly view: (state: State, viewer: Viewer) => View;
  readonly legalActions: (state: State, player: PlayerId) => Action[];
  /** Whether no further command can change the game. */
  readonly isTerminal: (state: State) => boolean;
}

/** Folds a sequence of events from the initial state. */
export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
  from: State = decider.initialState(),
): State {
  return events.reduce(decider.evolve, from);
}

/** Compile-time exhaustiveness check for discriminated unions. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}`);
}
