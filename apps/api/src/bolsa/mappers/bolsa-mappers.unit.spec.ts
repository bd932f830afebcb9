import type { BolsaLedgerEntry } from '@corbeille/projections';
import { toPlan } from './bolsa-plan.mapper';
import { lotsOf } from './bolsa-view.mapper';

const entry = (kind: BolsaLedgerEntry['kind'], shares: number, price: number | null, company: BolsaLedgerEntry['company'] = 'CEREAL'): BolsaLedgerEntry => ({
  gameId: 'g',
  position: 1,
  revision: 1,
  sequence: 0,
  kind,
  month: 1,
  playerId: 'ana',
  company,
  shares,
  price,
  amount: price === null ? null : shares * price,
  via: kind === 'PURCHASE' ? 'purchase' : null,
  real: null,
  draw: null,
  occurredAt: '2026-01-01T00:00:00.000Z',
});

describe('BOLSA mappers', () => {
  it('turn markers into the engine plan, one share per marker', () => {
    expect(
      toPlan([
        { action: 'BUY', company: 'CEREAL' },
        { action: 'BUY', company: 'CEREAL' },
        { action: 'SELL', company: 'BIOTECH' },
        { action: 'NEWSPAPER' },
        { action: 'NEWSPAPER', company: null },
      ]),
    ).toEqual({ sell: { BIOTECH: 1 }, buy: { CEREAL: 2 }, newspaper: 2 });
    expect(toPlan([])).toEqual({ sell: {}, buy: {}, newspaper: 0 });
  });

  it('keep what was paid per share, sales taking the oldest shares first', () => {
    // Dealt 2, bought 3 at 30 then 1 at 33, sold 3: one bought at 30 and the one at 33 are left.
    const trades = [entry('PURCHASE', 3, 30), entry('SALE', 3, 31), entry('PURCHASE', 1, 33), entry('PURCHASE', 4, 20, 'BIOTECH')];
    expect(lotsOf('CEREAL', 3, trades)).toEqual([
      { price: 30, shares: 2 },
      { price: 33, shares: 1 },
    ]);
    expect(lotsOf('BIOTECH', 5, trades)).toEqual([
      { price: null, shares: 1 },
      { price: 20, shares: 4 },
    ]);
    expect(lotsOf('INDUSTRIAL', 0, trades)).toEqual([]);
    expect(lotsOf('CEREAL', 0, [...trades, entry('LIQUIDATION', 3, 35)])).toEqual([]);
  });
});
