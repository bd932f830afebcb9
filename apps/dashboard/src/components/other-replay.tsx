'use client';

import Link from 'next/link';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { browserRequest } from '../lib/browser-api';
import { currencySymbolOf, formatCentsIn, formatCount, formatDateTime } from '../lib/format';
import { describeError } from '../lib/graphql';
import { describeOtherEvent, fetchOtherSnapshot, type GameKind, type OtherSnapshot, type Viewer } from '../lib/multi-game';
import { playerColor } from '../lib/palette';
import { clampIndex, REPLAY_SPEEDS, type ReplaySpeed } from '../lib/replay-navigation';
import type { GameEvent, Player } from '../lib/types';
import { LineChart } from './line-chart';

export interface OtherReplayProps {
  readonly kind: Exclude<GameKind, 'STOCK_TICKER'>;
  readonly gameId: string;
  readonly players: readonly Player[];
  readonly viewer: Viewer;
  readonly events: readonly GameEvent[];
  readonly streamComplete: boolean;
  readonly initialIndex: number;
  readonly initialViewAs: string | null;
  /** Each company's prices by event position (from the price board), for the chart up to the moment shown. */
  readonly priceHistory: readonly { id: string; label: string; points: readonly { position: number; price: number }[] }[];
}

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;
}

/** Time travel through a BOLSA or Maxi Bourse game with the API's state-at-position query; referees may view as a player. */
export function OtherReplay({ kind, gameId, players, viewer, events, streamComplete, initialIndex, initialViewAs, priceHistory }: OtherReplayProps) {
  const count = events.length;
  const last = Math.max(0, count - 1);
  const [index, setIndex] = useState(() => clampIndex(initialIndex, count));
  const [viewAs, setViewAs] = useState<string | null>(viewer.kind === 'REFEREE' ? initialViewAs : null);
  const [shown, setShown] = useState<OtherSnapshot | null>(null);
  const [shownAs, setShownAs] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<ReplaySpeed>(2);
  const cache = useRef(new Map<string, OtherSnapshot | null>());
  const wanted = useRef<string | null>(null);
  const names = useMemo(() => new Map(players.map((player) => [player.playerId, player.name])), [players]);
  const symbol = currencySymbolOf(kind);
  const formatCents = (cents: number) => formatCentsIn(cents, symbol);
  const event = events[index];
  const position = event?.position ?? null;
  const go = useCallback((next: number) => setIndex(clampIndex(next, count)), [count]);

  useEffect(() => {
    if (position === null) return;
    const url = new URL(window.location.href);
    url.searchParams.set('position', String(position));
    if (viewAs === null) url.searchParams.delete('viewAs');
    else url.searchParams.set('viewAs', viewAs);
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
  }, [position, viewAs]);

  useEffect(() => {
    if (position === null) return;
    const key = `${position}:${viewAs ?? ''}`;
    wanted.current = key;
    const cached = cache.current.get(key);
    if (cached !== undefined) {
      setShown(cached);
      setShownAs(viewAs);
      setLoading(false);
      setError(null);
      return;
    }
    setLoading(true);
    fetchOtherSnapshot(browserRequest, kind, gameId, position, viewAs)
      .then((snapshot) => {
        cache.current.set(key, snapshot);
        if (wanted.current !== key) return;
        setShown(snapshot);
        setShownAs(viewAs);
        setError(null);
        setLoading(false);
      })
      .catch((caught: unknown) => {
        if (wanted.current !== key) return;
        setError(describeError(caught).message);
        setLoading(false);
        setPlaying(false);
      });
  }, [position, viewAs, kind, gameId]);

  useEffect(() => {
    if (!playing) return;
    if (index >= last) {
      setPlaying(false);
      return;
    }
    if (loading) return;
    const timer = setTimeout(() => go(index + 1), 1000 / speed);
    return () => clearTimeout(timer);
  }, [playing, loading, index, last, speed, go]);

  useEffect(() => {
    function onKey(key: KeyboardEvent) {
      if (key.altKey || key.ctrlKey || key.metaKey || isTypingTarget(key.target)) return;
      const moves: Readonly<Record<string, () => number>> = {
        ArrowLeft: () => index - 1,
        ArrowRight: () => index + 1,
        Home: () => 0,
        End: () => last,
      };
      const move = moves[key.key];
      if (move === undefined) return;
      key.preventDefault();
      setPlaying(false);
      go(move());
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, last, go]);

  if (count === 0 || event === undefined || position === null) return <p className="empty">This game has no events to replay.</p>;

  const step = (next: number) => {
    setPlaying(false);
    go(next);
  };
  const stale = shown === null || shown.position !== position || shownAs !== viewAs;
  const labels = new Map(priceHistory.map((entry) => [entry.id, entry.label]));
  const charted = priceHistory.slice(0, 8).map((entry, at) => ({
    id: entry.id,
    label: entry.label,
    color: playerColor(at),
    step: true,
    points: entry.points.filter((point) => point.position <= position).map((point) => ({ x: point.position, y: point.price })),
  }));
  const firstPosition = events[0]?.position ?? 0;
  const lastPosition = events[last]?.position ?? firstPosition + 1;
  return (
    <>
      {streamComplete ? null : (
        <div className="notice warn">
          <p>This game has more events than the dashboard reads at once: the replay covers its first {formatCount(count)} events.</p>
        </div>
      )}
      <section className="panel" aria-labelledby="replay-title">
        <h2 id="replay-title">Time travel</h2>
        <div className="replay-slider">
          <label htmlFor="replay-slider">
            Event {formatCount(index + 1)} of {formatCount(count)} · position <span className="mono">{position}</span>
          </label>
          <input
            id="replay-slider"
            type="range"
            min={0}
            max={last}
            step={1}
            value={index}
            onChange={(change) => step(Number(change.target.value))}
            aria-valuetext={`Event ${index + 1} of ${count}, position ${position}: ${describeOtherEvent(event, names)}`}
          />
        </div>
        <div className="replay-controls" role="group" aria-label="Replay controls">
          <button type="button" onClick={() => step(0)} disabled={index === 0} aria-label="First event">
            |‹ First
          </button>
          <button type="button" onClick={() => step(index - 1)} disabled={index === 0} aria-label="Previous event">
            ‹ −1
          </button>
          <button
            type="button"
            className="primary"
            onClick={() => {
              if (!playing && index >= last) go(0);
              setPlaying(!playing);
            }}
            aria-pressed={playing}
          >
            {playing ? 'Pause' : '▶ Play'}
          </button>
          <button type="button" onClick={() => step(index + 1)} disabled={index >= last} aria-label="Next event">
            +1 ›
          </button>
          <button type="button" onClick={() => step(last)} disabled={index >= last} aria-label="Last event">
            Last ›|
          </button>
          <span className="field" style={{ flexDirection: 'row', alignItems: 'center', gap: '0.4rem', marginLeft: '0.5rem' }}>
            <label htmlFor="replay-speed">Speed</label>
            <select id="replay-speed" value={speed} onChange={(change) => setSpeed(Number(change.target.value) as ReplaySpeed)}>
              {REPLAY_SPEEDS.map((value) => (
                <option key={value} value={value}>
                  {value} event{value === 1 ? '' : 's'}/s
                </option>
              ))}
            </select>
          </span>
          {viewer.kind === 'REFEREE' ? (
            <span className="field" style={{ flexDirection: 'row', alignItems: 'center', gap: '0.4rem', marginLeft: '0.5rem' }}>
              <label htmlFor="replay-view-as">View as</label>
              <select id="replay-view-as" value={viewAs ?? ''} onChange={(change) => setViewAs(change.target.value === '' ? null : change.target.value)}>
                <option value="">Referee (everything)</option>
                {players.map((player) => (
                  <option key={player.playerId} value={player.playerId}>
                    {player.name}
                  </option>
                ))}
              </select>
            </span>
          ) : null}
        </div>
        <p className="kbd-help">
          Keys: <kbd>←</kbd> <kbd>→</kbd> one event, <kbd>Home</kbd> <kbd>End</kbd> first/last.
        </p>
        <div className="replay-event" aria-live="polite" data-testid="replay-event">
          <strong>{describeOtherEvent(event, names)}</strong>
          <br />
          <span className="small muted">
            {event.type} · {names.get(event.actor) ?? event.actor} · {formatDateTime(event.occurredAt)} ·{' '}
            <Link href={`/games/${encodeURIComponent(gameId)}/events`}>audit trail</Link>
          </span>
        </div>
        <ul className="replay-now small" aria-live="polite">
          <li>
            Phase: <strong>{shown === null ? '—' : shown.phase.toLowerCase()}</strong>
          </li>
          <li>
            Progress: <strong>{shown?.progress ?? '—'}</strong>
          </li>
          <li>
            Seen as: <strong data-testid="replay-seen-as">{viewAs === null ? viewer.kind.toLowerCase() : `${names.get(viewAs) ?? viewAs} (player)`}</strong>
          </li>
          <li>{loading ? <span role="status">Loading the state at position {position}…</span> : <span>State folded from the stream by the API.</span>}</li>
        </ul>
        {error !== null ? (
          <div className="notice error" role="alert">
            <p>The state at position {position} could not be loaded: {error}</p>
          </div>
        ) : null}
      </section>
      <div data-testid="replay-state" data-snapshot-position={shown?.position ?? ''} data-view-as={shownAs ?? ''} aria-busy={stale}>
        {shown === null ? null : (
          <>
            <div className="grid-2">
              <section className="panel" aria-labelledby="replay-board-title">
                <h2 id="replay-board-title">Prices at position {shown.position}</h2>
                <div className="table-wrap">
                  <table data-testid="replay-prices">
                    <tbody>
                      {shown.prices.map((entry) => (
                        <tr key={entry.company} data-company={entry.company}>
                          <th scope="row">{labels.get(entry.company) ?? entry.company}</th>
                          <td className="num" data-testid={`price-${entry.company}`} data-cents={entry.price}>
                            {formatCents(entry.price)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>
              <section className="panel" aria-labelledby="replay-players-title">
                <h2 id="replay-players-title">Players at position {shown.position}</h2>
                <div className="table-wrap">
                  <table data-testid="replay-players">
                    <thead>
                      <tr>
                        <th scope="col">Player</th>
                        <th scope="col" className="num">
                          Cash
                        </th>
                        <th scope="col">Shares</th>
                        <th scope="col">Notes</th>
                      </tr>
                    </thead>
                    <tbody>
                      {shown.players.map((player) => (
                        <tr key={player.playerId} data-player={player.playerId}>
                          <th scope="row">{player.name}</th>
                          <td className="num">{formatCents(player.cash)}</td>
                          <td className="small" data-testid={`replay-shares-${player.playerId}`}>
                            {player.holdings === null
                              ? 'hidden'
                              : player.holdings.length === 0
                                ? 'none'
                                : player.holdings.map((holding) => `${formatCount(holding.shares)} ${holding.company}`).join(', ')}
                          </td>
                          <td className="small">{player.notes.join(', ')}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>
            </div>
            <section className="panel" aria-labelledby="replay-history-title">
              <h2 id="replay-history-title">Price history up to position {shown.position}</h2>
              <LineChart
                title="Price history"
                description="Each company's price after every move up to the position shown, from the API's price board."
                series={charted}
                xDomain={[firstPosition, Math.max(firstPosition + 1, lastPosition)]}
                xLabel="Event position in the log"
                format="price"
                currencySymbol={symbol}
                cursorX={position}
                extendTo={position}
                emptyText="No price has moved yet at this point."
              />
            </section>
          </>
        )}
      </div>
    </>
  );
}
