import type { CompanyId } from '../types';

export interface PlayerCountSetup {
  readonly players: number;
  /** Table 2: the companies in play, in board order. */
  readonly companies: readonly CompanyId[];
  /** Table 1: shares of each company at the start of the game. */
  readonly sharesPerCompany: number;
  /** Table 1: shares dealt to each player at the start of the game. */
  readonly sharesPerPlayer: number;
}

/** Tables 1 and 2 of the rulebook, by number of players. */
export const setupTables: readonly PlayerCountSetup[] = [
  { players: 2, companies: ['CEREAL', 'BIOTECH', 'INDUSTRIAL'], sharesPerCompany: 6, sharesPerPlayer: 6 },
  { players: 3, companies: ['CEREAL', 'BIOTECH', 'INDUSTRIAL', 'ENERGY'], sharesPerCompany: 7, sharesPerPlayer: 6 },
  { players: 4, companies: ['CEREAL', 'BIOTECH', 'INDUSTRIAL', 'ENERGY', 'PHONE'], sharesPerCompany: 8, sharesPerPlayer: 6 },
  { players: 5, companies: ['CEREAL', 'BIOTECH', 'INDUSTRIAL', 'ENERGY', 'PHONE', 'BANCA'], sharesPerCompany: 9, sharesPerPlayer: 6 },
  { players: 6, companies: ['CEREAL', 'BIOTECH', 'INDUSTRIAL', 'ENERGY', 'PHONE', 'BANCA'], sharesPerCompany: 10, sharesPerPlayer: 6 },
];
