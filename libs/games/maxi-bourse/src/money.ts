/** Money as a player reads it: 1,050,000 $. */
export function formatDollars(amount: number): string {
  return `${formatCount(amount)} $`;
}

export function formatCount(count: number): string {
  const sign = count < 0 ? '-' : '';
  return sign + String(Math.abs(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
