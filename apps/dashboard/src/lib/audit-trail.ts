/** The audit trail's filters and page, kept in the page's URL search params so a view can be shared. */
export interface AuditTrailQuery {
  /** A player id: the events the player issued or that name the player. */
  readonly player: string;
  /** A stock (Stock Ticker) or company (BOLSA, Maxi Bourse). */
  readonly company: string;
  readonly type: string;
  /** Text searched in the event's type and data. */
  readonly q: string;
  readonly after: string | null;
  readonly before: string | null;
}

/** The arguments of the API's `events` connection for one page of the audit trail. */
export interface EventsArgs {
  readonly first?: number;
  readonly after?: string;
  readonly last?: number;
  readonly before?: string;
  readonly types?: readonly string[];
  readonly playerId?: string;
  readonly company?: string;
  readonly search?: string;
}

/** The variables and arguments of an `events` connection with the audit trail's filters and paging. */
export const EVENTS_VARIABLES = '$first: Int, $after: String, $last: Int, $before: String, $types: [String!], $playerId: String, $company: String, $search: String';
export const EVENTS_ARGUMENTS = 'first: $first, after: $after, last: $last, before: $before, types: $types, playerId: $playerId, company: $company, search: $search';

type SearchParams = Readonly<Record<string, string | string[] | undefined>>;

/** The API's bounds on filters (longer values would be refused, so they are cut here). */
const MAX_ID = 64;
const MAX_SEARCH = 100;
const MAX_CURSOR = 200;

function single(params: SearchParams, key: string, max: number): string {
  const value = params[key];
  const text = (Array.isArray(value) ? value[0] : value) ?? '';
  return text.trim().slice(0, max);
}

export function parseAuditTrailQuery(params: SearchParams): AuditTrailQuery {
  const after = single(params, 'after', MAX_CURSOR);
  const before = single(params, 'before', MAX_CURSOR);
  return {
    player: single(params, 'player', MAX_ID),
    company: single(params, 'company', MAX_ID),
    type: single(params, 'type', MAX_ID),
    q: single(params, 'q', MAX_SEARCH),
    // One direction at a time, as the API pages: a link carries one of the two.
    after: after !== '' ? after : null,
    before: after === '' && before !== '' ? before : null,
  };
}

export function isFiltered(query: AuditTrailQuery): boolean {
  return query.player !== '' || query.company !== '' || query.type !== '' || query.q !== '';
}

export function eventsArgs(query: AuditTrailQuery, pageSize: number): EventsArgs {
  return {
    ...(query.before !== null ? { last: pageSize, before: query.before } : { first: pageSize, ...(query.after !== null ? { after: query.after } : {}) }),
    ...(query.type !== '' ? { types: [query.type] } : {}),
    ...(query.player !== '' ? { playerId: query.player } : {}),
    ...(query.company !== '' ? { company: query.company } : {}),
    ...(query.q !== '' ? { search: query.q } : {}),
  };
}

/** The audit trail's URL with these filters, at the first page or the page after/before a cursor. */
export function auditTrailHref(base: string, query: AuditTrailQuery, page: { readonly after?: string | null; readonly before?: string | null } = {}): string {
  const params = new URLSearchParams();
  if (query.player !== '') params.set('player', query.player);
  if (query.company !== '') params.set('company', query.company);
  if (query.type !== '') params.set('type', query.type);
  if (query.q !== '') params.set('q', query.q);
  if (page.after) params.set('after', page.after);
  else if (page.before) params.set('before', page.before);
  const search = params.toString();
  return search === '' ? base : `${base}?${search}`;
}
