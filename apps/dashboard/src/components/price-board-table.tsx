import { formatCents, formatCentsChange, formatCount } from '../lib/format';
import { STOCK_COLORS } from '../lib/palette';
import { directionOf, lastMove } from '../lib/prices';
import type { PricePoint, StockName } from '../lib/types';
import { Sparkline } from './sparkline';

export interface BoardRow {
  readonly stock: StockName;
  /** Cents per share: the board's current price, or the price of a time-travel snapshot. */
  readonly price: number;
  /** The stock's prices up to the moment shown, oldest first. */
  readonly history: readonly PricePoint[];
  readonly splits?: number;
  readonly timesOffMarket?: number;
}

const ARROWS = { up: '▲', down: '▼', flat: '–' } as const;

export function PriceBoardTable({ rows, caption }: { rows: readonly BoardRow[]; caption: string }) {
  const showCounts = rows.some((row) => row.splits !== undefined);
  if (rows.length === 0) return <p className="empty">The board has no prices until the game starts.</p>;
  return (
    <div className="table-wrap">
      <table className="price-board">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Stock</th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col">Last move</th>
            <th scope="col">Trend</th>
            {showCounts ? (
              <>
                <th scope="col" className="num">
                  <abbr title="Times the stock split / went off the market">Split / off</abbr>
                </th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const move = lastMove(row.history);
            const previous = move.previous?.price;
            const change = previous === undefined ? 0 : row.price - previous;
            const direction = directionOf(change);
            const moveText =
              previous === undefined
                ? 'unchanged since par'
                : `${direction === 'up' ? 'up' : direction === 'down' ? 'down' : 'unchanged'} ${formatCents(Math.abs(change))} from ${formatCents(previous)}`;
            return (
              <tr key={row.stock} data-stock={row.stock}>
                <th scope="row">
                  <span className="stock-name">
                    <span className="swatch" style={{ background: STOCK_COLORS[row.stock] }} aria-hidden="true" />
                    {row.stock}
                  </span>
                </th>
                <td className="num" data-testid={`price-${row.stock}`} data-cents={row.price}>
                  {formatCents(row.price)}
                </td>
                <td className="nowrap">
                  <span className={`change ${direction}`} title={moveText}>
                    <span aria-hidden="true">{ARROWS[direction]} </span>
                    <span className="sr-only">{moveText}</span>
                    <span aria-hidden="true">{previous === undefined ? 'at par' : formatCentsChange(change)}</span>
                  </span>
                  {move.current !== undefined && previous !== undefined ? (
                    <span className="muted small">
                      <br />
                      {move.current.round === 0 ? 'before round 1' : `in round ${formatCount(move.current.round)}`}
                    </span>
                  ) : null}
                </td>
                <td>
                  <Sparkline values={row.history.map((point) => point.price)} color={STOCK_COLORS[row.stock]} label={`${row.stock} price history`} width={96} />
                </td>
                {showCounts ? (
                  <>
                    <td className="num">
                      {formatCount(row.splits ?? 0)} / {formatCount(row.timesOffMarket ?? 0)}
                    </td>
                  </>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
