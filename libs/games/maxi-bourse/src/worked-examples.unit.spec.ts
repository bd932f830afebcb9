import { payoutsFor } from './payouts';
import { ofType, Scenario, spaceOf, table, id } from './testing/fixtures';
import type { PlayerPortfolio } from './types';

/** Every worked example of the rulebook, reproduced exactly. */

function portfolio(holdings: Record<string, number>): PlayerPortfolio {
  return { cash: 0, holdings, rumours: [], position: 0, circuits: 0, missedTurns: 0, ruined: false };
}

describe('III.1-5 purchase at market price and at best', () => {
  it('FIAT: Dominique lands on FIAT at 300 $ and pays 600,000 $ for 2,000 shares at market price', () => {
    const game = new Scenario(table({ players: ['dominique', 'daniel', 'laurence', 'richard'], prices: { FIAT: 300 }, positions: { dominique: spaceOf('FIAT') - 6 } }));
    game.roll('dominique', 2, 4);
    game.do({ type: 'ChooseShareCompany', data: { playerId: 'dominique', company: 'FIAT' } });
    const declared = game.bid('dominique', 2);
    expect(ofType(declared, 'BidDeclared')[0]?.data).toMatchObject({ basis: 'market', priceBefore: 300, priceAfter: 300 });
    const paid = game.pay('dominique');
    expect(ofType(paid, 'SharesPaid')[0]?.data).toMatchObject({ payer: 'dominique', amount: 600_000, price: 300 });
    expect(game.shares('dominique', 'FIAT')).toBe(2_000);
    expect(game.price('FIAT')).toBe(300);
    // Example 2: the others buy at best; in the next round Dominique buys at best as well.
    expect(ofType(game.bid('daniel', 1), 'BidDeclared')[0]?.data).toMatchObject({ basis: 'atBest', priceAfter: 310 });
    game.bid('laurence', 0);
    game.bid('richard', 0);
    game.pay('daniel');
    const second = game.bid('dominique', 2);
    expect(ofType(second, 'BidDeclared')[0]?.data).toMatchObject({ basis: 'atBest', priceBefore: 310, priceAfter: 330 });
  });

  it('SONY at best: 350 $ -> 360 -> 370 -> 390 -> 400 $, each buyer pays 400 $ a share (400,000 $ / 800,000 $)', () => {
    const players = ['sophie', 'thierry', 'didier', 'dominique'];
    const game = new Scenario(table({ players, prices: { SONY: 350 }, cash: { sophie: 1_000_000, thierry: 1_000_000, didier: 1_000_000, dominique: 1_000_000 } }));
    game.roll('sophie', 2, 4);
    expect(game.playing.turn.step).toEqual({ kind: 'shareSpace', company: 'BP' });
    game.do({ type: 'ChooseShareCompany', data: { playerId: 'sophie', company: 'SONY' } });
    const prices = [game.bid('sophie', 1), game.bid('thierry', 1), game.bid('didier', 2)].map((events) => ofType(events, 'BidDeclared')[0]?.data.priceAfter);
    const last = game.bid('dominique', 1);
    expect([...prices, ofType(last, 'BidDeclared')[0]?.data.priceAfter]).toEqual([360, 370, 390, 400]);
    expect(ofType(last, 'BiddingRoundClosed')[0]?.data).toMatchObject({ price: 400, shortage: false });
    expect(ofType(last, 'PaymentRequested').map((event) => [event.data.payer, event.data.lots * 1_000 * event.data.price]).reverse()).toEqual([
      ['sophie', 400_000],
      ['thierry', 400_000],
      ['didier', 800_000],
      ['dominique', 400_000],
    ]);
    players.forEach((player) => game.pay(player));
    expect(game.cash('didier')).toBe(200_000);
    expect(game.cash('sophie')).toBe(600_000);
    expect(game.price('SONY')).toBe(400);
    // The banker announces the shares left; a second round may begin at 400 $.
    const opened = ofType(game.events, 'BiddingRoundOpened').at(-1);
    expect(opened?.data).toMatchObject({ round: 2, bankShares: 5_000 });
  });
});

