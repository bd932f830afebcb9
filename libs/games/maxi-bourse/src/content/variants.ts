/**
 * The three games of section IV.6 (Short game, long game): the rings of the spiral played, the
 * cheques handed out at the opening (I) and the size of the starting portfolio.
 */

export type VariantName = 'junior' | 'senior' | 'masters';

export interface ChequeBundle {
  readonly value: number;
  readonly count: number;
}

export interface VariantDefinition {
  readonly name: VariantName;
  readonly label: string;
  /** Rings of the spiral making up the track; one circuit of it is a complete round (IV). */
  readonly rings: readonly (1 | 2 | 3)[];
  readonly cheques: readonly ChequeBundle[];
  /** Number of different companies, 1,000 shares each, in the starting portfolio. */
  readonly startingCompanies: number;
  /** Nominal values the starting companies are chosen from. */
  readonly startingNominals: readonly number[];
}

export const variants: Readonly<Record<VariantName, VariantDefinition>> = {
  junior: {
    name: 'junior',
    label: 'MAXI BOURSE International Junior',
    rings: [1],
    cheques: [
      { value: 500_000, count: 6 },
      { value: 200_000, count: 5 },
      { value: 100_000, count: 5 },
      { value: 50_000, count: 6 },
      { value: 20_000, count: 6 },
      { value: 10_000, count: 8 },
    ],
    startingCompanies: 5,
    startingNominals: [100, 200, 300],
  },
  senior: {
    name: 'senior',
    label: 'MAXI BOURSE International Senior',
    rings: [1, 2],
    cheques: [
      { value: 500_000, count: 12 },
      { value: 200_000, count: 12 },
      { value: 100_000, count: 11 },
      { value: 50_000, count: 6 },
      { value: 20_000, count: 6 },
      { value: 10_000, count: 8 },
    ],
    startingCompanies: 7,
    startingNominals: [100, 200, 300],
  },
  masters: {
    name: 'masters',
    label: 'MAXI BOURSE International Masters',
    rings: [1, 2, 3],
    cheques: [
      { value: 500_000, count: 18 },
      { value: 200_000, count: 18 },
      { value: 100_000, count: 19 },
      { value: 50_000, count: 6 },
      { value: 20_000, count: 6 },
      { value: 10_000, count: 8 },
    ],
    startingCompanies: 10,
    startingNominals: [100, 200, 300],
  },
};

export function startingCash(variant: VariantDefinition): number {
  return variant.cheques.reduce((sum, bundle) => sum + bundle.value * bundle.count, 0);
}
