import Link from 'next/link';
import { statusLabel, type DisputeSummary } from '../lib/disputes';
import { formatDateTime } from '../lib/format';

export function DisputeList({ disputes, showGame = true }: { disputes: readonly DisputeSummary[]; showGame?: boolean }) {
  if (disputes.length === 0) return <p className="empty">No dispute.</p>;
  return (
    <div className="table-wrap">
      <table data-testid="disputes-table">
        <thead>
          <tr>
            <th scope="col">Opened</th>
            {showGame ? <th scope="col">Game</th> : null}
            <th scope="col">Event</th>
            <th scope="col">Claim</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {disputes.map((dispute) => (
            <tr key={dispute.id} data-dispute={dispute.id} data-status={dispute.status}>
              <td className="small">{formatDateTime(dispute.openedAt)}</td>
              {showGame ? (
                <td>
                  <Link href={`/games/${encodeURIComponent(dispute.gameId)}`}>{dispute.gameId}</Link>
                </td>
              ) : null}
              <td className="small">
                <span className="mono">r{dispute.disputedEvent.revision}</span> {dispute.disputedEvent.type}
              </td>
              <td>
                <Link href={`/disputes/${encodeURIComponent(dispute.id)}`}>{dispute.claim}</Link>
              </td>
              <td>
                <span className={`badge status-${dispute.status.toLowerCase()}`}>{statusLabel(dispute.status)}</span>
                {dispute.pausesGame && dispute.status === 'OPEN' ? <span className="small muted"> (game paused)</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
