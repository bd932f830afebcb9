/**
 * The trading floor: a spiral of 50 spaces in three rings (decisions.md). Share spaces follow the
 * alphabetical order of the companies (ring 1 A.E.G. to ESSO, ring 2 up to PHILIPS, ring 3 the last
 * ten); the 10 card spaces (2 per series) sit every fifth space.
 */

export type CardSeries = 'STOCK_EXCHANGE' | 'DOMESTIC_POLITICS' | 'INTERNATIONAL_POLITICS' | 'RUMOURS' | 'STRICTLY_PERSONAL';

export type BoardSpace =
  | { readonly kind: 'share'; readonly ring: 1 | 2 | 3; readonly company: string }
  | { readonly kind: 'card'; readonly ring: 1 | 2 | 3; readonly series: CardSeries };

const share = (ring: 1 | 2 | 3, company: string): BoardSpace => ({ kind: 'share', ring, company });
const card = (ring: 1 | 2 | 3, series: CardSeries): BoardSpace => ({ kind: 'card', ring, series });

export const boardSpaces: readonly BoardSpace[] = [
  share(1, 'AEG'),
  share(1, 'BARCLAYS'),
  share(1, 'BASF'),
  share(1, 'BOUYGUES'),
  card(1, 'STOCK_EXCHANGE'),
  share(1, 'BP'),
  share(1, 'BRITISH_LEYLAND'),
  share(1, 'BSN'),
  share(1, 'CANON'),
  card(1, 'RUMOURS'),
  share(1, 'CGE'),
  share(1, 'CHASE_MANHATTAN'),
  share(1, 'CLUB_MED'),
  share(1, 'COCA_COLA'),
  card(1, 'STRICTLY_PERSONAL'),
  share(1, 'COLGATE_PALMOLIVE'),
  share(1, 'DEUTSCHE_BANK'),
  share(1, 'ELF'),
  share(1, 'ESSO'),
  card(1, 'DOMESTIC_POLITICS'),
  share(2, 'FIAT'),
  share(2, 'FUJI'),
  share(2, 'GENERAL_MOTORS'),
  share(2, 'HAVAS'),
  card(2, 'INTERNATIONAL_POLITICS'),
  share(2, 'IBM'),
  share(2, 'KODAK'),
  share(2, 'LOREAL'),
  share(2, 'MATRA'),
  card(2, 'STOCK_EXCHANGE'),
  share(2, 'MITSUBISHI'),
  share(2, 'MOET_VUITTON'),
  share(2, 'NESTLE'),
  share(2, 'OLIVETTI'),
  card(2, 'RUMOURS'),
  share(2, 'PEUGEOT'),
  share(2, 'PHILIPS'),
  card(3, 'STRICTLY_PERSONAL'),
  share(3, 'SHELL'),
  share(3, 'SONY'),
  share(3, 'TDK'),
  share(3, 'THOMSON'),
  card(3, 'DOMESTIC_POLITICS'),
  share(3, 'TOYOTA'),
  share(3, 'TWA'),
  share(3, 'UNILEVER'),
  share(3, 'UBS'),
  card(3, 'INTERNATIONAL_POLITICS'),
  share(3, 'VOLKSWAGEN'),
  share(3, 'WAGONS_LITS'),
];
