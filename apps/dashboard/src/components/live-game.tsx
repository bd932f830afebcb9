'use client';

import Link from 'next/link';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { browserRequest } from '../lib/browser-api';
import { playerNames } from '../lib/event-sentences';
import { describeError } from '../lib/graphql';
import type { GameView } from '../lib/game-view';
import { loadLegalActions, RECENT_EVENTS } from '../lib/game-view';
import { subscribeToGame, type LiveStatus } from '../lib/live';
import { fetchGame, fetchSnapshot } from '../lib/queries';
import { markOf, netWorthPoints } from '../lib/timeline';
import type { GameEvent, PriceBoard } from '../lib/types';
import { EventFeed } from './event-feed';
import { GameHeader } from './game-header';
import { NetWorthChart } from './net-worth-chart';
import { PendingDecision } from './pending-decision';
import { PortfoliosTable } from './portfolios-table';
import { PriceBoardTable } from './price-board-table';
import { PriceHistoryChart } from './price-history-chart';

const STATUS_TEXT: Readonly<Record<LiveStatus, string>> = {
  connecting: 'Connecting to live updates…',
  live: 'Live: updates arrive as they are recorded',
  reconnecting: 'Connection lost: reconnecting…',
  failed: 'Live updates unavailable',
};

const REFRESH_DELAY_MS = 250;

export function LiveGame({ initial, subscriptionUrl }: { initial: GameView; subscriptionUrl: string }) {
  const gameId = initial.game.id;
  const [view, setView] = useState(initial);
  const [board, setBoard] = useState<PriceBoard | null>(initial.game.priceBoard);
  const [events, setEvents] = useState<GameEvent[]>(initial.recentEvents);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [statusDetail, setStatusDetail] = useState<string | null>(null);
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const lastPosition = useRef(initial.lastEventPosition);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const refresh = useCallback(async () => {
    try {
      const game = await fetchGame(browserRequest, gameId);
      if (game === null) return;
      const actions = await loadLegalActions(browserRequest, game);
      setView((current) => ({ ...current, game, ...actions }));
      setBoard((current) => (game.priceBoard !== null && (current === null || game.priceBoard.lastPosition >= current.lastPosition) ? game.priceBoard : current));
      setRefreshError(null);
    } catch (error) {
      setRefreshError(describeError(error).message);
    }
  }, [gameId]);

  const addNetWorthPoint = useCallback(
    async (event: GameEvent) => {
      const mark = markOf(event);
      if (mark === undefined) return;
      try {
        const snapshot = await fetchSnapshot(browserRequest, gameId, event.position);
        setView((current) => {
          const marks = current.netWorth.marks;
          const lastRound = marks.reduce((round, previous) => Math.max(round, previous.round), 0);
          const placed = mark.kind === 'end' ? { ...mark, round: lastRound } : mark;
          if (marks.some((existing) => existing.position === placed.position)) return current;
          const points = [...current.netWorth.points, ...netWorthPoints([placed], [snapshot])];
          return { ...current, netWorth: { ...current.netWorth, marks: [...marks, placed], points } };
        });
      } catch (error) {
        setRefreshError(describeError(error).message);
      }
    },
    [gameId],
  );

  useEffect(() => {
    const stop = subscribeToGame(subscriptionUrl, gameId, lastPosition.current, {
      onEvent: (event) => {
        if (event.position <= lastPosition.current) return;
        lastPosition.current = event.position;
        setEvents((current) => [event, ...current].slice(0, RECENT_EVENTS));
        void addNetWorthPoint(event);
        if (refreshTimer.current !== null) clearTimeout(refreshTimer.current);
        refreshTimer.current = setTimeout(() => {
          refreshTimer.current = null;
          void refresh();
        }, REFRESH_DELAY_MS);
      },
      onBoard: (next) => setBoard((current) => (current === null || next.lastPosition >= current.lastPosition ? next : current)),
      onStatus: (next, detail) => {
        setStatus(next);
        setStatusDetail(detail ?? null);
      },
    });
    return () => {
      stop();
      if (refreshTimer.current !== null) clearTimeout(refreshTimer.current);
    };
  }, [gameId, subscriptionUrl, refresh, addNetWorthPoint]);

  const { game, legalActions, legalActionsError, netWorth, streamComplete } = view;
  const names = useMemo(() => playerNames(game.players), [game.players]);
  const stocks = board?.stocks ?? [];
  const lastRevision = Math.max(0, game.eventCount - 1);
  const boardPosition = board?.lastPosition ?? game.lastPosition;
  const current =
    game.phase === 'FINISHED' || game.portfolios.length === 0
      ? undefined
      : { revision: lastRevision, values: Object.fromEntries(game.portfolios.map((portfolio) => [portfolio.playerId, portfolio.netWorth])) };

  return (
    <>
      <GameHeader game={game} active="board" />
      <div className="section-head" style={{ margin: '0.75rem 0' }}>
        <p className="live-status" role="status" aria-live="polite" data-live-status={status}>
          <span className={`live-dot ${status === 'live' ? 'connected' : status === 'failed' ? 'error' : ''}`} aria-hidden="true" />
          {STATUS_TEXT[status]}
          {statusDetail !== null ? ` (${statusDetail})` : null}
        </p>
        <p className="small muted">
          Read models as of event position <span className="mono">{boardPosition}</span>
        </p>
      </div>
      {refreshError !== null ? (
        <div className="notice warn" role="alert">
          <p>The board could not be refreshed: {refreshError}</p>
        </div>
      ) : null}
      {streamComplete ? null : (
        <div className="notice warn">
          <p>This game has more rounds than the dashboard reads at once: round guides and net worth cover its first rounds only.</p>
        </div>
      )}
      <div className="grid-2">
        <section className="panel" aria-labelledby="board-title">
          <h2 id="board-title">Price board</h2>
          <PriceBoardTable
            caption={`Dollars per share${board !== null && board.round > 0 ? `, round ${board.round}` : ''}; the arrow compares with the price before the last move.`}
            rows={stocks.map((quote) => ({
              stock: quote.stock,
              price: quote.price,
              history: quote.history,
              splits: quote.splits,
              timesOffMarket: quote.timesOffMarket,
            }))}
          />
        </section>
        <PendingDecision
          phase={game.phase}
          round={game.round}
          players={game.players}
          actions={legalActions}
          actionsError={legalActionsError}
          winners={game.winners}
        />
      </div>
      <section className="panel">
        <PriceHistoryChart stocks={stocks} lastRevision={lastRevision} marks={netWorth.marks} />
      </section>
      <section className="panel" aria-labelledby="portfolios-title">
        <h2 id="portfolios-title">Portfolios</h2>
        <PortfoliosTable
          rows={game.portfolios}
          stocks={stocks.map((quote) => quote.stock)}
          brokerId={game.brokerId}
          winners={game.winners}
          caption="Shares held (and their market value), cash, loan and net worth: cash plus holdings at market price, minus any loan and its charge."
        />
      </section>
      <div className="grid-2">
        <section className="panel">
          <NetWorthChart
            players={game.players}
            points={netWorth.points}
            marks={netWorth.marks}
            lastRevision={lastRevision}
            sampled={netWorth.sampled}
            width={560}
            {...(current === undefined ? {} : { current })}
          />
        </section>
        <section className="panel" aria-labelledby="recent-title">
          <div className="section-head">
            <h2 id="recent-title">Recent events</h2>
            <Link className="small" href={`/games/${encodeURIComponent(gameId)}/events`}>
              Full audit trail
            </Link>
          </div>
          <EventFeed gameId={gameId} events={events} names={names} />
        </section>
      </div>
    </>
  );
}
