import Link from 'next/link';
import { describeEvent, type PlayerNames } from '../lib/event-sentences';
import { formatDateTime } from '../lib/format';
import type { GameEvent } from '../lib/types';

export function EventFeed({ gameId, events, names }: { gameId: string; events: readonly GameEvent[]; names: PlayerNames }) {
  if (events.length === 0) return <p className="empty">No events yet.</p>;
  return (
    <ol className="feed" reversed>
      {events.map((event) => (
        <li key={event.id}>
          <span className="mono small muted">#{event.position}</span>
          <span>
            {describeEvent(event, names)}
            <br />
            <span className="muted small">
              {event.type} · {formatDateTime(event.occurredAt)} ·{' '}
              <Link href={`/games/${encodeURIComponent(gameId)}/replay?position=${event.position}`}>replay here</Link>
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}
