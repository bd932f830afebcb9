import type { DomainEvent } from '@corbeille/kernel';
import { EVENTS_VOIDED } from './remedies';

/** An event of a stream as the folds see it: its revision, type and data. */
export interface StreamEvent {
  readonly revision: number;
  readonly type: string;
  readonly data: unknown;
}

/** Why an event is void: the rewind that voided it. */
export interface Voiding {
  readonly disputeId: string;
  /** The revision of the `EventsVoided` marker. */
  readonly markerRevision: number;
  readonly afterRevision: number;
}

function voidingOf(event: StreamEvent): Voiding | undefined {
  if (event.type !== EVENTS_VOIDED) return undefined;
  const data = event.data as { afterRevision?: unknown; disputeId?: unknown };
  if (typeof data.afterRevision !== 'number') return undefined;
  return { disputeId: typeof data.disputeId === 'string' ? data.disputeId : '', markerRevision: event.revision, afterRevision: data.afterRevision };
}

export function isVoidingMarker(event: { readonly type: string }): boolean {
  return event.type === EVENTS_VOIDED;
}

/**
 * The revisions voided by the rewind markers among a stream's events (read from its start, in order).
 * A marker voids the events after its `afterRevision` and before itself. Markers are read from the
 * latest back: a marker that a later rewind voided has no effect, so rewinding to a point before an
 * earlier rewind brings back the events that one had voided, exactly as the game stood at that point.
 */
export function voidedRevisions(events: readonly StreamEvent[]): Map<number, Voiding> {
  const voided = new Map<number, Voiding>();
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index] as StreamEvent;
    if (voided.has(event.revision)) continue;
    const voiding = voidingOf(event);
    if (!voiding) continue;
    for (const other of events) {
      if (other.revision > voiding.afterRevision && other.revision < voiding.markerRevision) voided.set(other.revision, voiding);
    }
  }
  return voided;
}

/** The events a fold takes into account: every event of the stream that no rewind voided (markers included). */
export function liveEvents<T extends StreamEvent>(events: readonly T[]): T[] {
  if (!events.some(isVoidingMarker)) return [...events];
  const voided = voidedRevisions(events);
  return events.filter((event) => !voided.has(event.revision));
}

/**
 * Folds a stream from its start, skipping voided events: the state the game is in after its rulings.
 * `events` must be the stream from revision 0 (up to any point: the state as the game stood then).
 */
export function foldLive<S, E extends DomainEvent>(
  decider: { readonly initialState: () => S; readonly evolve: (state: S, event: E) => S },
  events: readonly StreamEvent[],
  from: S = decider.initialState(),
): S {
  let state = from;
  for (const event of liveEvents(events)) state = decider.evolve(state, { type: event.type, data: event.data } as E);
  return state;
}
