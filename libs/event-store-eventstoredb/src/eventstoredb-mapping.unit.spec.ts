import { ANY, NO_STREAM, STREAM_EXISTS, WrongExpectedVersionError } from '@eventstore/db-client';
import { WrongExpectedRevisionError } from '@corbeille/event-store';
import {
  fromEsdbCurrentRevision,
  fromEsdbEvent,
  isSystemEvent,
  toEsdbExpectedRevision,
  toEsdbPosition,
  toPositionNumber,
  toWrongExpectedRevisionError,
} from './eventstoredb-mapping';

describe('EventStoreDB mapping', () => {
  describe('expected revision', () => {
    it('maps the named expectations to the client constants', () => {
      expect(toEsdbExpectedRevision('no-stream')).toBe(NO_STREAM);
      expect(toEsdbExpectedRevision('any')).toBe(ANY);
      expect(toEsdbExpectedRevision('stream-exists')).toBe(STREAM_EXISTS);
    });

    it('maps a revision number to a bigint', () => {
      expect(toEsdbExpectedRevision(0)).toBe(BigInt(0));
      expect(toEsdbExpectedRevision(41)).toBe(BigInt(41));
      expect(toEsdbExpectedRevision(Number.MAX_SAFE_INTEGER)).toBe(BigInt(Number.MAX_SAFE_INTEGER));
    });

    it('rejects revisions that are negative or not integers', () => {
      expect(() => toEsdbExpectedRevision(-1)).toThrow(RangeError);
      expect(() => toEsdbExpectedRevision(1.5)).toThrow(RangeError);
      expect(() => toEsdbExpectedRevision(Number.NaN)).toThrow(RangeError);
    });
  });

  describe('current revision', () => {
    it('reads no stream as undefined and a revision as a number', () => {
      expect(fromEsdbCurrentRevision(NO_STREAM)).toBeUndefined();
      expect(fromEsdbCurrentRevision(BigInt(-1))).toBeUndefined();
      expect(fromEsdbCurrentRevision(BigInt(7))).toBe(7);
    });

    it('turns the client error into WrongExpectedRevisionError with the actual revision', () => {
      const existing = new WrongExpectedVersionError(undefined, { streamName: 'game-1', expected: BigInt(1), current: BigInt(3) });
      const missing = new WrongExpectedVersionError(undefined, { streamName: 'game-2', expected: STREAM_EXISTS, current: NO_STREAM });

      const mapped = toWrongExpectedRevisionError('game-1', 1, existing);
      expect(mapped).toBeInstanceOf(WrongExpectedRevisionError);
      expect(mapped).toMatchObject({ streamId: 'game-1', expected: 1, actual: 3 });
      expect(toWrongExpectedRevisionError('game-2', 'stream-exists', missing)).toMatchObject({
        streamId: 'game-2',
        expected: 'stream-exists',
        actual: undefined,
      });
    });
  });

  describe('position', () => {
    it('uses the commit position as the global position', () => {
      expect(toPositionNumber({ commit: BigInt(1234), prepare: BigInt(1234) })).toBe(1234);
      expect(toPositionNumber({ commit: BigInt(Number.MAX_SAFE_INTEGER), prepare: BigInt(0) })).toBe(Number.MAX_SAFE_INTEGER);
    });

    it('refuses positions a JS number cannot hold exactly', () => {
      const tooBig = BigInt(Number.MAX_SAFE_INTEGER) + BigInt(1);
      expect(() => toPositionNumber({ commit: tooBig, prepare: tooBig })).toThrow(RangeError);
    });

    it('refuses a missing position, or the marker servers send when they do not know it', () => {
      const unknown = BigInt('18446744073709551615');
      expect(() => toPositionNumber(undefined)).toThrow('22.6');
      expect(() => toPositionNumber({ commit: unknown, prepare: unknown })).toThrow('22.6');
    });

    it('turns a global position back into a $all position', () => {
      expect(toEsdbPosition(98765)).toEqual({ commit: BigInt(98765), prepare: BigInt(98765) });
      expect(toPositionNumber(toEsdbPosition(98765))).toBe(98765);
    });
  });

  describe('events', () => {
    it('recognises the server system events', () => {
      expect(isSystemEvent({ type: '$>', streamId: '$ce-game' })).toBe(true);
      expect(isSystemEvent({ type: '$metadata', streamId: '$$game-1' })).toBe(true);
      expect(isSystemEvent({ type: 'SharesBought', streamId: '$stats-127.0.0.1:2113' })).toBe(true);
      expect(isSystemEvent({ type: 'SharesBought', streamId: 'game-1' })).toBe(false);
    });

    it('maps a recorded event to the port shape', () => {
      const created = new Date('2024-05-01T12:00:00.000Z');
      const metadata = { commandId: 'c', actor: 'p1', correlationId: 'r', causationId: 'c', occurredAt: '2024-05-01T11:59:59.000Z', extra: [1] };
      const event = fromEsdbEvent({
        streamId: 'game-1',
        id: '0b6f2c1e-3f4a-4d8e-9a51-2f0d1c7b8e90',
        isJson: true,
        revision: BigInt(4),
        type: 'SharesBought',
        created,
        data: { stock: 'GOLD', shares: 500 },
        metadata,
        position: { commit: BigInt(5000), prepare: BigInt(5000) },
      });

      expect(event).toEqual({
        id: '0b6f2c1e-3f4a-4d8e-9a51-2f0d1c7b8e90',
        streamId: 'game-1',
        revision: 4,
        position: 5000,
        type: 'SharesBought',
        data: { stock: 'GOLD', shares: 500 },
        metadata,
        recordedAt: '2024-05-01T12:00:00.000Z',
      });
    });
  });
});
