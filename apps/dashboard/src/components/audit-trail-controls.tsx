import Link from 'next/link';
import { auditTrailHref, isFiltered, type AuditTrailQuery } from '../lib/audit-trail';
import { formatCount } from '../lib/format';
import type { EventsPage } from '../lib/queries';
import type { Player } from '../lib/types';

/**
 * The audit trail's filters as a plain GET form: the API filters the whole stream, and the filters stay in
 * the URL (shareable, and the pager links keep them).
 */
export function AuditTrailFilters({
  base,
  query,
  players,
  companyLabel,
  companies,
  types,
}: {
  base: string;
  query: AuditTrailQuery;
  players: readonly Player[];
  companyLabel: string;
  /** The choices of the company filter; without them it is free text. */
  companies?: readonly string[];
  /** Event types to choose from (free text is accepted too). */
  types: readonly string[];
}) {
  const typeChoices = query.type !== '' && !types.includes(query.type) ? [...types, query.type] : types;
  return (
    <form className="filters" role="search" method="get" action={base} aria-label="Filter events">
      <div className="field">
        <label htmlFor="filter-player">Player</label>
        <select id="filter-player" name="player" defaultValue={query.player}>
          <option value="">All players</option>
          {players.map((entry) => (
            <option key={entry.playerId} value={entry.playerId}>
              {entry.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-company">{companyLabel}</label>
        {companies ? (
          <select id="filter-company" name="company" defaultValue={query.company}>
            <option value="">All</option>
            {companies.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        ) : (
          <input id="filter-company" name="company" defaultValue={query.company} maxLength={64} placeholder="any" />
        )}
      </div>
      <div className="field">
        <label htmlFor="filter-type">Event type</label>
        <select id="filter-type" name="type" defaultValue={query.type}>
          <option value="">All types</option>
          {typeChoices.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-search">Search</label>
        <input id="filter-search" type="search" name="q" defaultValue={query.q} maxLength={100} placeholder="e.g. GOLD" />
      </div>
      <button type="submit" className="primary">
        Apply filters
      </button>
      {isFiltered(query) ? <Link href={base}>Clear filters</Link> : null}
    </form>
  );
}

/** How many events match, and which positions this page shows. */
export function AuditTrailCount({ query, page }: { query: AuditTrailQuery; page: EventsPage }) {
  const first = page.events[0];
  const last = page.events[page.events.length - 1];
  const what = isFiltered(query) ? `${formatCount(page.totalCount)} matching ${page.totalCount === 1 ? 'event' : 'events'}` : `${formatCount(page.totalCount)} events`;
  return (
    <p className="small" role="status" aria-live="polite" data-testid="event-count" data-total={page.totalCount}>
      {what}
      {first && last ? `; this page shows ${formatCount(page.events.length)}, positions ${first.position} to ${last.position}.` : '.'}
    </p>
  );
}

/** Previous/next page links: the cursors of the page's first and last events, with the same filters. */
export function AuditTrailPager({ base, query, page }: { base: string; query: AuditTrailQuery; page: EventsPage }) {
  return (
    <nav className="pager" aria-label="Pages of the audit trail">
      {page.hasPreviousPage ? (
        <>
          <Link href={auditTrailHref(base, query)} className="button">
            First page
          </Link>
          <Link href={auditTrailHref(base, query, { before: page.startCursor })} className="button" rel="prev">
            Previous page
          </Link>
        </>
      ) : null}
      {page.hasNextPage ? (
        <Link href={auditTrailHref(base, query, { after: page.endCursor })} className="button" rel="next">
          Next page
        </Link>
      ) : null}
      {!page.hasPreviousPage && !page.hasNextPage ? <span className="muted small">All on one page.</span> : null}
    </nav>
  );
}
