import Link from 'next/link';
import type { GameEvent } from '../lib/types';

/** An audit-trail row's dispute column: voided or ruling marks, and the link to dispute the event. */
export function EventDisputeLinks({ gameId, event }: { gameId: string; event: GameEvent }) {
  const base = `/games/${encodeURIComponent(gameId)}`;
  return (
    <>
      {event.voided === true ? <span className="badge status-rejected">voided</span> : null}
      {event.rulingOfDispute ? (
        <Link href={`/disputes/${encodeURIComponent(event.rulingOfDispute)}`} className="badge status-upheld">
          ruling
        </Link>
      ) : null}{' '}
      {event.voided === true ? null : (
        <Link
          href={`${base}/disputes/new?revision=${event.revision}&position=${event.position}&type=${encodeURIComponent(event.type)}`}
          aria-label={`Dispute the event at position ${event.position}`}
        >
          Dispute
        </Link>
      )}
    </>
  );
}
