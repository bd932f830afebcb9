import { useId } from 'react';
import { extent, linearScale, linePath, niceTicks, stepPoints, type Point } from '../lib/chart-scale';
import { formatCentsIn, formatCount } from '../lib/format';

export interface ChartSeries {
  readonly id: string;
  readonly label: string;
  readonly color: string;
  readonly points: readonly Point[];
  /** The value holds until the next point (prices); otherwise points are joined directly. */
  readonly step?: boolean;
  readonly dots?: boolean;
  /** Shown after the label in the legend, e.g. the latest value. */
  readonly legendValue?: string;
}

/** A labelled vertical guide, e.g. the end of a round. */
export interface ChartMark {
  readonly x: number;
  readonly label: string;
  readonly title: string;
}

/** How values are written on the y axis: prices with cents, larger amounts in whole dollars, plain numbers (ranks, ratings). */
export type ValueFormat = 'price' | 'money' | 'count';

export interface LineChartProps {
  readonly title: string;
  readonly description: string;
  readonly series: readonly ChartSeries[];
  readonly xDomain: readonly [number, number];
  readonly xLabel: string;
  readonly marks?: readonly ChartMark[];
  readonly format: ValueFormat;
  readonly cursorX?: number;
  readonly height?: number;
  /** Width of the drawing in SVG units: about the width it is shown at, so text keeps its size. */
  readonly width?: number;
  /** More values the y axis must cover (e.g. the whole game while only part of it is drawn). */
  readonly yValues?: readonly number[];
  /** Where stepped lines stop (the end of the x domain by default). */
  readonly extendTo?: number;
  readonly emptyText?: string;
  /** Smaller values drawn higher (ranks: first at the top). */
  readonly invertY?: boolean;
  /** The currency of money values ($ unless told). */
  readonly currencySymbol?: string;
}

const MARGIN = { top: 14, right: 16, bottom: 44, left: 74 };
const MAX_MARK_LABELS = 12;

function formatTick(value: number, format: ValueFormat, symbol = '$'): string {
  if (format === 'price') return formatCentsIn(value, symbol);
  if (format === 'count') return formatCount(value);
  const dollars = Math.round(value / 100);
  return `${dollars < 0 ? '-' : ''}${symbol}${formatCount(Math.abs(dollars))}`;
}

export function LineChart(props: LineChartProps) {
  const { title, description, series, xDomain, xLabel, marks = [], format, cursorX, height = 300, width = 1000, yValues = [], extendTo, emptyText, invertY = false, currencySymbol = '$' } = props;
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const drawnValues = series.flatMap((line) => line.points.map((point) => point.y));
  const hasData = drawnValues.length > 0;
  const values = [...drawnValues, ...yValues];
  const [low, high] = extent(values);
  const ticks = niceTicks(low, high, 5);
  const yMin = ticks[0] ?? 0;
  const yMax = ticks[ticks.length - 1] ?? 1;
  const plotBottom = height - MARGIN.bottom;
  const plotRight = width - MARGIN.right;
  const x = linearScale(xDomain, [MARGIN.left, plotRight]);
  const y = linearScale([yMin, yMax], invertY ? [MARGIN.top, plotBottom] : [plotBottom, MARGIN.top]);
  const labelEvery = Math.max(1, Math.ceil(marks.length / Math.max(4, Math.round((MAX_MARK_LABELS * width) / 1000))));
  const inDomain = (value: number) => value >= Math.min(...xDomain) && value <= Math.max(...xDomain);

  if (!hasData) {
    return (
      <figure className="chart">
        <figcaption id={titleId}>{title}</figcaption>
        <p className="empty">{emptyText ?? 'No data yet.'}</p>
      </figure>
    );
  }

  return (
    <figure className="chart">
      <figcaption id={titleId}>{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={titleId} aria-describedby={descId}>
        <desc id={descId}>{description}</desc>
        <g className="grid" aria-hidden="true">
          {ticks.map((tick) => (
            <line key={`y${tick}`} x1={MARGIN.left} x2={plotRight} y1={y(tick)} y2={y(tick)} />
          ))}
        </g>
        <g aria-hidden="true">
          {marks.filter((mark) => inDomain(mark.x)).map((mark, index) => (
            <g key={`m${mark.x}-${index}`}>
              <line className="round-mark" x1={x(mark.x)} x2={x(mark.x)} y1={MARGIN.top} y2={plotBottom} />
              <title>{mark.title}</title>
            </g>
          ))}
        </g>
        <g className="axis" aria-hidden="true">
          {ticks.map((tick) => (
            <text key={`t${tick}`} x={MARGIN.left - 8} y={y(tick) + 4} textAnchor="end">
              {formatTick(tick, format, currencySymbol)}
            </text>
          ))}
          {marks.map((mark, index) =>
            index % labelEvery === labelEvery - 1 || index === marks.length - 1 ? (
              inDomain(mark.x) ? (
                <text key={`l${mark.x}-${index}`} x={x(mark.x)} y={plotBottom + 16} textAnchor="middle">
                  {mark.label}
                </text>
              ) : null
            ) : null,
          )}
          <line x1={MARGIN.left} x2={plotRight} y1={plotBottom} y2={plotBottom} stroke="#94a3b8" />
          <text x={(MARGIN.left + plotRight) / 2} y={height - 8} textAnchor="middle">
            {xLabel}
          </text>
        </g>
        {series.map((line) => {
          const points = line.points.map((point) => ({ x: x(point.x), y: y(point.y) }));
          const drawn = line.step ? stepPoints(points, x(extendTo ?? xDomain[1])) : points;
          return (
            <g key={line.id}>
              <path d={linePath(drawn)} fill="none" stroke={line.color} strokeWidth={2} strokeLinejoin="round" />
              {line.dots
                ? line.points.map((point, index) => (
                    <circle key={index} cx={x(point.x)} cy={y(point.y)} r={2.8} fill={line.color}>
                      <title>{`${line.label}: ${format === 'count' ? String(point.y) : formatCentsIn(point.y, currencySymbol)}`}</title>
                    </circle>
                  ))
                : null}
            </g>
          );
        })}
        {cursorX !== undefined && inDomain(cursorX) ? (
          <line className="cursor" x1={x(cursorX)} x2={x(cursorX)} y1={MARGIN.top} y2={plotBottom} aria-hidden="true" />
        ) : null}
      </svg>
      <ul className="legend" aria-label={`${title}: legend`}>
        {series.map((line) => (
          <li key={line.id}>
            <span className="swatch" style={{ background: line.color }} aria-hidden="true" />
            {line.label}
            {line.legendValue !== undefined ? <span className="muted">{line.legendValue}</span> : null}
          </li>
        ))}
      </ul>
    </figure>
  );
}
