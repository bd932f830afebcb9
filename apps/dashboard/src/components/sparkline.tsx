import { sparklinePath } from '../lib/chart-scale';
import { formatCents } from '../lib/format';

export function Sparkline({ values, color, label, width = 110, height = 28 }: { values: readonly number[]; color: string; label: string; width?: number; height?: number }) {
  const first = values[0];
  const last = values[values.length - 1];
  const summary =
    first === undefined || last === undefined
      ? `${label}: no prices yet`
      : `${label}: ${values.length} ${values.length === 1 ? 'price' : 'prices'}, from ${formatCents(first)} to ${formatCents(last)}`;
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary} className="sparkline">
      <title>{summary}</title>
      <path d={sparklinePath(values, width, height)} fill="none" stroke={color} strokeWidth={1.6} strokeLinejoin="round" />
    </svg>
  );
}
