import type { CompanyColour, CompanyId, CompanyRisk } from '../types';

/** A company board: its colour, risk and the two grids printed on it. */
export interface CompanyDefinition {
  readonly id: CompanyId;
  readonly name: string;
  readonly colour: CompanyColour;
  readonly risk: CompanyRisk;
  /** Prices from the bottom of the board to the top; a level is an index into this list. */
  readonly priceGrid: readonly number[];
  /** "End of Year" column: the dividend per share at each level of the price grid. */
  readonly dividendGrid: readonly number[];
  /** Preparing to Play: the blue marker starts on the 30 € box. */
  readonly startLevel: number;
}

// Price grids (decisions.md): price = 30 + s x i for i in -9..+10, s = 1 low risk, 2 medium, 3 high.
const lowRiskPrices = [21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40];
const mediumRiskPrices = [12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 50];
const highRiskPrices = [3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42, 45, 48, 51, 54, 57, 60];

// Dividend grids (decisions.md): dividend = round(price / 3), so BIOTECH SA at 33 pays 11.
const lowRiskDividends = [7, 7, 8, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11, 11, 12, 12, 12, 13, 13, 13];
const mediumRiskDividends = [4, 5, 5, 6, 7, 7, 8, 9, 9, 10, 11, 11, 12, 13, 13, 14, 15, 15, 16, 17];
const highRiskDividends = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20];

const startLevel = 9;

/** The six company boards in board order (Table 2 colours; sales start with CEREAL SA). */
export const companies: readonly CompanyDefinition[] = [
  { id: 'CEREAL', name: 'CEREAL SA', colour: 'yellow', risk: 'low', priceGrid: lowRiskPrices, dividendGrid: lowRiskDividends, startLevel },
  { id: 'BIOTECH', name: 'BIOTECH SA', colour: 'green', risk: 'high', priceGrid: highRiskPrices, dividendGrid: highRiskDividends, startLevel },
  { id: 'INDUSTRIAL', name: 'INDUSTRIAL SA', colour: 'red', risk: 'medium', priceGrid: mediumRiskPrices, dividendGrid: mediumRiskDividends, startLevel },
  { id: 'ENERGY', name: 'ENERGY SA', colour: 'blue', risk: 'medium', priceGrid: mediumRiskPrices, dividendGrid: mediumRiskDividends, startLevel },
  { id: 'PHONE', name: 'PHONE SA', colour: 'purple', risk: 'medium', priceGrid: mediumRiskPrices, dividendGrid: mediumRiskDividends, startLevel },
  { id: 'BANCA', name: 'BANCA SA', colour: 'black', risk: 'medium', priceGrid: mediumRiskPrices, dividendGrid: mediumRiskDividends, startLevel },
];

export const companyIds: readonly CompanyId[] = companies.map((company) => company.id);
