import { InputValidationError } from '../errors/input-validation.error';
import { offsetAfter, offsetConnection } from './connection.model';
import { decodeCursor, encodeCursor } from './cursor';

describe('cursors', () => {
  it('round-trip and stay opaque', () => {
    const cursor = encodeCursor('event', 12, 3);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain('event');
    expect(decodeCursor('event', cursor, 2)).toEqual([12, 3]);
  });

  it.each([
    ['another kind', encodeCursor('game', 1, 2)],
    ['the wrong arity', encodeCursor('event', 1)],
    ['garbage', 'not a cursor'],
    ['a negative number', Buffer.from('event:-1:2').toString('base64url')],
    ['an unsafe integer', Buffer.from('event:99999999999999999:2').toString('base64url')],
  ])('refuse %s', (_label, cursor) => {
    expect(() => decodeCursor('event', cursor, 2)).toThrow(InputValidationError);
  });

  it('page offset lists', () => {
    const page = offsetConnection('game', ['c', 'd'], 2, 5);
    expect(page.totalCount).toBe(5);
    expect(page.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    expect(offsetAfter('game', page.pageInfo.endCursor)).toBe(4);
    expect(offsetAfter('game', null)).toBe(0);
    const last = offsetConnection('game', ['e'], 4, 5);
    expect(last.pageInfo.hasNextPage).toBe(false);
    const empty = offsetConnection('game', [], 0, 0);
    expect(empty.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null });
  });
});
