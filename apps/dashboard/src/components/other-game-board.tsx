import Link from 'next/link';
import { currencySymbolOf, formatCentsChangeIn, formatCentsIn, formatCount, formatDateTime } from '../lib/format';
import { describeOtherEvent, type CompanyRow, type OtherGameBoard } from '../lib/multi-game';
import { playerColor } from '../lib/palette';
import { LineChart } from './line-chart';
import { Sparkline } from './sparkline';

const ARROWS = { up: '▲', down: '▼', flat: '–' } as const;

/** Many companies (Maxi Bourse has 40): the chart draws the ones that moved most, the table lists them all. */
const CHART_COMPANIES = 8;

function companyColor(index: number): string {
  return playerColor(index);
}

function lastChange(row: CompanyRow): number {
  const previous = row.history[row.history.length - 2];
  return previous === undefined ? 0 : row.price - previous.price;
}

export function OtherGameBoardView({ board }: { board: OtherGameBoard }) {
  const { summary, companies, portfolios, decision, events } = board;
  const names = new Map(summary.players.map((player) => [player.playerId, player.name]));
  const symbol = currencySymbolOf(summary.kind);
  const formatCents = (cents: number) => formatCentsIn(cents, symbol);
  const charted = [...companies]
    .sort((a, b) => b.history.length - a.history.length || a.id.localeCompare(b.id))
    .slice(0, CHART_COMPANIES);
  const series = charted.map((row, index) => ({
    id: row.id,
    label: row.label,
    color: companyColor(index),
    step: true,
    points: row.history.map((point) => ({ x: point.position, y: point.price })),
    legendValue: formatCents(row.price),
  }));
  const positions = companies.flatMap((row) => row.history.map((point) => point.position));
  const first = positions.length === 0 ? 0 : Math.min(...positions);
  const base = `/games/${encodeURIComponent(summary.id)}`;
  return (
    <>
      <div className="grid-board">
        <section className="panel" aria-labelledby="board-title">
          <h2 id="board-title">Price board</h2>
          {board.boardNotes.length > 0 ? <p className="small muted">{board.boardNotes.join(' · ')}</p> : null}
          {companies.length === 0 ? (
            <p className="empty">No prices until the game starts.</p>
          ) : (
            <div className="table-wrap">
              <table className="price-board" data-testid="company-board">
                <thead>
                  <tr>
                    <th scope="col">Company</th>
                    <th scope="col" className="num">
                      Price
                    </th>
                    <th scope="col">Last move</th>
                    <th scope="col">Trend</th>
                    <th scope="col">Details</th>
                  </tr>
                </thead>
                <tbody>
                  {companies.map((row, index) => {
                    const change = lastChange(row);
                    const direction = change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
                    return (
                      <tr key={row.id} data-company={row.id}>
                        <th scope="row">{row.label}</th>
                        <td className="num" data-testid={`price-${row.id}`} data-cents={row.price}>
                          {formatCents(row.price)}
                        </td>
                        <td className={`change ${direction}`}>
                          <span aria-hidden="true">{ARROWS[direction]}</span> {formatCentsChangeIn(change, symbol)}
                        </td>
                        <td>
                          <Sparkline values={row.history.map((point) => point.price)} color={companyColor(index % 8)} label={row.label} />
                        </td>
                        <td className="small">{row.details.join(', ')}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <section className="panel" aria-labelledby="decision-title">
          <h2 id="decision-title">Pending decision</h2>
          {decision === null ? (
            <p className="empty">{summary.phase === 'FINISHED' ? 'The game is over.' : 'Nothing awaited.'}</p>
          ) : (
            <div data-testid="pending-decision">
              <p>
                <strong>{decision.title}</strong>
              </p>
              <p>Waiting for: {decision.awaiting.length === 0 ? <span className="muted">nobody</span> : decision.awaiting.join(', ')}</p>
              <ul className="small">
                {decision.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          )}
        </section>
      </div>
      <section className="panel" aria-labelledby="history-title">
        <h2 id="history-title">Price history</h2>
        <LineChart
          title={companies.length > CHART_COMPANIES ? `Price history (the ${CHART_COMPANIES} companies that moved most often)` : 'Price history'}
          description="Each company's price after every move, by event position in the log, from the API's price board."
          series={series}
          xDomain={[first, Math.max(first + 1, summary.lastPosition)]}
          xLabel="Event position in the log"
          format="price"
          currencySymbol={symbol}
          extendTo={summary.lastPosition}
          emptyText="No price has moved yet."
        />
      </section>
      <section className="panel" aria-labelledby="worth-title">
        <h2 id="worth-title">Worth over time</h2>
        <LineChart
          title="Worth over time"
          description="Each player's cash plus shares at that moment's prices, from the API's state at evenly spread positions of the log (a player whose shares you may not see has no point)."
          series={summary.players.map((player) => {
            const points = board.worthHistory.flatMap((point) => {
              const value = point.values[player.playerId];
              return value === null || value === undefined ? [] : [{ x: point.position, y: value }];
            });
            const latest = points[points.length - 1];
            return {
              id: player.playerId,
              label: player.name,
              color: playerColor(player.seat),
              dots: true,
              points,
              ...(latest === undefined ? {} : { legendValue: formatCents(latest.y) }),
            };
          })}
          xDomain={[first, Math.max(first + 1, summary.lastPosition)]}
          xLabel="Event position in the log"
          format="money"
          currencySymbol={symbol}
          emptyText="No worth to show yet (or the shares are hidden from you)."
        />
      </section>
      <section className="panel" aria-labelledby="portfolios-title">
        <h2 id="portfolios-title">Portfolios</h2>
        <div className="table-wrap">
          <table data-testid="other-portfolios">
            <thead>
              <tr>
                <th scope="col">Player</th>
                <th scope="col" className="num">
                  Cash
                </th>
                <th scope="col">Shares</th>
                <th scope="col" className="num">
                  Worth
                </th>
                <th scope="col" className="num">
                  Rank
                </th>
                <th scope="col">Notes</th>
              </tr>
            </thead>
            <tbody>
              {portfolios.map((portfolio) => (
                <tr key={portfolio.playerId} data-player={portfolio.playerId}>
                  <th scope="row">
                    <span className="swatch" style={{ background: playerColor(portfolio.seat) }} aria-hidden="true" /> {portfolio.name}
                  </th>
                  <td className="num">{formatCents(portfolio.cash)}</td>
                  <td className="small">
                    {portfolio.holdings === null ? (
                      <span className="muted">hidden behind the screen</span>
                    ) : portfolio.holdings.filter((holding) => holding.shares > 0).length === 0 ? (
                      <span className="muted">none</span>
                    ) : (
                      portfolio.holdings
                        .filter((holding) => holding.shares > 0)
                        .map((holding) => `${formatCount(holding.shares)} ${holding.company}`)
                        .join(', ')
                    )}
                  </td>
                  <td className="num">{portfolio.worth === null ? <span className="muted">hidden</span> : formatCents(portfolio.worth)}</td>
                  <td className="num">{portfolio.rank ?? '—'}</td>
                  <td className="small">{portfolio.notes.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="panel" aria-labelledby="recent-title">
        <div className="section-head">
          <h2 id="recent-title">Recent events</h2>
          <Link href={`${base}/events`}>Whole audit trail</Link>
        </div>
        <ol className="feed">
          {events.map((event) => (
            <li key={event.id}>
              <span className="mono small">#{event.position}</span> {describeOtherEvent(event, names)}{' '}
              <span className="muted small">{formatDateTime(event.occurredAt)}</span>{' '}
              <Link href={`${base}/replay?position=${event.position}`} className="small">
                replay
              </Link>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
