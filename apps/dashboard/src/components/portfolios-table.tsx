import { formatCents, formatCount } from '../lib/format';
import type { Holding, StockName } from '../lib/types';

export interface PortfolioRow {
  readonly playerId: string;
  readonly name: string;
  readonly cash: number | null;
  readonly holdings: readonly Holding[];
  readonly loan: number | null;
  readonly netWorth: number | null;
}

export function PortfoliosTable({
  rows,
  stocks,
  brokerId,
  winners,
  caption,
}: {
  rows: readonly PortfolioRow[];
  stocks: readonly StockName[];
  brokerId: string | null;
  winners: readonly string[];
  caption: string;
}) {
  if (rows.length === 0) return <p className="empty">No portfolios until the game starts.</p>;
  const winnerSet = new Set(winners);
  return (
    <div className="table-wrap">
      <table className="portfolios">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Player</th>
            <th scope="col" className="num">
              Cash
            </th>
            {stocks.map((stock) => (
              <th key={stock} scope="col" className="num">
                {stock}
              </th>
            ))}
            <th scope="col" className="num">
              Loan
            </th>
            <th scope="col" className="num">
              Net worth
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const byStock = new Map(row.holdings.map((holding) => [holding.stock, holding]));
            return (
              <tr key={row.playerId} data-player={row.playerId}>
                <th scope="row">
                  {row.name}{' '}
                  {row.playerId === brokerId ? <span className="badge broker">Broker</span> : null}{' '}
                  {winnerSet.has(row.playerId) ? <span className="badge winner">Winner</span> : null}
                </th>
                <td className="num">{row.cash === null ? '—' : formatCents(row.cash)}</td>
                {stocks.map((stock) => {
                  const holding = byStock.get(stock);
                  if (holding === undefined || holding.shares === 0) {
                    return (
                      <td key={stock} className="num muted">
                        —
                      </td>
                    );
                  }
                  return (
                    <td key={stock} className="num">
                      {formatCount(holding.shares)}
                      <br />
                      <span className="muted small">{formatCents(holding.value)}</span>
                    </td>
                  );
                })}
                <td className="num">{row.loan === null || row.loan === 0 ? '—' : formatCents(row.loan)}</td>
                <td className="num" data-testid={`net-worth-${row.playerId}`}>
                  <strong>{row.netWorth === null ? '—' : formatCents(row.netWorth)}</strong>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
