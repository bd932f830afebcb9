/** Integer cents as dollars for players: 123450 -> "$1,234.50", -50 -> "-$0.50". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(Math.trunc(cents));
  const dollars = Math.floor(absolute / 100);
  const remainder = absolute % 100;
  return `${sign}$${groupThousands(dollars)}.${String(remainder).padStart(2, '0')}`;
}

/** Whole numbers with thousands separators: 1000 -> "1,000". */
export function formatCount(count: number): string {
  const sign = count < 0 ? '-' : '';
  return `${sign}${groupThousands(Math.abs(Math.trunc(count)))}`;
}

function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
