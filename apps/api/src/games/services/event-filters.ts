import type { RecordedEvent } from '@corbeille/event-store';
import { InputValidationError } from '../../common/errors/input-validation.error';
import { DEFAULT_PAGE_SIZE } from '../../common/pagination/pagination.args';

/** Which page of the audit trail: Relay paging, one direction at a time. */
export type EventPageRequest =
  | { readonly direction: 'forward'; readonly first: number; readonly after: string | null }
  | { readonly direction: 'backward'; readonly last: number; readonly before: string | null };

export interface EventFilters {
  readonly types?: readonly string[] | null;
  readonly playerId?: string | null;
  readonly company?: string | null;
  readonly search?: string | null;
}

export interface EventPageArgs {
  readonly first?: number | null;
  readonly after?: string | null;
  readonly last?: number | null;
  readonly before?: string | null;
}

/** The paging direction the arguments ask for; mixing `first`/`after` with `last`/`before` is refused. */
export function eventPageRequest(args: EventPageArgs): EventPageRequest {
  const forward = isSet(args.first) || isSet(args.after);
  const backward = isSet(args.last) || isSet(args.before);
  if (forward && backward) {
    const fields = [isSet(args.first) ? 'first' : undefined, isSet(args.after) ? 'after' : undefined, isSet(args.last) ? 'last' : undefined, isSet(args.before) ? 'before' : undefined];
    const message = 'page in one direction at a time: first/after (forward) or last/before (backward), not both';
    throw new InputValidationError(fields.filter((field) => field !== undefined).map((field) => ({ field, messages: [message] })));
  }
  if (backward) return { direction: 'backward', last: args.last ?? DEFAULT_PAGE_SIZE, before: args.before ?? null };
  return { direction: 'forward', first: args.first ?? DEFAULT_PAGE_SIZE, after: args.after ?? null };
}

/**
 * Keys under which the engines name the stock (Stock Ticker) or company (BOLSA, Maxi Bourse) an event is
 * about. Lists of every company on the board (a game's options, its opening prices) are not a mention.
 */
const COMPANY_KEYS = new Set(['stock', 'company']);

/**
 * The test an event (as the viewer sees it) must pass, or undefined when nothing is filtered. Every
 * given filter must match: the type is one of `types`; the player issued the event or its data names
 * the player's id; the data names the company; the type or the JSON data contains the search text.
 */
export function eventMatcher(filters: EventFilters): ((event: RecordedEvent) => boolean) | undefined {
  const tests: ((event: RecordedEvent) => boolean)[] = [];
  const { types, playerId, company, search } = filters;
  if (types && types.length > 0) {
    const wanted = new Set(types);
    tests.push((event) => wanted.has(event.type));
  }
  if (isSet(playerId)) tests.push((event) => event.metadata['actor'] === playerId || namesValue(event.data, playerId));
  if (isSet(company)) {
    const wanted = company.toLowerCase();
    tests.push((event) => namesCompany(event.data, wanted, false));
  }
  if (isSet(search)) {
    const wanted = search.toLowerCase();
    tests.push((event) => event.type.toLowerCase().includes(wanted) || (JSON.stringify(event.data) ?? '').toLowerCase().includes(wanted));
  }
  if (tests.length === 0) return undefined;
  return (event) => tests.every((test) => test(event));
}

function isSet<T>(value: T | null | undefined): value is T {
  return value !== undefined && value !== null;
}

/** Whether a string anywhere in the value equals `wanted`. */
function namesValue(value: unknown, wanted: string): boolean {
  if (typeof value === 'string') return value === wanted;
  if (Array.isArray(value)) return value.some((item) => namesValue(item, wanted));
  if (value !== null && typeof value === 'object') return Object.values(value).some((item) => namesValue(item, wanted));
  return false;
}

/** Whether a string under a company key (at any depth) equals `wanted` (lower case). */
function namesCompany(value: unknown, wanted: string, underCompanyKey: boolean): boolean {
  if (typeof value === 'string') return underCompanyKey && value.toLowerCase() === wanted;
  if (Array.isArray(value)) return value.some((item) => namesCompany(item, wanted, underCompanyKey));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => namesCompany(item, wanted, COMPANY_KEYS.has(key)));
  }
  return false;
}
