import { maxiBourseContent, startingCash } from './content';
import { resolveOptions } from './options';
import { trackSpaces } from './state';

const { companies, sectors, boardSpaces, cards, variants } = maxiBourseContent;

describe('content', () => {
  it('has the 40 companies of the 10 sectors of the rulebook, in alphabetical order, nominal 100/200/300 $ in turn', () => {
    expect(companies).toHaveLength(40);
    expect(new Set(companies.map((company) => company.id)).size).toBe(40);
    expect(sectors).toHaveLength(10);
    const perSector = sectors.map((sector) => companies.filter((company) => company.sector === sector.id).length);
    expect(perSector).toEqual([4, 4, 6, 4, 3, 4, 5, 5, 4, 1]);
    const names = companies.map((company) => company.name.toUpperCase().replace(/[^A-Z]/g, ''));
    expect(names).toEqual([...names].sort());
    expect(companies.map((company) => company.nominal)).toEqual(companies.map((_, index) => [100, 200, 300][index % 3]));
  });

  it('lays out a 50-space spiral: ring 1 A.E.G. to ESSO, ring 2 to PHILIPS, ring 3 the last ten, two card spaces per series', () => {
    expect(boardSpaces).toHaveLength(50);
    const shareSpaces = boardSpaces.flatMap((space) => (space.kind === 'share' ? [space] : []));
    expect(shareSpaces.map((space) => space.company)).toEqual(companies.map((company) => company.id));
    const ring = (n: number) => shareSpaces.filter((space) => space.ring === n).map((space) => space.company);
    expect([ring(1).length, ring(2).length, ring(3).length]).toEqual([16, 14, 10]);
    expect([ring(1).at(-1), ring(2).at(-1)]).toEqual(['ESSO', 'PHILIPS']);
    for (const series of maxiBourseContent.cardSeries) {
      expect(boardSpaces.filter((space) => space.kind === 'card' && space.series === series)).toHaveLength(2);
    }
    expect(trackSpaces(resolveOptions({ variant: 'junior' }))).toHaveLength(20);
    expect(trackSpaces(resolveOptions({ variant: 'senior' }))).toHaveLength(37);
    expect(trackSpaces(resolveOptions({ variant: 'masters' }))).toHaveLength(50);
  });

  it('has five series of 32 cards with price moves in multiples of 10 $ on real companies and sectors', () => {
    expect(cards).toHaveLength(160);
    expect(new Set(cards.map((card) => card.id)).size).toBe(160);
    for (const series of maxiBourseContent.cardSeries) expect(cards.filter((card) => card.series === series)).toHaveLength(32);
    for (const effect of cards.flatMap((card) => card.effects)) {
      switch (effect.kind) {
        case 'companyPrice':
          expect(companies.some((company) => company.id === effect.company)).toBe(true);
          expect(Math.abs(effect.delta) % 10).toBe(0);
          break;
        case 'sectorPrice':
          expect(sectors.some((sector) => sector.id === effect.sector)).toBe(true);
          expect(Math.abs(effect.delta) % 10).toBe(0);
          break;
        case 'receive':
        case 'pay':
        case 'sellShares':
          expect(effect.amount % 10_000).toBe(0);
          expect(effect.amount).toBeGreaterThan(0);
          break;
      }
    }
  });

  it('rumours only move prices, and politics cards only move prices (III.4, III.5)', () => {
    const moves = (series: string) =>
      cards.filter((card) => card.series === series).every((card) => card.effects.every((effect) => effect.kind === 'companyPrice' || effect.kind === 'sectorPrice'));
    expect(moves('RUMOURS')).toBe(true);
    expect(moves('DOMESTIC_POLITICS')).toBe(true);
    expect(moves('INTERNATIONAL_POLITICS')).toBe(true);
  });

  it("includes the rulebook's own cards", () => {
    const byId = (id: string) => cards.find((card) => card.id === id);
    expect(byId('RU-01')?.effects).toEqual([{ kind: 'companyPrice', company: 'COCA_COLA', delta: 60 }]);
    expect(byId('RU-01')?.text).toContain('exclusive supplier of the Chinese State for 99 years');
    expect(byId('SP-01')?.effects).toEqual([{ kind: 'sellShares', amount: 1_050_000 }]);
    expect(byId('SP-01')?.text).toContain('television channel');
    expect(byId('SP-02')?.effects).toEqual([{ kind: 'sellShares', amount: 500_000 }]);
    expect(byId('SP-02')?.text).toContain('American-style campaign');
  });

  it('hands out 5, 10 and 15 million dollars and 5, 7 and 10 starting companies (I, IV.6)', () => {
    expect([variants.junior, variants.senior, variants.masters].map(startingCash)).toEqual([5_000_000, 10_000_000, 15_000_000]);
    expect([variants.junior, variants.senior, variants.masters].map((variant) => variant.startingCompanies)).toEqual([5, 7, 10]);
  });
});
