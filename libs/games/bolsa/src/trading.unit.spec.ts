import { seededRandom } from '@corbeille/kernel';
import { alice, bob, carol, januaryTable, ofType, planned, scriptedThenSeeded, spec, submit } from './testing/fixtures';

const random = seededRandom(11);

describe('Step 5: sales', () => {
  it('sells only the shares the player owns; the other markers have no effect', () => {
    spec
      .given([...januaryTable(), planned(alice, { sell: { CEREAL: 3, ENERGY: 0 } })])
      .when(submit(bob, {}), { random })
      .then((events) => {
        expect(ofType(events, 'SharesSold')).toEqual([
          { month: 1, playerId: alice, company: 'CEREAL', shares: 2, price: 31, proceeds: 62, yellowFromPrice: 31, yellowToPrice: 29, yellowLevel: 8 },
        ]);
        expect(ofType(events, 'PlannedActionIneffective')).toEqual([
          { month: 1, playerId: alice, company: 'CEREAL', action: 'sell', markers: 1, reason: 'NOT_ENOUGH_SHARES' },
        ]);
      });
  });

  it('stops the yellow marker at the bottom of the grid', () => {
    const table = januaryTable({ opening: { BIOTECH: -3 }, deals: { alice: { BIOTECH: 5, CEREAL: 1 }, bob: { BIOTECH: 1, CEREAL: 5 } } });
    spec
      .given([...table, planned(alice, { sell: { BIOTECH: 5 } })])
      .when(submit(bob, { sell: { BIOTECH: 1 } }), { random })
      .then((events) => {
        expect(ofType(events, 'SharesSold').map((sale) => [sale.yellowToPrice, sale.yellowLevel])).toEqual([
          [6, 1],
          [3, 0],
        ]);
        expect(ofType(events, 'YellowMarkerReplaced')[0]).toMatchObject({ company: 'BIOTECH', fromPrice: 21, toPrice: 3, level: 0 });
      });
  });
});

/**
 * January: BIOTECH opens at 39 with 6 shares on the board; alice buys 5 (195 euros, 5 left) and the
 * yellow marker ends 5 levels up at 54. February's plans follow.
 */
function february() {
  const table = januaryTable({ opening: { BIOTECH: 3 }, deals: { alice: { CEREAL: 3, INDUSTRIAL: 3 }, bob: { CEREAL: 3, INDUSTRIAL: 3 } } });
  const january = spec
    .given([...table, planned(alice, { buy: { BIOTECH: 5 } })])
    .when(submit(bob, {}), { random })
    .then(() => undefined);
  return [...table, ...january];
}

describe('Step 6: purchases', () => {
  it('pays the blue price for each share, from cash that includes this month\'s sales', () => {
    expect(ofType(february(), 'SharesBought')).toEqual([
      { month: 1, playerId: alice, company: 'BIOTECH', shares: 5, price: 39, cost: 195, via: 'purchase', yellowFromPrice: 39, yellowToPrice: 54, yellowLevel: 17 },
    ]);
    // February: CEREAL is at 28 after the newspaper's -3; 3 shares sold pay 84, enough for one BIOTECH at 54.
    spec
      .given([...february(), planned(alice, { sell: { CEREAL: 3 }, buy: { BIOTECH: 1 } }, 2)])
      .when(submit(bob, {}), { random })
      .then((events) => {
        expect(ofType(events, 'SharesSold').map((sale) => sale.proceeds)).toEqual([84]);
        expect(ofType(events, 'SharesBought').map((purchase) => [purchase.company, purchase.shares, purchase.cost])).toEqual([['BIOTECH', 1, 54]]);
      });
  });

  it('records a purchase the player cannot pay for as without effect', () => {
    spec
      .given([...february(), planned(alice, { buy: { BIOTECH: 1 } }, 2)])
      .when(submit(bob, {}), { random })
      .then((events) => {
        expect(ofType(events, 'SharesBought')).toEqual([]);
        expect(ofType(events, 'PlannedActionIneffective')).toEqual([
          { month: 2, playerId: alice, company: 'BIOTECH', action: 'buy', markers: 1, reason: 'NOT_ENOUGH_CASH' },
        ]);
        expect(ofType(events, 'YellowMarkerReplaced')).toEqual([]);
      });
  });
});

describe('Step 7: the lottery', () => {
  it('draws the first drawer at random among the players tied for most intentions', () => {
    const table = januaryTable({ players: [alice, bob, carol], deals: { alice: { CEREAL: 6 }, bob: { ENERGY: 6 }, carol: { ENERGY: 1, CEREAL: 1, BIOTECH: 4 } } });
    // INDUSTRIAL: 7 shares on the board, 8 wanted; the tie is drawn first (1 = bob), then the draws.
    spec
      .given([...table, planned(alice, { buy: { INDUSTRIAL: 4 } }), planned(bob, { buy: { INDUSTRIAL: 4 } })])
      .when(submit(carol, {}), { random: scriptedThenSeeded([1]) })
      .then((events) => {
        expect(ofType(events, 'LotteryStarted')[0]).toMatchObject({ realShares: 7, blankShares: 1, firstDrawer: bob, tiedForFirst: [alice, bob] });
        expect(ofType(events, 'LotteryShareDrawn').map((draw) => draw.playerId)).toEqual([bob, alice, bob, alice, bob, alice, bob, alice]);
        const shares = ofType(events, 'SharesBought').reduce((sum, purchase) => sum + purchase.shares, 0);
        expect(shares).toBe(7);
      });
  });

  it('passes to the previous seat when the table plays that way', () => {
    const table = januaryTable({
      players: [alice, bob, carol],
      options: { lotteryRotation: 'previous-seat' },
      deals: { alice: { CEREAL: 6 }, bob: { ENERGY: 6 }, carol: { ENERGY: 1, CEREAL: 1, BIOTECH: 4 } },
    });
    spec
      .given([...table, planned(alice, { buy: { INDUSTRIAL: 3 } }), planned(bob, { buy: { INDUSTRIAL: 4 } })])
      .when(submit(carol, { buy: { INDUSTRIAL: 1 } }), { random: scriptedThenSeeded([]) })
      .then((events) => {
        expect(ofType(events, 'LotteryShareDrawn').map((draw) => draw.playerId)).toEqual([bob, alice, carol, bob, alice, bob, alice, bob]);
      });
  });

  it('puts back a real share the player cannot pay for', () => {
    // February: 1 BIOTECH share on the board, 2 wanted by alice who has 5 euros: the real share goes back.
    spec
      .given([...february(), planned(alice, { buy: { BIOTECH: 2 } }, 2)])
      .when(submit(bob, {}), { random: scriptedThenSeeded([0]) })
      .then((events) => {
        expect(ofType(events, 'LotteryStarted')[0]).toMatchObject({ company: 'BIOTECH', realShares: 1, blankShares: 1 });
        expect(ofType(events, 'LotteryShareDrawn').map((draw) => draw.real)).toEqual([true, false]);
        expect(ofType(events, 'SharesBought')).toEqual([]);
        expect(ofType(events, 'PlannedActionIneffective')).toEqual([
          { month: 2, playerId: alice, company: 'BIOTECH', action: 'buy', markers: 1, reason: 'NOT_ENOUGH_CASH' },
        ]);
      });
  });
});
