/** Pure helpers behind the hand-drawn SVG charts: scales, ticks and paths. */

export interface Point {
  readonly x: number;
  readonly y: number;
}

export type Scale = (value: number) => number;

/** Maps [d0, d1] onto [r0, r1] linearly; a zero-width domain maps everything to the middle of the range. */
export function linearScale(domain: readonly [number, number], range: readonly [number, number]): Scale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  if (d1 === d0) {
    const middle = (r0 + r1) / 2;
    return () => middle;
  }
  const factor = (r1 - r0) / (d1 - d0);
  return (value) => r0 + (value - d0) * factor;
}

/** Smallest and largest of the values, [0, 0] for none. */
export function extent(values: readonly number[]): [number, number] {
  if (values.length === 0) return [0, 0];
  let min = Infinity;
  let max = -Infinity;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return [min, max];
}

/** A "nice" step (1, 2 or 5 times a power of ten) giving about `count` intervals over the span. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || count < 1) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** Tick values at a nice step, covering [min, max] (the domain to use is [first, last]). */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (min === max) {
    const pad = min === 0 ? 1 : Math.abs(min) * 0.1;
    return niceTicks(min - pad, max + pad, count);
  }
  const low = Math.min(min, max);
  const high = Math.max(min, max);
  const step = niceStep(high - low, count);
  const start = Math.floor(low / step) * step;
  const end = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  for (let index = 0; start + index * step <= end + step / 1e6; index += 1) {
    ticks.push(roundTo(start + index * step, step));
  }
  return ticks;
}

function roundTo(value: number, step: number): number {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  return Number(value.toFixed(decimals));
}

/** An SVG path through the points ("M x y L x y ..."), coordinates rounded to 0.1. */
export function linePath(points: readonly Point[]): string {
  return points.map((point, index) => `${index === 0 ? 'M' : 'L'}${round1(point.x)} ${round1(point.y)}`).join(' ');
}

/**
 * A value that holds until the next change, drawn as steps: each point's value runs horizontally to the
 * next point's x before moving; the last value runs to `untilX` when given.
 */
export function stepPoints(points: readonly Point[], untilX?: number): Point[] {
  const steps: Point[] = [];
  points.forEach((point, index) => {
    const previous = points[index - 1];
    if (previous !== undefined && previous.y !== point.y) steps.push({ x: point.x, y: previous.y });
    steps.push(point);
  });
  const last = points[points.length - 1];
  if (last !== undefined && untilX !== undefined && untilX > last.x) steps.push({ x: untilX, y: last.y });
  return steps;
}

/** A sparkline path of the values, spread evenly over width and scaled into height (with a margin). */
export function sparklinePath(values: readonly number[], width: number, height: number, margin = 2): string {
  if (values.length === 0) return '';
  const [min, max] = extent(values);
  const x = linearScale([0, Math.max(1, values.length - 1)], [margin, width - margin]);
  const y = linearScale([min, max], [height - margin, margin]);
  const only = values.length === 1 ? y(values[0] ?? 0) : undefined;
  const points =
    only === undefined
      ? values.map((value, index) => ({ x: x(index), y: y(value) }))
      : [
          { x: margin, y: only },
          { x: width - margin, y: only },
        ];
  return linePath(points);
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** At most `max` items, evenly spread, always keeping the first and the last. */
export function sampleEvenly<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return items.slice();
  if (max < 2) return max === 1 ? items.slice(-1) : [];
  const picked: T[] = [];
  const step = (items.length - 1) / (max - 1);
  let lastIndex = -1;
  for (let index = 0; index < max; index += 1) {
    const at = Math.round(index * step);
    if (at !== lastIndex) {
      const item = items[at];
      if (item !== undefined) picked.push(item);
      lastIndex = at;
    }
  }
  return picked;
}
