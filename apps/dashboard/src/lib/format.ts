/** Integer cents as dollars: 123450 -> "$1,234.50", -50 -> "-$0.50". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(Math.trunc(cents));
  const dollars = Math.floor(absolute / 100);
  const remainder = absolute % 100;
  return `${sign}$${groupThousands(dollars)}.${String(remainder).padStart(2, '0')}`;
}

/** A small per-share amount in cents: 10 -> "10¢", 125 -> "$1.25". */
export function formatPerShare(cents: number): string {
  return Math.abs(cents) < 100 ? `${Math.trunc(cents)}¢` : formatCents(cents);
}

/** A signed change in cents: 10 -> "+$0.10", -25 -> "-$0.25", 0 -> "$0.00". */
export function formatCentsChange(cents: number): string {
  return cents > 0 ? `+${formatCents(cents)}` : formatCents(cents);
}

/** Whole numbers with thousands separators: 1000 -> "1,000". */
export function formatCount(count: number): string {
  const sign = count < 0 ? '-' : '';
  return `${sign}${groupThousands(Math.abs(Math.trunc(count)))}`;
}

function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/**
 * An ISO-8601 instant in UTC, the same on the server and in every browser: "03 Nov 2026, 19:00:15 UTC"
 * (without the zone when a heading already says UTC).
 */
export function formatDateTime(iso: string, options: { zone?: boolean } = {}): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const text = DATE_TIME.format(new Date(time));
  return options.zone === false ? text : `${text} UTC`;
}

const PHASE_LABELS: Readonly<Record<string, string>> = {
  LOBBY: 'Lobby',
  OPENING: 'Opening purchases',
  TRADING: 'Trading window',
  ROLLING: 'Rolling',
  FINISHED: 'Finished',
};

export function formatPhase(phase: string): string {
  return PHASE_LABELS[phase] ?? phase;
}

/** "Alice", "Alice and Chloe", "Alice, Bruno and Chloe". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The currency each game counts in: dollars for Stock Ticker and Maxi Bourse, euros for BOLSA. */
export function currencySymbolOf(gameType: string): string {
  return gameType.toUpperCase().replace(/-/g, '_') === 'BOLSA' ? '€' : '$';
}

/** Integer cents in a currency: formatCents with the game's symbol ("€35.00"). */
export function formatCentsIn(cents: number, symbol: string): string {
  return symbol === '$' ? formatCents(cents) : formatCents(cents).replace('$', symbol);
}

export function formatCentsChangeIn(cents: number, symbol: string): string {
  return symbol === '$' ? formatCentsChange(cents) : formatCentsChange(cents).replace('$', symbol);
}
