'use client';

import Link from 'next/link';
import { useMemo, useState } from 'react';
import { browserRequest } from '../lib/browser-api';
import { EventDisputeLinks } from './event-dispute-links';
import { describeActor, describeEvent, EVENT_TYPES, playerNames, playersInEvent, stocksInEvent } from '../lib/event-sentences';
import { formatCount, formatDateTime } from '../lib/format';
import { describeError } from '../lib/graphql';
import { fetchEventsPage, type EventsPage } from '../lib/queries';
import { STOCKS, type GameEvent, type Player, type StockName } from '../lib/types';

interface Row {
  readonly event: GameEvent;
  readonly sentence: string;
  readonly actor: string;
  readonly players: ReadonlySet<string>;
  readonly stocks: ReadonlySet<StockName>;
  readonly text: string;
}

export function EventLog({ gameId, players, initialPage, pageSize }: { gameId: string; players: readonly Player[]; initialPage: EventsPage; pageSize: number }) {
  const [events, setEvents] = useState<GameEvent[]>(initialPage.events);
  const [cursor, setCursor] = useState(initialPage.endCursor);
  const [hasNext, setHasNext] = useState(initialPage.hasNextPage);
  const [total, setTotal] = useState(initialPage.totalCount);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [player, setPlayer] = useState('');
  const [stock, setStock] = useState('');
  const [type, setType] = useState('');
  const [search, setSearch] = useState('');

  const names = useMemo(() => playerNames(players), [players]);
  const rows = useMemo<Row[]>(
    () =>
      events.map((event) => {
        const sentence = describeEvent(event, names);
        const actor = describeActor(event.actor, names);
        return {
          event,
          sentence,
          actor,
          players: playersInEvent(event),
          stocks: stocksInEvent(event),
          text: `${sentence} ${actor} ${event.type} #${event.position}`.toLowerCase(),
        };
      }),
    [events, names],
  );
  const types = useMemo(() => {
    const seen = new Set<string>(EVENT_TYPES);
    for (const event of events) seen.add(event.type);
    return [...seen];
  }, [events]);

  const needle = search.trim().toLowerCase();
  const shown = rows.filter(
    (row) =>
      (player === '' || row.players.has(player)) &&
      (stock === '' || row.stocks.has(stock as StockName)) &&
      (type === '' || row.event.type === type) &&
      (needle === '' || row.text.includes(needle)),
  );
  const filtered = player !== '' || stock !== '' || type !== '' || needle !== '';

  async function load(all: boolean) {
    setLoading(true);
    setError(null);
    let after = cursor;
    let more = hasNext;
    try {
      do {
        const page = await fetchEventsPage(browserRequest, gameId, all ? 100 : pageSize, after);
        if (page === null) break;
        setEvents((current) => {
          const known = new Set(current.map((event) => event.id));
          return [...current, ...page.events.filter((event) => !known.has(event.id))];
        });
        after = page.endCursor;
        more = page.hasNextPage;
        setCursor(after);
        setHasNext(more);
        setTotal(page.totalCount);
      } while (all && more && after !== null);
    } catch (caught) {
      setError(describeError(caught).message);
    } finally {
      setLoading(false);
    }
  }

  function clearFilters() {
    setPlayer('');
    setStock('');
    setType('');
    setSearch('');
  }

  return (
    <section className="panel" aria-labelledby="audit-title">
      <h2 id="audit-title">Audit trail</h2>
      <p className="muted small">
        Every event of the game&apos;s stream, in order. Filters and search apply to the events loaded so far; load more to look further.
      </p>
      <form className="filters" role="search" onSubmit={(event) => event.preventDefault()} aria-label="Filter events">
        <div className="field">
          <label htmlFor="filter-player">Player</label>
          <select id="filter-player" value={player} onChange={(event) => setPlayer(event.target.value)} name="player">
            <option value="">All players</option>
            {players.map((entry) => (
              <option key={entry.playerId} value={entry.playerId}>
                {entry.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-stock">Stock</label>
          <select id="filter-stock" value={stock} onChange={(event) => setStock(event.target.value)} name="stock">
            <option value="">All stocks</option>
            {STOCKS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-type">Event type</label>
          <select id="filter-type" value={type} onChange={(event) => setType(event.target.value)} name="type">
            <option value="">All types</option>
            {types.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-search">Search</label>
          <input id="filter-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="e.g. bought GOLD" name="q" />
        </div>
        {filtered ? (
          <button type="button" onClick={clearFilters}>
            Clear filters
          </button>
        ) : null}
      </form>
      <p className="small" role="status" aria-live="polite" data-testid="event-count">
        Showing {formatCount(shown.length)} of {formatCount(events.length)} loaded events ({formatCount(total)} in the game).
      </p>
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
            {shown.map((row) => (
              <tr key={row.event.id} data-position={row.event.position} data-type={row.event.type} className={row.event.voided === true ? 'voided' : undefined}>
                <td className="num mono">{row.event.position}</td>
                <td className="small nowrap">{formatDateTime(row.event.occurredAt, { zone: false })}</td>
                <td className="nowrap">{row.actor}</td>
                <td className="small mono">{row.event.type}</td>
                <td data-testid="event-sentence">{row.sentence}</td>
                <td>
                  <Link href={`/games/${encodeURIComponent(gameId)}/replay?position=${row.event.position}`} aria-label={`Replay at position ${row.event.position}`}>
                    Replay
                  </Link>
                </td>
                <td className="small">
                  <EventDisputeLinks gameId={gameId} event={row.event} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length === 0 ? <p className="empty">No loaded event matches these filters{hasNext ? ': load more to search further' : ''}.</p> : null}
      {error !== null ? (
        <div className="notice error" role="alert">
          <p>More events could not be loaded: {error}</p>
        </div>
      ) : null}
      <div className="pager">
        {hasNext ? (
          <>
            <button type="button" className="primary" onClick={() => void load(false)} disabled={loading}>
              Load {formatCount(Math.min(pageSize, total - events.length))} more
            </button>
            <button type="button" onClick={() => void load(true)} disabled={loading}>
              Load all remaining ({formatCount(total - events.length)})
            </button>
          </>
        ) : (
          <span className="muted small">All {formatCount(total)} events are loaded.</span>
        )}
        {loading ? <span className="loading small" role="status">Loading…</span> : null}
      </div>
    </section>
  );
}
