import Link from 'next/link';
import type { ClassTrade } from '../lib/classes';
import { currencySymbolOf, formatCentsIn, formatCount, formatDateTime } from '../lib/format';
import { gameTypeLabel } from '../lib/leagues';
import { TradeAnnotations } from './trade-annotations';

/** The trades of a class's tables; with `classId` for annotating, a teacher's notes and the form to add one. */
export function ClassTradeTable({ trades, annotateIn }: { trades: readonly ClassTrade[]; annotateIn?: string }) {
  if (trades.length === 0) return <p className="empty">No trade matches.</p>;
  return (
    <div className="table-wrap">
      <table data-testid="class-trades">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Student</th>
            <th scope="col">Game</th>
            <th scope="col" className="num">
              Round
            </th>
            <th scope="col">Trade</th>
            <th scope="col">Company</th>
            <th scope="col" className="num">
              Shares
            </th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">With</th>
            <th scope="col">Flags</th>
            {annotateIn !== undefined ? <th scope="col">Annotations</th> : null}
          </tr>
        </thead>
        <tbody>
          {trades.map((trade) => (
            <tr key={trade.id} data-trade={trade.id}>
              <td className="small">{formatDateTime(trade.occurredAt)}</td>
              <th scope="row">{trade.studentName}</th>
              <td>
                <Link href={`/games/${encodeURIComponent(trade.gameId)}/replay?position=${trade.position}`} title={`Replay ${trade.gameId} at this trade`}>
                  {trade.gameId}
                </Link>
                <span className="muted small"> {gameTypeLabel(trade.gameType)}</span>
              </td>
              <td className="num">{trade.round === null ? '—' : formatCount(trade.round)}</td>
              <td>
                {trade.type === 'BUY' ? 'bought' : 'sold'}
                {trade.via !== null ? <span className="muted small"> ({trade.via})</span> : null}
              </td>
              <td>{trade.company}</td>
              <td className="num">{formatCount(trade.shares)}</td>
              <td className="num">{formatCentsIn(trade.price, currencySymbolOf(trade.gameType))}</td>
              <td className="num">{formatCentsIn(trade.amount, currencySymbolOf(trade.gameType))}</td>
              <td>{trade.counterparty}</td>
              <td className="small">{trade.flags.length === 0 ? <span className="muted">—</span> : trade.flags.map((flag) => flag.toLowerCase().replace(/_/g, ' ')).join(', ')}</td>
              {annotateIn !== undefined ? (
                <td>
                  <TradeAnnotations classId={annotateIn} tradeId={trade.id} initial={trade.annotations} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
