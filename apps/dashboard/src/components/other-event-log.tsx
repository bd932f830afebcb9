import Link from 'next/link';
import { AuditTrailCount, AuditTrailFilters, AuditTrailPager } from './audit-trail-controls';
import { EventDisputeLinks } from './event-dispute-links';
import type { AuditTrailQuery } from '../lib/audit-trail';
import { formatDateTime } from '../lib/format';
import { describeOtherEvent, type EventsPage, type GameKind } from '../lib/multi-game';
import type { Player } from '../lib/types';

/** The audit trail of a BOLSA or Maxi Bourse game: one page of the events the filters select (filtered and paged by the API). */
export function OtherEventLog({
  kind,
  gameId,
  players,
  page,
  query,
}: {
  kind: Exclude<GameKind, 'STOCK_TICKER'>;
  gameId: string;
  players: readonly Player[];
  page: EventsPage;
  query: AuditTrailQuery;
}) {
  const names = new Map(players.map((entry) => [entry.playerId, entry.name]));
  const types = [...new Set(page.events.map((event) => event.type))].sort();
  const base = `/games/${encodeURIComponent(gameId)}`;
  return (
    <section className="panel" aria-labelledby="trail-title" data-game-kind={kind}>
      <h2 id="trail-title">Audit trail</h2>
      <p className="small muted">
        The game&apos;s events in log order, as you may see them (hidden details left out by the API). Filters and search apply to the whole stream,
        to what you may see only.
      </p>
      <AuditTrailFilters base={`${base}/events`} query={query} players={players} companyLabel="Company" types={types} />
      <AuditTrailCount query={query} page={page} />
      <div className="table-wrap">
        <table data-testid="event-log">
          <thead>
            <tr>
              <th scope="col" className="num">
                Position
              </th>
              <th scope="col">Time (UTC)</th>
              <th scope="col">Actor</th>
              <th scope="col">Type</th>
              <th scope="col">What happened</th>
              <th scope="col">
                <span className="sr-only">Replay</span>
              </th>
              <th scope="col">Dispute</th>
            </tr>
          </thead>
          <tbody>
            {page.events.map((event) => (
              <tr key={event.id} data-position={event.position} data-type={event.type} data-actor={event.actor} className={event.voided === true ? 'voided' : undefined}>
                <td className="num mono">{event.position}</td>
                <td className="small nowrap">{formatDateTime(event.occurredAt, { zone: false })}</td>
                <td>{names.get(event.actor) ?? event.actor}</td>
                <td className="mono small">{event.type}</td>
                <td>{describeOtherEvent(event, names)}</td>
                <td>
                  <Link href={`${base}/replay?position=${event.position}`}>Replay here</Link>
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
      <AuditTrailPager base={`${base}/events`} query={query} page={page} />
    </section>
  );
}
