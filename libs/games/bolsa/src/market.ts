import { companies } from './content';
import type { CompanyDefinition } from './content';
import type { CompanyId, CompanyMarket, NewspaperCard, TrendDie } from './types';

export function companyDefinition(company: CompanyId): CompanyDefinition {
  const definition = companies.find((candidate) => candidate.id === company);
  if (!definition) throw new Error(`No company board for ${company}`);
  return definition;
}

export function companyName(company: CompanyId): string {
  return companyDefinition(company).name;
}

export function isCompanyId(value: unknown): value is CompanyId {
  return typeof value === 'string' && companies.some((company) => company.id === value);
}

/** The price printed at a level of the company's grid. */
export function priceAt(company: CompanyId, level: number): number {
  const price = companyDefinition(company).priceGrid[level];
  if (price === undefined) throw new Error(`Level ${level} is off the ${company} grid`);
  return price;
}

export function dividendAt(company: CompanyId, level: number): number {
  const dividend = companyDefinition(company).dividendGrid[level];
  if (dividend === undefined) throw new Error(`Level ${level} is off the ${company} dividend grid`);
  return dividend;
}

/** Important Rules: a price never goes above or below the grid; a move past an end stops there. */
export function movedLevel(company: CompanyId, level: number, by: number): number {
  const top = companyDefinition(company).priceGrid.length - 1;
  return Math.min(top, Math.max(0, level + by));
}

export function emptyTrend(): CompanyMarket['trend'] {
  return [null, null, null];
}

/** Step 3: green cubes cancel red ones; the rest moves the price. */
export function quarterBalance(trend: CompanyMarket['trend']): { green: number; red: number } {
  const dice = trend.filter((die): die is TrendDie => die !== null);
  return {
    green: dice.filter((die) => die > 0).reduce((sum, die) => sum + die, 0),
    red: dice.filter((die) => die < 0).reduce((sum, die) => sum - die, 0),
  };
}

/** Whether a newspaper card names at least one company in play (else it is redrawn). */
export function namesCompanyInPlay(card: NewspaperCard, inPlay: readonly CompanyId[]): boolean {
  const named = card.effect.kind === 'move' ? card.effect.moves.map((move) => move.company) : [card.effect.company];
  return named.some((company) => inPlay.includes(company));
}

export function recordOfCompanies<T>(valueFor: (company: CompanyId) => T): Record<CompanyId, T> {
  return {
    CEREAL: valueFor('CEREAL'),
    BIOTECH: valueFor('BIOTECH'),
    INDUSTRIAL: valueFor('INDUSTRIAL'),
    ENERGY: valueFor('ENERGY'),
    PHONE: valueFor('PHONE'),
    BANCA: valueFor('BANCA'),
  };
}
