/**
 * How every benchmark reports: the figure, the reference measured in the same run, their ratio, and the
 * goal it is held to. A summary table is printed at the end of the run.
 */

export type Goal =
  /** figure / reference must reach this ratio. */
  | { readonly kind: 'ratio-at-least'; readonly ratio: number }
  /** The figure itself must reach this value (higher is better). */
  | { readonly kind: 'at-least'; readonly value: number }
  /** The figure itself must stay below this value (lower is better). */
  | { readonly kind: 'below'; readonly value: number }
  | { readonly kind: 'none' };

export interface Figure {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  /** What the figure is compared with, measured in the same run. */
  readonly reference?: { readonly name: string; readonly value: number };
  readonly goal: Goal;
  /** Extra detail printed under the figure (e.g. p50, max, sizes). */
  readonly notes?: readonly string[];
}

const figures: Figure[] = [];

export function format(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 100) return Math.round(value).toLocaleString('en-GB');
  if (abs >= 10) return value.toFixed(1);
  if (abs >= 1) return value.toFixed(2);
  return value.toFixed(3);
}

export function ratioOf(figure: Figure): number | undefined {
  return figure.reference ? figure.value / figure.reference.value : undefined;
}

export function passes(figure: Figure): boolean | undefined {
  const { goal } = figure;
  switch (goal.kind) {
    case 'ratio-at-least': {
      const ratio = ratioOf(figure);
      return ratio === undefined ? undefined : ratio >= goal.ratio;
    }
    case 'at-least':
      return figure.value >= goal.value;
    case 'below':
      return figure.value < goal.value;
    case 'none':
      return undefined;
  }
}

function describeGoal(figure: Figure): string {
  const { goal } = figure;
  switch (goal.kind) {
    case 'ratio-at-least':
      return `ratio >= ${goal.ratio}`;
    case 'at-least':
      return `>= ${format(goal.value)} ${figure.unit}`;
    case 'below':
      return `< ${format(goal.value)} ${figure.unit}`;
    case 'none':
      return 'information';
  }
}

function verdict(figure: Figure): string {
  const pass = passes(figure);
  return pass === undefined ? '' : pass ? 'PASS' : 'MISS';
}

/** Prints a figure at once and keeps it for the summary. */
export function report(figure: Figure): void {
  figures.push(figure);
  const ratio = ratioOf(figure);
  const reference = figure.reference ? `; reference ${figure.reference.name}: ${format(figure.reference.value)} ${figure.unit}` : '';
  const shownRatio = ratio === undefined ? '' : `; ratio ${ratio.toFixed(2)}`;
  console.log(`  ${figure.name}: ${format(figure.value)} ${figure.unit}${reference}${shownRatio} [${describeGoal(figure)}] ${verdict(figure)}`);
  for (const note of figure.notes ?? []) console.log(`      ${note}`);
}

export function section(title: string): void {
  console.log(`\n== ${title}`);
}

export function printSummary(): void {
  console.log('\n== Summary');
  const rows = figures.map((figure) => {
    const ratio = ratioOf(figure);
    return [
      figure.name,
      `${format(figure.value)} ${figure.unit}`,
      figure.reference ? `${format(figure.reference.value)} ${figure.unit}` : '-',
      ratio === undefined ? '-' : ratio.toFixed(2),
      describeGoal(figure),
      verdict(figure),
    ];
  });
  const header = ['figure', 'value', 'reference', 'ratio', 'goal', ''];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
  for (const row of rows) console.log(line(row));
}

/** Percentile (0..100) of a sample, by nearest rank. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export function sortedCopy(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

export function median(values: readonly number[]): number {
  return percentile(sortedCopy(values), 50);
}

/** Peak resident set size of this process so far (VmHWM), in MiB. */
export function peakRssMiB(): number {
  return process.resourceUsage().maxRSS / 1024;
}
