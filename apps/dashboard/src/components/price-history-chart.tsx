import { formatCents } from '../lib/format';
import { STOCK_COLORS } from '../lib/palette';
import type { TimelineMark } from '../lib/timeline';
import type { StockQuote } from '../lib/types';
import { LineChart, type ChartMark } from './line-chart';

export function roundChartMarks(marks: readonly TimelineMark[]): ChartMark[] {
  return marks
    .filter((mark) => mark.kind === 'round')
    .map((mark) => ({ x: mark.revision, label: `R${mark.round}`, title: `End of round ${mark.round} (event ${mark.revision + 1}, position ${mark.position})` }));
}

export function PriceHistoryChart({
  stocks,
  lastRevision,
  marks,
  cursorRevision,
  untilRevision,
  width,
}: {
  stocks: readonly Pick<StockQuote, 'stock' | 'history'>[];
  lastRevision: number;
  marks: readonly TimelineMark[];
  cursorRevision?: number;
  untilRevision?: number;
  width?: number;
}) {
  const end = Math.min(untilRevision ?? lastRevision, lastRevision);
  const series = stocks.map((quote) => {
    const points = quote.history.filter((point) => point.revision <= end);
    const latest = points[points.length - 1];
    return {
      id: quote.stock,
      label: quote.stock,
      color: STOCK_COLORS[quote.stock],
      step: true,
      points: points.map((point) => ({ x: point.revision, y: point.price })),
      ...(latest === undefined ? {} : { legendValue: formatCents(latest.price) }),
    };
  });
  const allPrices = stocks.flatMap((quote) => quote.history.map((point) => point.price));
  return (
    <LineChart
      title="Price history"
      description={`Price of each stock in dollars per share, against the event number in the game (0 to ${lastRevision}); vertical guides mark the end of each round.`}
      series={series}
      xDomain={[0, Math.max(1, lastRevision)]}
      xLabel="Event number in the game (guides: end of round)"
      marks={roundChartMarks(marks)}
      format="price"
      yValues={allPrices}
      extendTo={end}
      {...(width === undefined ? {} : { width })}
      {...(cursorRevision === undefined ? {} : { cursorX: cursorRevision })}
      emptyText="No prices until the game starts."
    />
  );
}
