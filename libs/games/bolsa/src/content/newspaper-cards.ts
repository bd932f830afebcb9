import type { CompanyId, NewspaperCard, NewspaperCardId } from '../types';

/**
 * The 60 "Finance & Stock" newspaper cards (decisions.md): 48 single-company cards, 8 per company
 * (-3, -2, -1, -1, +1, +1, +2, +3 levels), 6 two-company cards and 6 "Suspend Trading" cards.
 * The card texts are the project's; a club can replace this list with its printed cards.
 */
export const newspaperCards: readonly NewspaperCard[] = [
  move('card-01', 'CEREAL SA profit warning: shares collapse', [['CEREAL', -3]]),
  move('card-02', 'CEREAL SA loses a major contract', [['CEREAL', -2]]),
  move('card-03', 'CEREAL SA results below forecasts', [['CEREAL', -1]]),
  move('card-04', 'Analysts downgrade CEREAL SA', [['CEREAL', -1]]),
  move('card-05', 'CEREAL SA results above forecasts', [['CEREAL', 1]]),
  move('card-06', 'Analysts upgrade CEREAL SA', [['CEREAL', 1]]),
  move('card-07', 'CEREAL SA wins a major contract', [['CEREAL', 2]]),
  move('card-08', 'CEREAL SA record profits: shares soar', [['CEREAL', 3]]),
  move('card-09', 'BIOTECH SA profit warning: shares collapse', [['BIOTECH', -3]]),
  move('card-10', 'BIOTECH SA loses a major contract', [['BIOTECH', -2]]),
  move('card-11', 'BIOTECH SA results below forecasts', [['BIOTECH', -1]]),
  move('card-12', 'Analysts downgrade BIOTECH SA', [['BIOTECH', -1]]),
  move('card-13', 'BIOTECH SA results above forecasts', [['BIOTECH', 1]]),
  move('card-14', 'Analysts upgrade BIOTECH SA', [['BIOTECH', 1]]),
  move('card-15', 'BIOTECH SA wins a major contract', [['BIOTECH', 2]]),
  move('card-16', 'BIOTECH SA record profits: shares soar', [['BIOTECH', 3]]),
  move('card-17', 'INDUSTRIAL SA profit warning: shares collapse', [['INDUSTRIAL', -3]]),
  move('card-18', 'INDUSTRIAL SA loses a major contract', [['INDUSTRIAL', -2]]),
  move('card-19', 'INDUSTRIAL SA results below forecasts', [['INDUSTRIAL', -1]]),
  move('card-20', 'Analysts downgrade INDUSTRIAL SA', [['INDUSTRIAL', -1]]),
  move('card-21', 'INDUSTRIAL SA results above forecasts', [['INDUSTRIAL', 1]]),
  move('card-22', 'Analysts upgrade INDUSTRIAL SA', [['INDUSTRIAL', 1]]),
  move('card-23', 'INDUSTRIAL SA wins a major contract', [['INDUSTRIAL', 2]]),
  move('card-24', 'INDUSTRIAL SA record profits: shares soar', [['INDUSTRIAL', 3]]),
  move('card-25', 'ENERGY SA profit warning: shares collapse', [['ENERGY', -3]]),
  move('card-26', 'ENERGY SA loses a major contract', [['ENERGY', -2]]),
  move('card-27', 'ENERGY SA results below forecasts', [['ENERGY', -1]]),
  move('card-28', 'Analysts downgrade ENERGY SA', [['ENERGY', -1]]),
  move('card-29', 'ENERGY SA results above forecasts', [['ENERGY', 1]]),
  move('card-30', 'Analysts upgrade ENERGY SA', [['ENERGY', 1]]),
  move('card-31', 'ENERGY SA wins a major contract', [['ENERGY', 2]]),
  move('card-32', 'ENERGY SA record profits: shares soar', [['ENERGY', 3]]),
  move('card-33', 'PHONE SA profit warning: shares collapse', [['PHONE', -3]]),
  move('card-34', 'PHONE SA loses a major contract', [['PHONE', -2]]),
  move('card-35', 'PHONE SA results below forecasts', [['PHONE', -1]]),
  move('card-36', 'Analysts downgrade PHONE SA', [['PHONE', -1]]),
  move('card-37', 'PHONE SA results above forecasts', [['PHONE', 1]]),
  move('card-38', 'Analysts upgrade PHONE SA', [['PHONE', 1]]),
  move('card-39', 'PHONE SA wins a major contract', [['PHONE', 2]]),
  move('card-40', 'PHONE SA record profits: shares soar', [['PHONE', 3]]),
  move('card-41', 'BANCA SA profit warning: shares collapse', [['BANCA', -3]]),
  move('card-42', 'BANCA SA loses a major contract', [['BANCA', -2]]),
  move('card-43', 'BANCA SA results below forecasts', [['BANCA', -1]]),
  move('card-44', 'Analysts downgrade BANCA SA', [['BANCA', -1]]),
  move('card-45', 'BANCA SA results above forecasts', [['BANCA', 1]]),
  move('card-46', 'Analysts upgrade BANCA SA', [['BANCA', 1]]),
  move('card-47', 'BANCA SA wins a major contract', [['BANCA', 2]]),
  move('card-48', 'BANCA SA record profits: shares soar', [['BANCA', 3]]),
  move('card-49', 'Genetically modified crops banned: farmers return to CEREAL SA', [['CEREAL', 2], ['BIOTECH', -2]]),
  move('card-50', 'BIOTECH SA and PHONE SA launch a health app', [['BIOTECH', 2], ['PHONE', 1]]),
  move('card-51', 'Energy prices soar: INDUSTRIAL SA pays the bill', [['ENERGY', 2], ['INDUSTRIAL', -2]]),
  move('card-52', 'Oil spill: BANCA SA exposed to ENERGY SA debt', [['ENERGY', -1], ['BANCA', -1]]),
  move('card-53', 'Network roll-out: PHONE SA orders its masts from INDUSTRIAL SA', [['PHONE', 2], ['INDUSTRIAL', 1]]),
  move('card-54', 'Interest rates rise: BANCA SA gains, farmers of CEREAL SA pay', [['BANCA', 2], ['CEREAL', -1]]),
  suspend('card-55', 'Suspend Trading: CEREAL SA awaits a regulator ruling', 'CEREAL'),
  suspend('card-56', 'Suspend Trading: BIOTECH SA awaits a regulator ruling', 'BIOTECH'),
  suspend('card-57', 'Suspend Trading: INDUSTRIAL SA awaits a regulator ruling', 'INDUSTRIAL'),
  suspend('card-58', 'Suspend Trading: ENERGY SA awaits a regulator ruling', 'ENERGY'),
  suspend('card-59', 'Suspend Trading: PHONE SA awaits a regulator ruling', 'PHONE'),
  suspend('card-60', 'Suspend Trading: BANCA SA awaits a regulator ruling', 'BANCA'),
];

function move(id: NewspaperCardId, headline: string, moves: readonly (readonly [CompanyId, number])[]): NewspaperCard {
  return { id, headline, effect: { kind: 'move', moves: moves.map(([company, levels]) => ({ company, levels })) } };
}

function suspend(id: NewspaperCardId, headline: string, company: CompanyId): NewspaperCard {
  return { id, headline, effect: { kind: 'suspend', company } };
}