describe('III.1-6 market adjustment', () => {
  it('TWA shortage auction: 400 $ -> 430 $ at best, then the banker drives it to 540 $ when Yves withdraws', () => {
    const players = ['yves', 'veronique', 'sophie', 'xavier'];
    const game = new Scenario(table({ players, prices: { TWA: 400 }, holdings: { xavier: { TWA: 8_000 } } }));
    game.roll('yves', 2, 4);
    game.do({ type: 'ChooseShareCompany', data: { playerId: 'yves', company: 'TWA' } });
    game.bid('yves', 1);
    game.bid('veronique', 1);
    const closing = [...game.bid('sophie', 1), ...game.bid('xavier', 0)];
    expect(ofType(closing, 'BiddingRoundClosed')[0]?.data).toMatchObject({ price: 430, shortage: true });
    expect(ofType(closing, 'AuctionOpened')[0]?.data).toMatchObject({ supplyLots: 2, startPrice: 430 });
    for (let price = 440; price < 540; price += 10) {
      expect(game.playing.turn.stack.at(-1)).toMatchObject({ kind: 'auction', price });
      ['yves', 'veronique', 'sophie'].forEach((player) => game.auction(player, true));
    }
    game.auction('yves', false);
    game.auction('veronique', true);
    const closed = game.auction('sophie', true);
    expect(ofType(closed, 'AuctionStepResolved')[0]?.data).toEqual({ price: 540, stayed: ['veronique', 'sophie'], withdrew: ['yves'] });
    expect(ofType(closed, 'AuctionClosed')[0]?.data).toMatchObject({ price: 540, allocations: [{ playerId: 'veronique', lots: 1 }, { playerId: 'sophie', lots: 1 }] });
    expect(game.price('TWA')).toBe(540);
    const paid = [...game.pay('veronique'), ...game.pay('sophie')];
    expect(ofType(paid, 'SharesPaid').map((event) => [event.data.payer, event.data.amount])).toEqual([
      ['veronique', 540_000],
      ['sophie', 540_000],
    ]);
  });

  it('FUJI tie: all three withdraw at 630 $, the share goes at 620 $ to the player who rolled the dice', () => {
    const players = ['marthe', 'paulin', 'frederique'];
    const game = new Scenario(table({ players, prices: { FUJI: 400 }, holdings: { paulin: { FUJI: 9_000 } } }));
    game.roll('marthe', 2, 4);
    game.do({ type: 'ChooseShareCompany', data: { playerId: 'marthe', company: 'FUJI' } });
    players.forEach((player) => game.bid(player, 1));
    for (let price = 440; price <= 620; price += 10) players.forEach((player) => game.auction(player, true));
    expect(game.playing.turn.stack.at(-1)).toMatchObject({ kind: 'auction', price: 630 });
    game.auction('marthe', false);
    game.auction('paulin', false);
    const closed = game.auction('frederique', false);
    expect(ofType(closed, 'AuctionClosed')[0]?.data).toEqual({
      company: 'FUJI',
      price: 620,
      allocations: [{ playerId: 'marthe', lots: 1 }],
      simultaneousWithdrawal: true,
    });
    expect(ofType(game.pay('marthe'), 'SharesPaid')[0]?.data.amount).toBe(620_000);
  });

  it('FUJI tie: when the roller is not bidding, the seat closest to him is served first', () => {
    const players = ['xavier', 'marthe', 'paulin', 'frederique'];
    const game = new Scenario(table({ players, prices: { FUJI: 400 }, holdings: { xavier: { FUJI: 9_000 } } }));
    game.roll('xavier', 2, 4);
    game.do({ type: 'ChooseShareCompany', data: { playerId: 'xavier', company: 'FUJI' } });
    game.bid('xavier', 0);
    ['marthe', 'paulin', 'frederique'].forEach((player) => game.bid(player, 1));
    const closed = ['frederique', 'paulin', 'marthe'].flatMap((player) => game.auction(player, false));
    expect(ofType(closed, 'AuctionClosed')[0]?.data).toMatchObject({ price: 430, allocations: [{ playerId: 'marthe', lots: 1 }] });
  });
});

