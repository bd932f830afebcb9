/**
 * The 40 companies of the price board and their business sectors, as listed at the end of the
 * rulebook (IV, Profit allocations). Nominal values follow decisions.md: 100/200/300 $ in turn,
 * in alphabetical order; the opening price of each company is its nominal value.
 */

export interface SectorDefinition {
  readonly id: string;
  readonly name: string;
}

export interface CompanyDefinition {
  readonly id: string;
  readonly name: string;
  readonly sector: string;
  /** Nominal value in $ per share: the opening quotation. */
  readonly nominal: number;
}

export const sectors: readonly SectorDefinition[] = [
  { id: 'BANKS', name: 'Banks' },
  { id: 'ENERGY', name: 'Energy' },
  { id: 'AUTOMOBILE', name: 'Automobile' },
  { id: 'FOOD_AND_LUXURY', name: 'Food and luxury industries' },
  { id: 'COSMETICS_AND_DETERGENTS', name: 'Cosmetics and detergents' },
  { id: 'SERVICES', name: 'Services' },
  { id: 'ELECTRONICS', name: 'Electronics, capital goods' },
  { id: 'COMPUTING', name: 'Computing, capital goods' },
  { id: 'CHEMICALS', name: 'Chemicals, consumer goods' },
  { id: 'PUBLIC_WORKS', name: 'Public works' },
];

/** In alphabetical order of name: the order of the share spaces on the board. */
export const companies: readonly CompanyDefinition[] = [
  { id: 'AEG', name: 'A.E.G.', sector: 'ELECTRONICS', nominal: 100 },
  { id: 'BARCLAYS', name: "Barclay's Bank", sector: 'BANKS', nominal: 200 },
  { id: 'BASF', name: 'BASF', sector: 'CHEMICALS', nominal: 300 },
  { id: 'BOUYGUES', name: 'Bouygues', sector: 'PUBLIC_WORKS', nominal: 100 },
  { id: 'BP', name: 'B.P.', sector: 'ENERGY', nominal: 200 },
  { id: 'BRITISH_LEYLAND', name: 'British Leyland', sector: 'AUTOMOBILE', nominal: 300 },
  { id: 'BSN', name: 'BSN', sector: 'FOOD_AND_LUXURY', nominal: 100 },
  { id: 'CANON', name: 'Canon', sector: 'COMPUTING', nominal: 200 },
  { id: 'CGE', name: 'CGE', sector: 'ELECTRONICS', nominal: 300 },
  { id: 'CHASE_MANHATTAN', name: 'Chase Manhattan Bank', sector: 'BANKS', nominal: 100 },
  { id: 'CLUB_MED', name: 'Club Méditerranée', sector: 'SERVICES', nominal: 200 },
  { id: 'COCA_COLA', name: 'Coca-Cola', sector: 'FOOD_AND_LUXURY', nominal: 300 },
  { id: 'COLGATE_PALMOLIVE', name: 'Colgate Palmolive', sector: 'COSMETICS_AND_DETERGENTS', nominal: 100 },
  { id: 'DEUTSCHE_BANK', name: 'Deutsche Bank', sector: 'BANKS', nominal: 200 },
  { id: 'ELF', name: 'Elf', sector: 'ENERGY', nominal: 300 },
  { id: 'ESSO', name: 'Esso', sector: 'ENERGY', nominal: 100 },
  { id: 'FIAT', name: 'Fiat', sector: 'AUTOMOBILE', nominal: 200 },
  { id: 'FUJI', name: 'Fuji', sector: 'CHEMICALS', nominal: 300 },
  { id: 'GENERAL_MOTORS', name: 'General Motors', sector: 'AUTOMOBILE', nominal: 100 },
  { id: 'HAVAS', name: 'Havas', sector: 'SERVICES', nominal: 200 },
  { id: 'IBM', name: 'IBM', sector: 'COMPUTING', nominal: 300 },
  { id: 'KODAK', name: 'Kodak', sector: 'CHEMICALS', nominal: 100 },
  { id: 'LOREAL', name: "L'Oréal", sector: 'COSMETICS_AND_DETERGENTS', nominal: 200 },
  { id: 'MATRA', name: 'Matra', sector: 'ELECTRONICS', nominal: 300 },
  { id: 'MITSUBISHI', name: 'Mitsubishi', sector: 'ELECTRONICS', nominal: 100 },
  { id: 'MOET_VUITTON', name: 'Moët-Vuitton', sector: 'FOOD_AND_LUXURY', nominal: 200 },
  { id: 'NESTLE', name: 'Nestlé', sector: 'FOOD_AND_LUXURY', nominal: 300 },
  { id: 'OLIVETTI', name: 'Olivetti', sector: 'COMPUTING', nominal: 100 },
  { id: 'PEUGEOT', name: 'Peugeot', sector: 'AUTOMOBILE', nominal: 200 },
  { id: 'PHILIPS', name: 'Philips', sector: 'COMPUTING', nominal: 300 },
  { id: 'SHELL', name: 'Shell', sector: 'ENERGY', nominal: 100 },
  { id: 'SONY', name: 'Sony', sector: 'COMPUTING', nominal: 200 },
  { id: 'TDK', name: 'TDK', sector: 'CHEMICALS', nominal: 300 },
  { id: 'THOMSON', name: 'Thomson', sector: 'ELECTRONICS', nominal: 100 },
  { id: 'TOYOTA', name: 'Toyota', sector: 'AUTOMOBILE', nominal: 200 },
  { id: 'TWA', name: 'TWA', sector: 'SERVICES', nominal: 300 },
  { id: 'UNILEVER', name: 'Unilever', sector: 'COSMETICS_AND_DETERGENTS', nominal: 100 },
  { id: 'UBS', name: 'Union des Banques Suisses', sector: 'BANKS', nominal: 200 },
  { id: 'VOLKSWAGEN', name: 'Volkswagen', sector: 'AUTOMOBILE', nominal: 300 },
  { id: 'WAGONS_LITS', name: 'Wagons-Lits', sector: 'SERVICES', nominal: 100 },
];
