import type { StockName } from './types';

/** One colour per stock, the same on every chart and table. */
export const STOCK_COLORS: Readonly<Record<StockName, string>> = {
  GOLD: '#b7791f',
  TECH: '#2563eb',
  OIL: '#1f2937',
  INDUSTRIAL: '#7c3aed',
  BONDS: '#059669',
  GRAIN: '#dc2626',
};

const PLAYER_COLORS = ['#2563eb', '#dc2626', '#059669', '#b7791f', '#7c3aed', '#db2777', '#0891b2', '#4b5563'] as const;

/** A colour per seat, cycling after eight players. */
export function playerColor(seat: number): string {
  return PLAYER_COLORS[((seat % PLAYER_COLORS.length) + PLAYER_COLORS.length) % PLAYER_COLORS.length] ?? '#4b5563';
}