describe('III.2 selling before the roll', () => {
  it('MOET-VUITTON: -30 $ in each round of refusals, -10 $ to the bank: -70 $ in all', () => {
    const players = ['pascale', 'daniel', 'bernard', 'yvonne'];
    const game = new Scenario(table({ players, holdings: { pascale: { MOET_VUITTON: 1_000 } }, prices: { MOET_VUITTON: 200 } }));
    game.do({ type: 'OfferShares', data: { playerId: 'pascale', company: 'MOET_VUITTON', lots: 1 } });
    ['daniel', 'bernard', 'yvonne'].forEach((player) => game.answer(player, 0));
    expect(game.price('MOET_VUITTON')).toBe(170);
    ['daniel', 'bernard', 'yvonne'].forEach((player) => game.answer(player, 0));
    expect(ofType(game.events, 'SoldToBank')[0]?.data).toMatchObject({ priceBefore: 140, price: 130, amount: 130_000 });
    expect(game.price('MOET_VUITTON')).toBe(200 - 70);
  });

  it('PEUGEOT: 3,000 shares refused by five opponents, 500 $ -> 350 $ -> 200 $ -> 170 $, 510,000 $ proceeds', () => {
    const players = ['theo', 'yves', 'didier', 'dominique', 'isabelle', 'daniel'];
    const opponents = players.slice(1);
    const game = new Scenario(table({ players, holdings: { theo: { PEUGEOT: 3_000 } }, prices: { PEUGEOT: 500 }, cash: { theo: 0 } }));
    game.do({ type: 'OfferShares', data: { playerId: 'theo', company: 'PEUGEOT', lots: 3 } });
    opponents.forEach((player) => game.answer(player, 0));
    expect(game.price('PEUGEOT')).toBe(350);
    opponents.forEach((player) => game.answer(player, 0));
    expect(game.price('PEUGEOT')).toBe(170);
    expect(ofType(game.events, 'SoldToBank')[0]?.data).toEqual({ seller: 'theo', company: 'PEUGEOT', lots: 3, price: 170, amount: 510_000, priceBefore: 200 });
    expect(game.cash('theo')).toBe(510_000);
    expect(game.shares('theo', 'PEUGEOT')).toBe(0);
    // The next player rolls the dice: Théo still may, the sale being over.
    expect(game.playing.turn.step.kind).toBe('awaitingRoll');
  });
});

describe('III.5 rumours', () => {
  it('COCA-COLA rumour revealed mid-purchase: the 600,000 $ payment becomes 720,000 $', () => {
    const game = new Scenario(
      table({ players: ['gilles', 'christine'], topCards: { RUMOURS: ['RU-01'] }, prices: { COCA_COLA: 300 }, positions: { christine: spaceOf('COCA_COLA') - 6 } }),
    );
    const drawn = game.roll('gilles', 4, 6);
    expect(ofType(drawn, 'RumourDrawn')[0]?.data).toEqual({ playerId: 'gilles', cardId: 'RU-01' });
    game.roll('christine', 2, 4);
    game.do({ type: 'ChooseShareCompany', data: { playerId: 'christine', company: 'COCA_COLA' } });
    game.bid('christine', 2);
    expect(game.playing.turn.stack.at(-1)).toMatchObject({ kind: 'payment', payer: 'christine', price: 300, lots: 2 });
    game.do({ type: 'RevealRumour', data: { playerId: 'gilles', cardId: 'RU-01' } });
    expect(game.price('COCA_COLA')).toBe(360);
    const paid = game.pay('christine');
    expect(ofType(paid, 'SharesPaid')[0]?.data).toMatchObject({ price: 360, amount: 720_000 });
  });
});

