import type { CompanyId, Plan } from '@corbeille/bolsa';
import type { BolsaMarkerInput } from '../dtos/submit-bolsa-plan.input';

/** One marker per share: the markers become the engine's plan (shares to sell and buy per company, newspaper markers). */
export function toPlan(markers: readonly BolsaMarkerInput[]): Plan {
  const sell: Partial<Record<CompanyId, number>> = {};
  const buy: Partial<Record<CompanyId, number>> = {};
  let newspaper = 0;
  for (const marker of markers) {
    if (marker.action === 'NEWSPAPER') newspaper += 1;
    else if (marker.company) {
      const orders = marker.action === 'SELL' ? sell : buy;
      orders[marker.company] = (orders[marker.company] ?? 0) + 1;
    }
  }
  return { sell, buy, newspaper };
}
