'use client';

import Link from 'next/link';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { browserRequest } from '../lib/browser-api';
import { describeActor, describeEvent, playerNames } from '../lib/event-sentences';
import { formatCents, formatCount, formatDateTime, formatPhase, joinNames } from '../lib/format';
import type { NetWorthHistory } from '../lib/game-view';
import { describeError } from '../lib/graphql';
import { snapshotNetWorth } from '../lib/net-worth';
import { fetchSnapshot, type GameDetail } from '../lib/queries';
import { clampIndex, nextRoundIndex, previousRoundIndex, REPLAY_SPEEDS, type ReplaySpeed } from '../lib/replay-navigation';
import type { GameEvent, GameSnapshot } from '../lib/types';
import { NetWorthChart } from './net-worth-chart';
import { PortfoliosTable } from './portfolios-table';
import { PriceBoardTable } from './price-board-table';
import { PriceHistoryChart } from './price-history-chart';

export interface ReplayViewerProps {
  readonly game: GameDetail;
  readonly events: readonly GameEvent[];
  readonly streamComplete: boolean;
  readonly netWorth: NetWorthHistory;
  readonly initialIndex: number;
  readonly initialSnapshot: GameSnapshot | null;
}

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;
}

export function ReplayViewer({ game, events, streamComplete, netWorth, initialIndex, initialSnapshot }: ReplayViewerProps) {
  const count = events.length;
  const last = Math.max(0, count - 1);
  const [index, setIndex] = useState(() => clampIndex(initialIndex, count));
  const [shown, setShown] = useState<GameSnapshot | null>(initialSnapshot);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<ReplaySpeed>(2);
  const cache = useRef(new Map<number, GameSnapshot | null>(initialSnapshot === null ? [] : [[initialSnapshot.position, initialSnapshot]]));
  const wanted = useRef<number | null>(null);

  const types = useMemo(() => events.map((event) => event.type), [events]);
  const names = useMemo(() => playerNames(game.players), [game.players]);
  const event = events[index];
  const position = event?.position ?? null;

  const go = useCallback((next: number) => setIndex(clampIndex(next, count)), [count]);

  useEffect(() => {
    if (position === null) return;
    const url = new URL(window.location.href);
    if (url.searchParams.get('position') !== String(position)) {
      url.searchParams.set('position', String(position));
      window.history.replaceState(window.history.state, '', url);
    }
    wanted.current = position;
    const cached = cache.current.get(position);
    if (cached !== undefined) {
      setShown(cached);
      setLoading(false);
      setError(null);
      return;
    }
    setLoading(true);
    fetchSnapshot(browserRequest, game.id, position)
      .then((snapshot) => {
        cache.current.set(position, snapshot);
        if (wanted.current !== position) return;
        setShown(snapshot);
        setError(null);
        setLoading(false);
      })
      .catch((caught: unknown) => {
        if (wanted.current !== position) return;
        setError(describeError(caught).message);
        setLoading(false);
        setPlaying(false);
      });
  }, [position, game.id]);

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
        PageUp: () => previousRoundIndex(types, index),
        PageDown: () => nextRoundIndex(types, index),
      };
      const move = moves[key.key];
      if (move === undefined) return;
      key.preventDefault();
      setPlaying(false);
      go(move());
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, last, types, go]);

  if (count === 0 || event === undefined || position === null) {
    return <p className="empty">This game has no events to replay.</p>;
  }

  const step = (next: number) => {
    setPlaying(false);
    go(next);
  };
  const stale = shown === null || shown.position !== position;
  const history = new Map((game.priceBoard?.stocks ?? []).map((quote) => [quote.stock, quote.history]));
  const snapshotPosition = shown?.position ?? position;
  const boardRows = (shown?.prices ?? []).map((price) => ({
    stock: price.stock,
    price: price.price,
    history: (history.get(price.stock) ?? []).filter((point) => point.position <= snapshotPosition),
  }));
  const portfolioRows = (shown?.players ?? []).map((player) => ({ ...player, netWorth: snapshotNetWorth(player) }));
  const currentWorth: Record<string, number> = {};
  for (const row of portfolioRows) if (row.netWorth !== null) currentWorth[row.playerId] = row.netWorth;
  const lastRevision = Math.max(0, game.eventCount - 1);
  const shownRevision = shown?.revision ?? event.revision;
  const winners = shown?.winners ?? [];
  const playerName = (id: string) => names.get(id) ?? id;

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
            onKeyDown={(key) => {
              if (key.key !== 'PageUp' && key.key !== 'PageDown') return;
              key.preventDefault();
              step(key.key === 'PageUp' ? previousRoundIndex(types, index) : nextRoundIndex(types, index));
            }}
            aria-valuetext={`Event ${index + 1} of ${count}, position ${position}: ${describeEvent(event, names)}`}
          />
        </div>
        <div className="replay-controls" role="group" aria-label="Replay controls">
          <button type="button" onClick={() => step(0)} disabled={index === 0} aria-label="First event">
            |‹ First
          </button>
          <button type="button" onClick={() => step(previousRoundIndex(types, index))} disabled={index === 0} aria-label="End of the previous round">
            « Previous round
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
          <button type="button" onClick={() => step(nextRoundIndex(types, index))} disabled={index >= last} aria-label="End of the next round">
            Next round »
          </button>
          <button type="button" onClick={() => step(last)} disabled={index >= last} aria-label="Last event">
            Last ›|
          </button>
          <span className="field" style={{ flexDirection: 'row', alignItems: 'center', gap: '0.4rem', marginLeft: '0.5rem' }}>
            <label htmlFor="replay-speed">Speed</label>
            <select id="replay-speed" value={speed} onChange={(change) => setSpeed(Number(change.target.value) as ReplaySpeed)} style={{ minWidth: '7rem' }}>
              {REPLAY_SPEEDS.map((value) => (
                <option key={value} value={value}>
                  {value} event{value === 1 ? '' : 's'}/s
                </option>
              ))}
            </select>
          </span>
        </div>
        <p className="kbd-help">
          Keys: <kbd>←</kbd> <kbd>→</kbd> one event, <kbd>PgUp</kbd> <kbd>PgDn</kbd> previous/next round end, <kbd>Home</kbd> <kbd>End</kbd> first/last.
        </p>
        <div className="replay-event" aria-live="polite" data-testid="replay-event">
          <strong>{describeEvent(event, names)}</strong>
          <br />
          <span className="small muted">
            {event.type} · {describeActor(event.actor, names)} · {formatDateTime(event.occurredAt)} ·{' '}
            <Link href={`/games/${encodeURIComponent(game.id)}/events`}>audit trail</Link>
          </span>
        </div>
        <ul className="replay-now small" aria-live="polite">
          <li>
            Phase: <strong>{shown === null ? '—' : formatPhase(shown.phase)}</strong>
          </li>
          <li>
            Round: <strong>{shown?.round ?? '—'}</strong>
          </li>
          <li>
            Revision: <strong className="mono">{shownRevision}</strong>
          </li>
          <li>{loading ? <span role="status">Loading the state at position {position}…</span> : <span>State folded from the stream by the API (gameAt).</span>}</li>
        </ul>
        {error !== null ? (
          <div className="notice error" role="alert">
            <p>The state at position {position} could not be loaded: {error}</p>
          </div>
        ) : null}
      </section>
      <div data-testid="replay-state" data-snapshot-position={shown?.position ?? ''} aria-busy={stale}>
        {shown === null ? (
          <p className="empty">Nothing is recorded at this position yet.</p>
        ) : (
          <>
            {shown.phase === 'FINISHED' && shown.standings.length > 0 ? (
              <section className="panel" aria-labelledby="standings-title">
                <h2 id="standings-title">Final standings</h2>
                <p>
                  {winners.length === 1 ? 'Winner' : 'Winners'}: <strong>{joinNames(winners.map(playerName))}</strong>
                  {shown.endReason !== null ? <span className="muted"> ({shown.endReason.toLowerCase().replace('_', ' ')})</span> : null}
                </p>
                <div className="table-wrap">
                  <table>
                    <caption>Rank and cash after liquidation and loan repayment</caption>
                    <thead>
                      <tr>
                        <th scope="col" className="num">
                          Rank
                        </th>
                        <th scope="col">Player</th>
                        <th scope="col" className="num">
                          Final cash
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {shown.standings.map((standing) => (
                        <tr key={standing.playerId}>
                          <td className="num">{standing.rank}</td>
                          <th scope="row">{playerName(standing.playerId)}</th>
                          <td className="num">{formatCents(standing.finalCash)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>
            ) : null}
            <div className="grid-2">
              <section className="panel" aria-labelledby="replay-board-title">
                <h2 id="replay-board-title">Price board at position {shown.position}</h2>
                <PriceBoardTable rows={boardRows} caption="Dollars per share at this point; the arrow compares with the price before the last move." />
              </section>
              <section className="panel">
                <PriceHistoryChart
                  stocks={game.priceBoard?.stocks ?? []}
                  lastRevision={lastRevision}
                  marks={netWorth.marks}
                  cursorRevision={shownRevision}
                  untilRevision={shownRevision}
                  width={560}
                />
              </section>
            </div>
            <section className="panel" aria-labelledby="replay-portfolios-title">
              <h2 id="replay-portfolios-title">Portfolios at position {shown.position}</h2>
              <PortfoliosTable
                rows={portfolioRows}
                stocks={shown.prices.map((price) => price.stock)}
                brokerId={game.brokerId}
                winners={winners}
                caption="Holdings valued at the prices of that moment; net worth is cash plus holdings, minus any loan and its charge."
              />
            </section>
            <section className="panel">
              <NetWorthChart
                players={game.players}
                points={netWorth.points}
                marks={netWorth.marks}
                lastRevision={lastRevision}
                cursorRevision={shownRevision}
                untilRevision={shownRevision}
                current={{ revision: shownRevision, values: currentWorth }}
                sampled={netWorth.sampled}
              />
            </section>
          </>
        )}
      </div>
    </>
  );
}