describe('III.6 strictly personal', () => {
  it('the television channel: Thierry sells 1,050,000 $ of shares to the Share Service and spends it', () => {
    const game = new Scenario(
      table({ players: ['thierry', 'anne'], positions: { thierry: spaceOf('STRICTLY_PERSONAL') - 9 }, topCards: { STRICTLY_PERSONAL: ['SP-01'] }, holdings: { thierry: { SONY: 3_000 } }, prices: { SONY: 350 }, cash: { thierry: 2_000_000 } }),
    );
    const drawn = game.roll('thierry', 6, 3);
    expect(drawn.find((event) => event.type === 'CardDrawn')?.data).toMatchObject({ cardId: 'SP-01' });
    expect(game.playing.turn.stack.at(-1)).toMatchObject({ kind: 'obligation', amount: 1_050_000, sellAtLeast: 1_050_000 });
    game.do({ type: 'OfferShares', data: { playerId: 'thierry', company: 'SONY', lots: 3 } });
    const sold = game.answer('anne', 0);
    expect(ofType(sold, 'SoldToBank')[0]?.data).toMatchObject({ price: 350, amount: 1_050_000 });
    expect(ofType(sold, 'ObligationPaid')[0]?.data.amount).toBe(1_050_000);
    expect(game.cash('thierry')).toBe(2_000_000);
    expect(game.shares('thierry', 'SONY')).toBe(0);
    expect(game.playing.turn.roller).toBe('anne');
  });

  it('the American-style campaign: Sophie sells all her shares and makes up the 500,000 $ with cash', () => {
    const game = new Scenario(
      table({ players: ['sophie', 'anne'], positions: { sophie: spaceOf('STRICTLY_PERSONAL') - 9 }, topCards: { STRICTLY_PERSONAL: ['SP-02'] }, holdings: { sophie: { BSN: 1_000 } }, prices: { BSN: 100 }, cash: { sophie: 1_000_000 } }),
    );
    game.roll('sophie', 6, 3);
    game.do({ type: 'OfferShares', data: { playerId: 'sophie', company: 'BSN', lots: 1 } });
    game.answer('anne', 0);
    expect(game.cash('sophie')).toBe(1_000_000 + 100_000 - 500_000);
  });

  it('the American-style campaign: without the cash to make up the difference, Sophie is ruined', () => {
    const game = new Scenario(
      table({ players: ['sophie', 'anne', 'bruno'], positions: { sophie: spaceOf('STRICTLY_PERSONAL') - 9 }, topCards: { STRICTLY_PERSONAL: ['SP-02'] }, holdings: { sophie: { BSN: 1_000 } }, prices: { BSN: 100 }, cash: { sophie: 300_000 } }),
    );
    game.roll('sophie', 6, 3);
    game.do({ type: 'OfferShares', data: { playerId: 'sophie', company: 'BSN', lots: 1 } });
    game.answer('anne', 0);
    const ruined = game.answer('bruno', 0);
    expect(ofType(ruined, 'PlayerRuined')[0]?.data).toEqual({ playerId: 'sophie', cashSurrendered: 400_000 });
    expect(game.player('sophie').ruined).toBe(true);
  });
});

describe('III.8 penalty for a careless player', () => {
  it("Messaline's insolvency: fined, sells out, the banker seizes and resells the 4,000 PEUGEOT, Daniel is paid 2,800,000 $ and the surplus goes to Messaline", () => {
    const players = ['daniel', 'messaline', 'jacques'];
    const game = new Scenario(
      table({
        players,
        holdings: { daniel: { PEUGEOT: 4_000 }, messaline: { BSN: 1_000 } },
        prices: { PEUGEOT: 700, BSN: 100 },
        cash: { daniel: 0, messaline: 1_500_000, jacques: 5_000_000 },
      }),
    );
    game.do({ type: 'OfferShares', data: { playerId: 'daniel', company: 'PEUGEOT', lots: 4 } });
    game.answer('messaline', 4);
    game.answer('jacques', 0);
    const defaulted = game.pay('messaline');
    expect(ofType(defaulted, 'PaymentDefaulted')[0]?.data).toEqual({ payer: 'messaline', amount: 2_800_000, cash: 1_500_000 });
    expect(ofType(defaulted, 'CarelessPlayerFined')[0]?.data).toEqual({ playerId: 'messaline', fine: 100_000, turnsToMiss: 1 });
    game.do({ type: 'OfferShares', data: { playerId: 'messaline', company: 'BSN', lots: 1 } });
    game.answer('jacques', 0);
    const insolvent = game.answer('daniel', 0);
    expect(ofType(insolvent, 'PlayerInsolvent')[0]?.data).toEqual({ playerId: 'messaline', cashPaid: 1_500_000 });
    expect(ofType(insolvent, 'SharesSeized')[0]?.data).toEqual({ from: 'daniel', company: 'PEUGEOT', lots: 4 });
    expect(ofType(insolvent, 'SaleOpened')[0]?.data).toMatchObject({ seller: 'bank', mode: 'seizure', lots: 4, price: 700, responders: ['jacques', 'daniel'] });
    game.answer('jacques', 4);
    game.answer('daniel', 0);
    const settled = game.pay('jacques');
    expect(ofType(settled, 'SeizureSettled')[0]?.data).toEqual({
      debtor: 'messaline',
      creditor: 'daniel',
      creditorPaid: 2_800_000,
      refund: 1_500_000,
      turnsToMiss: 2,
    });
    expect(game.cash('daniel')).toBe(2_800_000);
    expect(game.cash('messaline')).toBe(1_500_000);
    expect(game.shares('jacques', 'PEUGEOT')).toBe(4_000);
    expect(game.player('messaline')).toMatchObject({ missedTurns: 2, ruined: false });
  });
});

