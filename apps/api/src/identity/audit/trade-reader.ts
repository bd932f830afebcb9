import type { RecordedEvent } from '@corbeille/event-store';
import type { AuditSignal, AuditTrade, GameType } from '@corbeille/identity';

/** What one event of a game's stream records for the audit. */
export interface ReadEvent<State> {
  readonly state: State;
  readonly trades: readonly AuditTrade[];
  readonly signals: readonly AuditSignal[];
}

/**
 * Reads a game's trades from its own events, folding the stream with the game's engine so that each
 * trade comes with what only the state knows at that moment (cash and holdings before and after, the
 * market price). One reader per kind of rules; money is converted to cents.
 */
export interface TradeReader<State> {
  readonly gameType: GameType;
  readonly streamPrefix: string;
  initialState(): State;
  read(state: State, event: RecordedEvent, gameId: string): ReadEvent<State>;
}

const NOTHING = { trades: [], signals: [] } as const;

export function nothingRecorded<State>(state: State): ReadEvent<State> {
  return { state, ...NOTHING };
}

/** Erases a reader's state type, for the code that folds every game alike (each reader only ever sees its own states). */
export function anyTradeReader<State>(reader: TradeReader<State>): TradeReader<unknown> {
  return {
    gameType: reader.gameType,
    streamPrefix: reader.streamPrefix,
    initialState: () => reader.initialState(),
    read: (state, event, gameId) => reader.read(state as State, event, gameId),
  };
}

/** The fields every trade of an event shares. */
export function tradeBase(event: RecordedEvent): Pick<AuditTrade, 'eventId' | 'eventType' | 'position' | 'occurredAt'> {
  return { eventId: event.id, eventType: event.type, position: event.position, occurredAt: event.metadata.occurredAt };
}
