import { companies, components, newspaperCards, setupTables } from '.';

describe('BOLSA content', () => {
  it('has the six companies of Table 2 with their colour and risk', () => {
    expect(companies.map(({ id, colour, risk }) => [id, colour, risk])).toEqual([
      ['CEREAL', 'yellow', 'low'],
      ['BIOTECH', 'green', 'high'],
      ['INDUSTRIAL', 'red', 'medium'],
      ['ENERGY', 'blue', 'medium'],
      ['PHONE', 'purple', 'medium'],
      ['BANCA', 'black', 'medium'],
    ]);
  });

  it('prices follow 30 + s x i for i in -9..+10 and dividends are round(price / 3)', () => {
    const steps = { low: 1, medium: 2, high: 3 };
    for (const company of companies) {
      const expected = Array.from({ length: 20 }, (_, index) => 30 + steps[company.risk] * (index - 9));
      expect(company.priceGrid).toEqual(expected);
      expect(company.dividendGrid).toEqual(expected.map((price) => Math.round(price / 3)));
      expect(company.priceGrid[company.startLevel]).toBe(30);
    }
  });

  it('follows Tables 1 and 2 for 2 to 6 players', () => {
    expect(setupTables.map((row) => [row.players, row.companies.length, row.sharesPerCompany, row.sharesPerPlayer])).toEqual([
      [2, 3, 6, 6],
      [3, 4, 7, 6],
      [4, 5, 8, 6],
      [5, 6, 9, 6],
      [6, 6, 10, 6],
    ]);
    for (const row of setupTables) {
      expect(row.companies.slice(0, 3)).toEqual(['CEREAL', 'BIOTECH', 'INDUSTRIAL']);
      expect(row.players * row.sharesPerPlayer).toBeLessThanOrEqual(row.companies.length * row.sharesPerCompany);
    }
  });

  it('has 60 newspaper cards: 48 single-company, 6 two-company, 6 Suspend Trading', () => {
    expect(newspaperCards).toHaveLength(60);
    expect(new Set(newspaperCards.map((card) => card.id)).size).toBe(60);
    const moves = newspaperCards.flatMap((card) => (card.effect.kind === 'move' ? [card.effect.moves] : []));
    expect(moves.filter((list) => list.length === 1)).toHaveLength(48);
    expect(moves.filter((list) => list.length === 2)).toHaveLength(6);
    const suspensions = newspaperCards.flatMap((card) => (card.effect.kind === 'suspend' ? [card.effect.company] : []));
    expect([...suspensions].sort()).toEqual(companies.map((company) => company.id).sort());
    for (const company of companies) {
      const levels = moves.filter((list) => list.length === 1 && list[0]?.company === company.id).map((list) => list[0]?.levels);
      expect(levels).toEqual([-3, -2, -1, -1, 1, 1, 2, 3]);
    }
  });

  it('gives each player 200 euros and 5 markers, and 30 seconds to plan', () => {
    expect(components.startingCash).toBe(200);
    expect(components.markersPerPlayer).toBe(5);
    expect(components.planningSeconds).toBe(30);
    expect(components.trendDieFaces).toEqual([-3, -2, -1, 1, 2, 3]);
  });
});
