import {
  ANY,
  type AppendExpectedRevision,
  type CurrentRevision,
  NO_STREAM,
  type Position,
  type RecordedEvent as EsdbRecordedEvent,
  STREAM_EXISTS,
  type WrongExpectedVersionError,
} from '@eventstore/db-client';
import {
  type EventMetadata,
  type ExpectedRevision,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from '@corbeille/event-store';

/** What servers that do not know an event's $all position send instead (2^64 − 1). */
const UNKNOWN_POSITION = BigInt('0xffffffffffffffff');

export function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no-stream':
      return NO_STREAM;
    case 'any':
      return ANY;
    case 'stream-exists':
      return STREAM_EXISTS;
    default:
      return toEsdbRevision(expected);
  }
}

export function toEsdbRevision(revision: number): bigint {
  if (!Number.isSafeInteger(revision) || revision < 0) {
    throw new RangeError(`A stream revision must be a non-negative integer, got ${revision}`);
  }
  return BigInt(revision);
}

/** The server's current revision of a stream; undefined when the stream does not exist. */
export function fromEsdbCurrentRevision(current: CurrentRevision): number | undefined {
  if (current === NO_STREAM || current < BigInt(0)) return undefined;
  return toSafeNumber(current, 'Stream revision');
}

/**
 * The port's global position is the $all commit position, a byte offset in the server's transaction
 * log, as a JS number. It is exact up to 2^53 − 1 (about 9 PB of log); past that we refuse rather
 * than round, since a rounded position could skip or repeat events.
 */
export function toPositionNumber(position: Position | undefined): number {
  if (position === undefined || position.commit === UNKNOWN_POSITION) {
    throw new Error('EventStoreDB returned an event without its $all position (stream reads need server 22.6 or later)');
  }
  return toSafeNumber(position.commit, 'Position');
}

/**
 * The $all position to read or subscribe from. Events appended outside explicit transactions (all
 * that this adapter writes) have equal commit and prepare positions, so the commit position suffices.
 */
export function toEsdbPosition(position: number): Position {
  const value = BigInt(position);
  return { commit: value, prepare: value };
}

export function toWrongExpectedRevisionError(
  streamId: string,
  expected: ExpectedRevision,
  error: WrongExpectedVersionError,
): WrongExpectedRevisionError {
  return new WrongExpectedRevisionError(streamId, expected, fromEsdbCurrentRevision(error.actualVersion));
}

/** System events (links, stream metadata, statistics) are the server's own and never part of the port's log. */
export function isSystemEvent(event: { readonly type: string; readonly streamId: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

export function fromEsdbEvent(event: EsdbRecordedEvent, position: Position | undefined = event.position): RecordedEvent {
  return {
    id: event.id,
    streamId: event.streamId,
    revision: toSafeNumber(event.revision, 'Stream revision'),
    position: toPositionNumber(position),
    type: event.type,
    data: event.data,
    // Events written through the port always carry metadata; events written by other clients may not.
    metadata: (event.metadata ?? {}) as EventMetadata,
    recordedAt: event.created.toISOString(),
  };
}

function toSafeNumber(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${what} ${value} is beyond 2^53 − 1`);
  return Number(value);
}
