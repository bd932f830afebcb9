import { auditTrailHref, eventsArgs, isFiltered, parseAuditTrailQuery } from './audit-trail';

describe('the audit trail query', () => {
  it('reads the filters and the page from the URL', () => {
    const query = parseAuditTrailQuery({ player: 'bruno', company: ' GOLD ', type: 'DiceRolled', q: 'rolled', after: 'abc' });
    expect(query).toEqual({ player: 'bruno', company: 'GOLD', type: 'DiceRolled', q: 'rolled', after: 'abc', before: null });
    expect(isFiltered(query)).toBe(true);
    expect(eventsArgs(query, 50)).toEqual({ first: 50, after: 'abc', types: ['DiceRolled'], playerId: 'bruno', company: 'GOLD', search: 'rolled' });
  });

  it('pages backward from a `before` cursor, and never both ways at once', () => {
    expect(eventsArgs(parseAuditTrailQuery({ before: 'xyz' }), 20)).toEqual({ last: 20, before: 'xyz' });
    expect(parseAuditTrailQuery({ before: 'xyz', after: 'abc' })).toMatchObject({ after: 'abc', before: null });
  });

  it('without params: the first page, unfiltered; repeated or over-long values are cut to what the API accepts', () => {
    const empty = parseAuditTrailQuery({});
    expect(isFiltered(empty)).toBe(false);
    expect(eventsArgs(empty, 50)).toEqual({ first: 50 });
    expect(parseAuditTrailQuery({ q: 'x'.repeat(300), player: ['alice', 'bob'] })).toMatchObject({ q: 'x'.repeat(100), player: 'alice' });
  });

  it('builds the links of the filter and pager', () => {
    const query = parseAuditTrailQuery({ player: 'bruno', type: 'DiceRolled', q: 'a b' });
    expect(auditTrailHref('/games/g/events', query)).toBe('/games/g/events?player=bruno&type=DiceRolled&q=a+b');
    expect(auditTrailHref('/games/g/events', query, { after: 'c1' })).toBe('/games/g/events?player=bruno&type=DiceRolled&q=a+b&after=c1');
    expect(auditTrailHref('/games/g/events', parseAuditTrailQuery({}), { before: 'c0' })).toBe('/games/g/events?before=c0');
    expect(auditTrailHref('/games/g/events', parseAuditTrailQuery({}))).toBe('/games/g/events');
  });
});
