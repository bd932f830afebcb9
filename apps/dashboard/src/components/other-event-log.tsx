'use client';

import Link from 'next/link';
import { useMemo, useState } from 'react';
import { browserRequest } from '../lib/browser-api';
import { EventDisputeLinks } from './event-dispute-links';
import { formatCount, formatDateTime } from '../lib/format';
import { describeError } from '../lib/graphql';
import { describeOtherEvent, fetchOtherEventsPage, type EventsPage, type GameKind } from '../lib/multi-game';
import type { GameEvent, Player } from '../lib/types';

function mentions(event: GameEvent, playerId: string): boolean {
  return event.actor === playerId || JSON.stringify(event.data).includes(`"${playerId}"`);
}

/** The audit trail of a BOLSA or Maxi Bourse game: sentences, filters over the loaded events, paging, replay links. */
export function OtherEventLog({
  kind,
  gameId,
  players,
  initialPage,
  pageSize,
}: {
  kind: Exclude<GameKind, 'STOCK_TICKER'>;
  gameId: string;
  players: readonly Player[];
  initialPage: EventsPage;
  pageSize: number;
}) {
  const [events, setEvents] = useState<GameEvent[]>(initialPage.events);
  const [cursor, setCursor] = useState(initialPage.endCursor);
  const [hasNext, setHasNext] = useState(initialPage.hasNextPage);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [player, setPlayer] = useState('');
  const [type, setType] = useState('');
  const [search, setSearch] = useState('');
  const names = useMemo(() => new Map(players.map((entry) => [entry.playerId, entry.name])), [players]);
  const types = useMemo(() => [...new Set(events.map((event) => event.type))].sort(), [events]);
  const needle = search.trim().toLowerCase();
  const rows = events
    .map((event) => ({ event, sentence: describeOtherEvent(event, names) }))
    .filter(
      (row) =>
        (player === '' || mentions(row.event, player)) &&
        (type === '' || row.event.type === type) &&
        (needle === '' || `${row.sentence} ${row.event.type} ${row.event.actor}`.toLowerCase().includes(needle)),
    );

  async function loadMore() {
    setLoading(true);
    setError(null);
    try {
      const page = await fetchOtherEventsPage(browserRequest, kind, gameId, pageSize, cursor);
      if (page !== null) {
        setEvents((current) => {
          const known = new Set(current.map((event) => event.id));
          return [...current, ...page.events.filter((event) => !known.has(event.id))];
        });
        setCursor(page.endCursor);
        setHasNext(page.hasNextPage);
      }
    } catch (failure) {
      setError(describeError(failure).message);
    } finally {
      setLoading(false);
    }
  }

  const base = `/games/${encodeURIComponent(gameId)}`;
  return (
    <section className="panel" aria-labelledby="trail-title">
      <h2 id="trail-title">Audit trail</h2>
      <p className="small muted">
        {formatCount(events.length)} of {formatCount(initialPage.totalCount)} events loaded, in log order, as you may see them (hidden details left out
        by the API).
      </p>
      <div className="filters">
        <label className="field">
          <span>Player</span>
          <select value={player} onChange={(event) => setPlayer(event.target.value)}>
            <option value="">All</option>
            {players.map((entry) => (
              <option key={entry.playerId} value={entry.playerId}>
                {entry.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Type</span>
          <select value={type} onChange={(event) => setType(event.target.value)}>
            <option value="">All</option>
            {types.map((entry) => (
              <option key={entry} value={entry}>
                {entry}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Search</span>
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
      </div>
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
            {rows.map(({ event, sentence }) => (
              <tr key={event.id} data-position={event.position} className={event.voided === true ? 'voided' : undefined}>
                <td className="num mono">{event.position}</td>
                <td className="small nowrap">{formatDateTime(event.occurredAt, { zone: false })}</td>
                <td>{names.get(event.actor) ?? event.actor}</td>
                <td className="mono small">{event.type}</td>
                <td>{sentence}</td>
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
      {error !== null ? (
        <p className="notice error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="pager">
        {hasNext ? (
          <button type="button" className="button" onClick={() => void loadMore()} disabled={loading}>
            {loading ? 'Loading…' : `Load ${pageSize} more`}
          </button>
        ) : (
          <span className="muted small">The whole stream is loaded.</span>
        )}
      </div>
    </section>
  );
}