describe('IV remuneration of the portfolio', () => {
  it("Yves's payout: 360,000 $ dividends + 1,900,000 $ director's fees + 300,000 $ horizontal + 600,000 $ vertical = 3,160,000 $", () => {
    const yves = portfolio({ BARCLAYS: 6_000, CHASE_MANHATTAN: 4_000, DEUTSCHE_BANK: 3_000, ELF: 7_000, MATRA: 2_000, BOUYGUES: 6_000, THOMSON: 6_000, IBM: 2_000 });
    const prices = { BARCLAYS: 400, ELF: 350, BOUYGUES: 650, THOMSON: 500 };
    const items = payoutsFor(id('yves'), yves, prices);
    expect(items.map((item) => [item.type, item.data.amount])).toEqual([
      ['DividendPaid', 360_000],
      ['DirectorsFeePaid', 400_000],
      ['DirectorsFeePaid', 650_000],
      ['DirectorsFeePaid', 350_000],
      ['DirectorsFeePaid', 500_000],
      ['HorizontalBonusPaid', 300_000],
      ['VerticalBonusPaid', 600_000],
    ]);
    expect(items.reduce((sum, item) => sum + item.data.amount, 0)).toBe(3_160_000);
  });

  it('Nathalie: 11 share cards bring 110,000 $ in dividends', () => {
    const companies = ['AEG', 'BASF', 'BP', 'BSN', 'CGE', 'ELF', 'FIAT', 'IBM', 'KODAK', 'SONY', 'TWA'];
    const nathalie = portfolio(Object.fromEntries(companies.map((company) => [company, 1_000])));
    expect(payoutsFor(id('nathalie'), nathalie, {})).toEqual([{ type: 'DividendPaid', data: { playerId: 'nathalie', shares: 11_000, amount: 110_000 } }]);
  });

  it("Marine: 7,000 PEUGEOT quoted 350 $ bring 350,000 $ of director's fees", () => {
    const items = payoutsFor(id('marine'), portfolio({ PEUGEOT: 7_000 }), { PEUGEOT: 350 });
    expect(items.find((item) => item.type === 'DirectorsFeePaid')?.data).toEqual({ playerId: 'marine', company: 'PEUGEOT', price: 350, amount: 350_000 });
  });

  it('Pierre: 6,000 PEUGEOT, 4,000 TOYOTA and 3,000 VOLKSWAGEN bring the 300,000 $ horizontal bonus', () => {
    const items = payoutsFor(id('pierre'), portfolio({ PEUGEOT: 6_000, TOYOTA: 4_000, VOLKSWAGEN: 3_000 }), { PEUGEOT: 200 });
    expect(items.find((item) => item.type === 'HorizontalBonusPaid')?.data).toEqual({
      playerId: 'pierre',
      sector: 'AUTOMOBILE',
      companies: ['PEUGEOT', 'TOYOTA', 'VOLKSWAGEN'],
      amount: 300_000,
    });
  });

  it("Yves's payout is paid item by item when his pawn completes a round of the track", () => {
    const holdings = { BARCLAYS: 6_000, CHASE_MANHATTAN: 4_000, DEUTSCHE_BANK: 3_000, ELF: 7_000, MATRA: 2_000, BOUYGUES: 6_000, THOMSON: 6_000, IBM: 2_000 };
    const game = new Scenario(
      table({ players: ['yves', 'anne'], holdings: { yves: holdings }, prices: { BARCLAYS: 400, ELF: 350, BOUYGUES: 650, THOMSON: 500 }, cash: { yves: 0 }, positions: { yves: 47 } }),
    );
    const events = game.roll('yves', 1, 2);
    expect(ofType(events, 'CircuitCompleted')[0]?.data).toEqual({ playerId: 'yves', circuits: 1 });
    expect(ofType(events, 'PawnMoved')[0]?.data).toEqual({ playerId: 'yves', from: 47, to: 0, circuitCompleted: true });
    expect(game.cash('yves')).toBe(3_160_000);
  });
});
