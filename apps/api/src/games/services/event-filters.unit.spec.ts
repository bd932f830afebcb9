import type { RecordedEvent } from '@corbeille/event-store';
import { InputValidationError } from '../../common/errors/input-validation.error';
import { eventMatcher, eventPageRequest } from './event-filters';

const event = (type: string, data: unknown, actor = 'referee'): RecordedEvent => ({
  id: `${type}-1`,
  streamId: 'stock-ticker-g',
  revision: 0,
  position: 1,
  recordedAt: '2026-01-01T00:00:00.000Z',
  type,
  data,
  metadata: { actor, commandId: 'c', correlationId: 'c', causationId: 'c', occurredAt: '2026-01-01T00:00:00.000Z' },
});

describe('audit trail filters', () => {
  const bought = event('SharesBought', { playerId: 'alice', stock: 'GOLD', shares: 500 }, 'alice');
  const dividend = event('DividendPaid', { stock: 'OIL', payments: [{ playerId: 'bob', amount: 100 }] });
  const created = event('GameCreated', { gameId: 'g', options: { stocks: ['GOLD', 'OIL'] } });

  it('without filters nothing is tested', () => {
    expect(eventMatcher({})).toBeUndefined();
    expect(eventMatcher({ types: [], search: null })).toBeUndefined();
  });

  it('a player matches as the actor or anywhere in the data', () => {
    const bob = eventMatcher({ playerId: 'bob' });
    expect([bought, dividend, created].map((entry) => bob?.(entry))).toEqual([false, true, false]);
    expect(eventMatcher({ playerId: 'alice' })?.(bought)).toBe(true);
  });

  it('a company matches the stock or company an event is about, not a list of the board', () => {
    const gold = eventMatcher({ company: 'gold' });
    expect([bought, dividend, created].map((entry) => gold?.(entry))).toEqual([true, false, false]);
    expect(eventMatcher({ company: 'SONY' })?.(event('BidPlaced', { bids: [{ company: 'sony', lots: 2 }] }))).toBe(true);
  });

  it('search looks in the type and the JSON data, case-insensitively; all filters must match', () => {
    expect(eventMatcher({ search: 'dividendp' })?.(dividend)).toBe(true);
    expect(eventMatcher({ search: '"shares":500' })?.(bought)).toBe(true);
    expect(eventMatcher({ search: 'alice', types: ['DividendPaid'] })?.(bought)).toBe(false);
    expect(eventMatcher({ search: 'alice', types: ['SharesBought'], company: 'GOLD', playerId: 'alice' })?.(bought)).toBe(true);
  });

  it('pages one direction at a time', () => {
    expect(eventPageRequest({})).toEqual({ direction: 'forward', first: 20, after: null });
    expect(eventPageRequest({ before: 'x' })).toEqual({ direction: 'backward', last: 20, before: 'x' });
    expect(eventPageRequest({ last: 5, first: null })).toEqual({ direction: 'backward', last: 5, before: null });
    expect(() => eventPageRequest({ first: 5, before: 'x' })).toThrow(InputValidationError);
  });
});
