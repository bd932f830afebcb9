'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { createLiveClient, GAME_EVENTS_SUBSCRIPTION, type LiveStatus } from '../lib/live';
import { liveTicketSource } from '../lib/live-ticket';
import type { GameEvent } from '../lib/types';

const LABELS: Readonly<Record<LiveStatus, string>> = {
  connecting: 'Connecting to live updates…',
  live: 'Live: the page follows the game',
  reconnecting: 'Reconnecting…',
  failed: 'Live updates unavailable: reload to see new moves',
};

/**
 * Follows a game's `gameEvents` subscription and re-renders the page (its server components read the
 * API as the signed-in account) shortly after each new event. The socket is the signed-in account too,
 * through a live ticket, so members-only games (a class's, for instance) follow as well.
 */
export function LiveRefresh({ gameId, afterPosition, subscriptionUrl }: { gameId: string; afterPosition: number; subscriptionUrl: string }) {
  const router = useRouter();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const tickets = liveTicketSource();
    const client = createLiveClient(subscriptionUrl, setStatus, tickets);
    const stop = client.subscribe<{ gameEvents: GameEvent }>(
      { query: GAME_EVENTS_SUBSCRIPTION, variables: { gameId, after: afterPosition } },
      {
        next: () => {
          if (timer.current !== null) clearTimeout(timer.current);
          timer.current = setTimeout(() => router.refresh(), 300);
        },
        error: () => {
          tickets.forget();
          setStatus('failed');
        },
        complete: () => undefined,
      },
    );
    return () => {
      stop();
      if (timer.current !== null) clearTimeout(timer.current);
      void client.dispose();
    };
  }, [gameId, afterPosition, subscriptionUrl, router]);

  return (
    <p className="live-status small" role="status" aria-live="polite" data-live-status={status}>
      <span className={`live-dot${status === 'live' ? ' connected' : status === 'failed' ? ' error' : ''}`} aria-hidden="true" /> {LABELS[status]}
    </p>
  );
}
