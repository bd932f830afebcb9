import { fold, seededRandom } from '@corbeille/kernel';
import { bolsa } from './decider';
import {
  alice,
  bob,
  carol,
  closePlanning,
  dave,
  erin,
  face,
  frank,
  januaryTable,
  ofType,
  planned,
  scriptedThenSeeded,
  spec,
  submit,
} from './testing/fixtures';
import type { BolsaEvent } from './types';

/** The worked examples of the rulebook (decisions.md, "Worked examples"); setup and the quarter are in setup.unit.spec.ts. */

describe('Steps 5 and 6: the BIOTECH SA sales and purchases', () => {
  const players = [alice, bob, carol, dave, erin, frank];
  const table = januaryTable({
    players,
    opening: { BIOTECH: 2, INDUSTRIAL: -2 },
    deals: {
      alice: { BIOTECH: 2, CEREAL: 2, ENERGY: 2 },
      bob: { BIOTECH: 1, CEREAL: 2, ENERGY: 3 },
      carol: { BIOTECH: 3, PHONE: 3 },
      dave: { PHONE: 3, BANCA: 3 },
      erin: { BANCA: 3, CEREAL: 3 },
      frank: { ENERGY: 3, PHONE: 3 },
    },
  });
  const plans = [
    planned(alice, { sell: { BIOTECH: 2 } }),
    planned(bob, { sell: { BIOTECH: 1 } }),
    planned(carol, { sell: { BIOTECH: 3 } }),
    planned(dave, { buy: { BIOTECH: 2 } }),
    planned(erin, { buy: { BIOTECH: 1 } }),
  ];
  const month = (): BolsaEvent[] =>
    spec
      .given([...table, ...plans])
      .when(submit(frank, { buy: { INDUSTRIAL: 2 } }), { random: seededRandom(1) })
      .then(() => undefined);

  it('BIOTECH sales 2,1,3 at 36 pay 72/36/108 with yellow 30/27/18', () => {
    const sales = ofType(month(), 'SharesSold').map(({ playerId, shares, price, proceeds, yellowFromPrice, yellowToPrice }) => ({
      playerId,
      shares,
      price,
      proceeds,
      yellowFromPrice,
      yellowToPrice,
    }));
    expect(sales).toEqual([
      { playerId: alice, shares: 2, price: 36, proceeds: 72, yellowFromPrice: 36, yellowToPrice: 30 },
      { playerId: bob, shares: 1, price: 36, proceeds: 36, yellowFromPrice: 30, yellowToPrice: 27 },
      { playerId: carol, shares: 3, price: 36, proceeds: 108, yellowFromPrice: 27, yellowToPrice: 18 },
    ]);
  });

  it('then buys 2 and 1 bring it back to 27, paid at the blue price of 36', () => {
    const events = month();
    const purchases = ofType(events, 'SharesBought').filter((purchase) => purchase.company === 'BIOTECH');
    expect(purchases.map(({ playerId, shares, price, cost, yellowToPrice }) => ({ playerId, shares, price, cost, yellowToPrice }))).toEqual([
      { playerId: dave, shares: 2, price: 36, cost: 72, yellowToPrice: 24 },
      { playerId: erin, shares: 1, price: 36, cost: 36, yellowToPrice: 27 },
    ]);
    expect(ofType(events, 'YellowMarkerReplaced').find((moved) => moved.company === 'BIOTECH')).toMatchObject({ fromPrice: 36, toPrice: 27 });
  });

  it('INDUSTRIAL buy 2 x 26 = 52, yellow 30: with no sale the yellow marker starts at the blue one', () => {
    const events = month();
    expect(ofType(events, 'SharesBought').find((purchase) => purchase.company === 'INDUSTRIAL')).toMatchObject({
      playerId: frank,
      shares: 2,
      price: 26,
      cost: 52,
      yellowFromPrice: 26,
      yellowToPrice: 30,
    });
    expect(ofType(events, 'YellowMarkerReplaced').find((moved) => moved.company === 'INDUSTRIAL')).toMatchObject({ fromPrice: 26, toPrice: 30 });
    const state = fold(bolsa, [...table, ...plans, ...events]);
    expect(state.phase === 'planning' && state.portfolios[frank]?.cash).toBe(148);
  });
});

