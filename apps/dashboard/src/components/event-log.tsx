import Link from 'next/link';
import { AuditTrailCount, AuditTrailFilters, AuditTrailPager } from './audit-trail-controls';
import { EventDisputeLinks } from './event-dispute-links';
import type { AuditTrailQuery } from '../lib/audit-trail';
import { describeActor, describeEvent, EVENT_TYPES, playerNames } from '../lib/event-sentences';
import { formatDateTime } from '../lib/format';
import type { EventsPage } from '../lib/queries';
import { STOCKS, type Player } from '../lib/types';

/** A Stock Ticker game's audit trail: one page of the events the filters select (filtered and paged by the API). */
export function EventLog({ gameId, players, page, query }: { gameId: string; players: readonly Player[]; page: EventsPage; query: AuditTrailQuery }) {
  const names = playerNames(players);
  const base = `/games/${encodeURIComponent(gameId)}/events`;
  return (
    <section className="panel" aria-labelledby="audit-title">
      <h2 id="audit-title">Audit trail</h2>
      <p className="muted small">Every event of the game&apos;s stream, in order, as you may see it. Filters and search apply to the whole stream.</p>
      <AuditTrailFilters base={base} query={query} players={players} companyLabel="Stock" companies={STOCKS} types={EVENT_TYPES} />
      <AuditTrailCount query={query} page={page} />
      <div className="table-wrap">
        <table data-testid="events-table">
          <caption className="sr-only">Events of game {gameId}</caption>
          <thead>
            <tr>
              <th scope="col" className="num">
                Position
              </th>
              <th scope="col">Time (UTC)</th>
              <th scope="col">Actor</th>
              <th scope="col">Type</th>
              <th scope="col">Event</th>
              <th scope="col">Replay</th>
              <th scope="col">Dispute</th>
            </tr>
          </thead>
          <tbody>
            {page.events.map((event) => (
              <tr key={event.id} data-position={event.position} data-type={event.type} data-actor={event.actor} className={event.voided === true ? 'voided' : undefined}>
                <td className="num mono">{event.position}</td>
                <td className="small nowrap">{formatDateTime(event.occurredAt, { zone: false })}</td>
                <td className="nowrap">{describeActor(event.actor, names)}</td>
                <td className="small mono">{event.type}</td>
                <td data-testid="event-sentence">{describeEvent(event, names)}</td>
                <td>
                  <Link href={`/games/${encodeURIComponent(gameId)}/replay?position=${event.position}`} aria-label={`Replay at position ${event.position}`}>
                    Replay
                  </Link>
                </td>
                <td className="small">
                  <EventDisputeLinks gameId={gameId} event={event} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {page.events.length === 0 ? <p className="empty">No event matches these filters.</p> : null}
      <AuditTrailPager base={base} query={query} page={page} />
    </section>
  );
}