describe('Step 7: the BANCA SA lottery', () => {
  const players = [alice, bob, carol, dave, erin];
  const table = januaryTable({
    players,
    deals: {
      alice: { BIOTECH: 3, INDUSTRIAL: 3 },
      bob: { BIOTECH: 3, ENERGY: 3 },
      carol: { INDUSTRIAL: 3, PHONE: 3 },
      dave: { BANCA: 3, CEREAL: 3 },
      erin: { BANCA: 3, CEREAL: 3 },
    },
  });

  it('the BANCA lottery (3 real + 4 blank, draw order A,B,C,A,C,A,A): each of A, B and C pays for 1 real share', () => {
    // Each draw is decided when it is made: a value below the real shares left is a real share.
    const draws = [3, 0, 0, 0];
    const events = spec
      .given([...table, planned(alice, { buy: { BANCA: 4 } }), planned(bob, { buy: { BANCA: 1 } }), planned(carol, { buy: { BANCA: 2 } }), planned(dave, {})])
      .when(submit(erin, {}), { random: scriptedThenSeeded(draws) })
      .then(() => undefined);

    expect(ofType(events, 'LotteryStarted')).toEqual([
      {
        month: 1,
        company: 'BANCA',
        realShares: 3,
        blankShares: 4,
        intentions: { alice: 4, bob: 1, carol: 2 },
        firstDrawer: alice,
        tiedForFirst: [],
      },
    ]);
    const drawn = ofType(events, 'LotteryShareDrawn');
    expect(drawn.map((draw) => [draw.playerId, draw.real])).toEqual([
      [alice, false],
      [bob, true],
      [carol, true],
      [alice, true],
      [carol, false],
      [alice, false],
      [alice, false],
    ]);
    expect(drawn.map((draw) => draw.draw)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const bought = ofType(events, 'SharesBought');
    expect(bought.map(({ playerId, shares, price, via, yellowToPrice }) => ({ playerId, shares, price, via, yellowToPrice }))).toEqual([
      { playerId: alice, shares: 1, price: 32, via: 'lottery', yellowToPrice: 34 },
      { playerId: bob, shares: 1, price: 32, via: 'lottery', yellowToPrice: 36 },
      { playerId: carol, shares: 1, price: 32, via: 'lottery', yellowToPrice: 38 },
    ]);
    // "The yellow marker is placed 3 levels above" the blue one: 32 -> 38.
    expect(ofType(events, 'YellowMarkerReplaced')).toEqual([{ month: 1, company: 'BANCA', fromPrice: 32, toPrice: 38, level: 13 }]);
  });
});

describe('End of Year: dividends', () => {
  it('BIOTECH closing at 33 pays 11 per share, then each share is sold at 33', () => {
    // A shorter game that ends in March; BIOTECH opens at 33 and its quarter is +2 -1 -1.
    let events = januaryTable({ options: { lastMonth: 3 }, opening: { BIOTECH: 1 }, january: { BIOTECH: 2 }, deck: ['card-05', 'card-06', 'card-07'] });
    for (const minute of [1, 2]) {
      const month = spec
        .given(events)
        .when(closePlanning, { now: `2026-01-01T00:0${minute}:00.000Z`, random: scriptedThenSeeded([face(1), face(-1), face(1)]) })
        .then(() => undefined);
      events = [...events, ...month];
    }
    const december = spec
      .given(events)
      .when(closePlanning, { now: '2026-01-01T00:03:00.000Z', random: scriptedThenSeeded([]) })
      .then(() => undefined);
    const dividends = ofType(december, 'DividendsPaid').find((paid) => paid.company === 'BIOTECH');
    expect(dividends).toEqual({
      company: 'BIOTECH',
      price: 33,
      perShare: 11,
      payments: [
        { playerId: alice, shares: 2, amount: 22 },
        { playerId: bob, shares: 2, amount: 22 },
      ],
    });
    expect(ofType(december, 'SharesLiquidated').find((sold) => sold.company === 'BIOTECH')?.sales).toEqual([
      { playerId: alice, shares: 2, proceeds: 66 },
      { playerId: bob, shares: 2, proceeds: 66 },
    ]);
    // CEREAL and INDUSTRIAL close at 38 (dividend 13), BIOTECH at 33 (11). Same shares and cash: a shared first place.
    expect(ofType(december, 'GameEnded')[0]).toEqual({
      lastMonth: 3,
      standings: [
        { playerId: alice, cash: 200 + 2 * (13 + 11 + 13) + 2 * (38 + 33 + 38), rank: 1 },
        { playerId: bob, cash: 200 + 2 * (13 + 11 + 13) + 2 * (38 + 33 + 38), rank: 1 },
      ],
      winners: [alice, bob],
    });
  });
});
