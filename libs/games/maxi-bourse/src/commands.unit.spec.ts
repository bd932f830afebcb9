import { seededRandom } from '@corbeille/kernel';
import { deciderSpecification } from '@corbeille/kernel/testing';
import { maxiBourseContent } from './content';
import { maxiBourse, maxiBourseEngine1 } from './decider';
import { resolveOptions } from './options';
import { freeLots } from './state';
import { dice, id, ofType, Scenario, spaceOf, table } from './testing/fixtures';
import type { MaxiBourseEvent } from './types';

const spec = deciderSpecification(maxiBourse);
const created: MaxiBourseEvent[] = [{ type: 'GameCreated', data: { gameId: 'game-1', options: resolveOptions() } }];
const joined = (...players: string[]): MaxiBourseEvent[] => [
  ...created,
  ...players.map((playerId, seat): MaxiBourseEvent => ({ type: 'PlayerJoined', data: { playerId: id(playerId), name: playerId, seat } })),
];
const duo = () => table({ players: ['ann', 'bob'] });
const trio = () => table({ players: ['ann', 'bob', 'cat'] });
/** Ann rolls 2 + 4 and stops on B.P. */
const onBp = (players = ['ann', 'bob', 'cat']) => {
  const game = new Scenario(table({ players }));
  game.roll('ann', 2, 4);
  return game;
};

describe('CreateGame, JoinGame, StartGame', () => {
  it('creates a game with the default options', () => {
    spec.given([]).when({ type: 'CreateGame', data: { gameId: 'game-1' } }).then(created);
  });

  it('refuses a second creation, a bad id and bad options', () => {
    spec.given(created).when({ type: 'CreateGame', data: { gameId: 'game-1' } }).thenThrows({ code: 'GAME_EXISTS', kind: 'RULE_VIOLATION' });
    spec.given([]).when({ type: 'CreateGame', data: { gameId: 'a b' } }).thenThrows({ code: 'INVALID_GAME_ID', kind: 'INVALID_INPUT' });
    spec.given([]).when({ type: 'CreateGame', data: { gameId: 'g', options: { turnLimit: 0 } } }).thenThrows({ code: 'INVALID_OPTIONS' });
    spec.given([]).when({ type: 'CreateGame', data: { gameId: 'g', options: { maxPlayers: 7 } } }).thenThrows({ code: 'INVALID_OPTIONS' });
  });

  it('seats players up to the limit', () => {
    spec.given(created).when({ type: 'JoinGame', data: { playerId: 'ann', name: ' Ann ' } }).then([
      { type: 'PlayerJoined', data: { playerId: id('ann'), name: 'Ann', seat: 0 } },
    ]);
    spec.given(joined('ann')).when({ type: 'JoinGame', data: { playerId: 'ann', name: 'Ann' } }).thenThrows({ code: 'ALREADY_JOINED' });
    spec.given(joined('a', 'b', 'c', 'd', 'e', 'f')).when({ type: 'JoinGame', data: { playerId: 'g', name: 'G' } }).thenThrows({ code: 'GAME_FULL' });
    spec.given(created).when({ type: 'JoinGame', data: { playerId: 'a/b', name: 'A' } }).thenThrows({ code: 'INVALID_PLAYER_ID' });
    spec.given(created).when({ type: 'JoinGame', data: { playerId: 'a', name: '  ' } }).thenThrows({ code: 'INVALID_NAME' });
    spec.given([]).when({ type: 'JoinGame', data: { playerId: 'a', name: 'A' } }).thenThrows({ code: 'GAME_NOT_CREATED', kind: 'NOT_FOUND' });
  });

  it('starts with the variant cash, nominal prices and five shuffled piles', () => {
    spec
      .given(joined('ann', 'bob'))
      .when({ type: 'StartGame', data: {} }, { random: seededRandom(1) })
      .then((events) => {
        const started = ofType(events, 'GameStarted')[0];
        expect(started?.data.cash).toEqual({ ann: 15_000_000, bob: 15_000_000 });
        expect(started?.data.prices.AEG).toBe(100);
        expect(started?.data.trackLength).toBe(50);
        expect(ofType(events, 'DeckShuffled').map((event) => event.data.order.length)).toEqual([32, 32, 32, 32, 32]);
      });
    spec.given(joined('ann')).when({ type: 'StartGame', data: {} }).thenThrows({ code: 'NOT_ENOUGH_PLAYERS' });
    spec.given(trio()).when({ type: 'StartGame', data: {} }).thenThrows({ code: 'WRONG_PHASE' });
  });
});

describe('PickStartingCompany', () => {
  const drafting = (): MaxiBourseEvent[] => {
    const game = new Scenario(joined('ann', 'bob'));
    game.do({ type: 'StartGame', data: {} }, seededRandom(2));
    return game.events;
  };

  it('picks one company at a time in seat order and opens the session after the last pick', () => {
    spec.given(drafting()).when({ type: 'PickStartingCompany', data: { playerId: 'ann', company: 'SONY' } }).then([
      { type: 'StartingCompanyPicked', data: { playerId: id('ann'), company: 'SONY', shares: 1_000 } },
    ]);
    const game = new Scenario(drafting());
    const companies = maxiBourseContent.companies.map((company) => company.id);
    for (let pick = 0; pick < 20; pick += 1) {
      game.do({ type: 'PickStartingCompany', data: { playerId: pick % 2 === 0 ? 'ann' : 'bob', company: companies[Math.floor(pick / 2)] ?? '' } });
    }
    expect(game.playing.turn).toMatchObject({ roller: 'ann', step: { kind: 'awaitingRoll' } });
    expect(game.shares('bob', 'AEG')).toBe(1_000);
  });

  it('refuses an out-of-turn pick, a duplicate and an unknown company', () => {
    spec.given(drafting()).when({ type: 'PickStartingCompany', data: { playerId: 'bob', company: 'SONY' } }).thenThrows({ code: 'NOT_YOUR_PICK' });
    const again: MaxiBourseEvent[] = [
      ...drafting(),
      { type: 'StartingCompanyPicked', data: { playerId: id('ann'), company: 'SONY', shares: 1_000 } },
      { type: 'StartingCompanyPicked', data: { playerId: id('bob'), company: 'SONY', shares: 1_000 } },
    ];
    spec.given(again).when({ type: 'PickStartingCompany', data: { playerId: 'ann', company: 'SONY' } }).thenThrows({ code: 'COMPANY_ALREADY_PICKED' });
    spec.given(drafting()).when({ type: 'PickStartingCompany', data: { playerId: 'ann', company: 'ACME' } }).thenThrows({ code: 'UNKNOWN_COMPANY', kind: 'INVALID_INPUT' });
    spec.given(drafting()).when({ type: 'PickStartingCompany', data: { playerId: 'zed', company: 'SONY' } }).thenThrows({ code: 'UNKNOWN_PLAYER', kind: 'NOT_FOUND' });
  });
});

describe('RollDice', () => {
  it('records the dice and moves the pawn', () => {
    spec.given(duo()).when({ type: 'RollDice', data: { playerId: 'ann' } }, dice(2, 4)).then([
      { type: 'DiceRolled', data: { playerId: id('ann'), dice: [2, 4], double: false } },
      { type: 'PawnMoved', data: { playerId: id('ann'), from: -1, to: 5, circuitCompleted: false } },
      { type: 'ShareSpaceOpened', data: { playerId: id('ann'), company: 'BP' } },
    ]);
  });

  it('offers a purchase at market price on a double, the pawn staying where the dice led it (III.7)', () => {
    spec.given(duo()).when({ type: 'RollDice', data: { playerId: 'ann' } }, dice(3, 3)).then((events) => {
      expect(events.map((event) => event.type)).toEqual(['DiceRolled', 'PawnMoved', 'DoublePurchaseOpened']);
    });
  });

  it('refuses a roll out of turn or twice', () => {
    spec.given(duo()).when({ type: 'RollDice', data: { playerId: 'bob' } }, dice(1, 2)).thenThrows({ code: 'NOT_YOUR_TURN' });
    const rolled = onBp().events;
    spec.given(rolled).when({ type: 'RollDice', data: { playerId: 'ann' } }, dice(1, 2)).thenThrows({ code: 'NOT_NOW' });
  });

  it('skips the turn of a penalised player (III.8)', () => {
    const events = table({ players: ['ann', 'bob', 'cat'], missedTurns: { bob: 1 }, positions: { ann: spaceOf('STOCK_EXCHANGE') - 5 }, topCards: { STOCK_EXCHANGE: ['SE-01'] } });
    spec.given(events).when({ type: 'RollDice', data: { playerId: 'ann' } }, dice(1, 4)).then((produced) => {
      expect(ofType(produced, 'TurnMissed')[0]?.data).toEqual({ playerId: 'bob', stillToMiss: 0 });
      expect(ofType(produced, 'TurnStarted')[0]?.data.playerId).toBe('cat');
    });
  });
});

describe('BuyOnDouble and SkipDoublePurchase', () => {
  const doubled = () => {
    const game = new Scenario(duo());
    game.roll('ann', 3, 3);
    return game.events;
  };

  it('buys 1 or 2 lots of any company at market price', () => {
    spec.given(doubled()).when({ type: 'BuyOnDouble', data: { playerId: 'ann', company: 'IBM', lots: 2 } }).then([
      { type: 'MarketPurchaseDeclared', data: { playerId: id('ann'), company: 'IBM', lots: 2, price: 300 } },
      { type: 'PaymentRequested', data: { payer: id('ann'), creditor: 'bank', company: 'IBM', lots: 2, price: 300 } },
    ]);
    spec.given(doubled()).when({ type: 'SkipDoublePurchase', data: { playerId: 'ann' } }).then((events) => {
      expect(events[0]).toEqual({ type: 'DoublePurchaseSkipped', data: { playerId: 'ann' } });
    });
  });

  it('refuses 3 lots, another player and a purchase without a double', () => {
    spec.given(doubled()).when({ type: 'BuyOnDouble', data: { playerId: 'ann', company: 'IBM', lots: 3 } }).thenThrows({ code: 'INVALID_LOTS' });
    spec.given(doubled()).when({ type: 'BuyOnDouble', data: { playerId: 'bob', company: 'IBM', lots: 1 } }).thenThrows({ code: 'NOT_YOUR_TURN' });
    spec.given(onBp().events).when({ type: 'BuyOnDouble', data: { playerId: 'ann', company: 'IBM', lots: 1 } }).thenThrows({ code: 'NOT_NOW' });
  });

  it('refuses more lots than the Share Service holds', () => {
    const game = new Scenario(table({ players: ['ann', 'bob'], holdings: { bob: { IBM: 9_000 } } }));
    game.roll('ann', 3, 3);
    spec.given(game.events).when({ type: 'BuyOnDouble', data: { playerId: 'ann', company: 'IBM', lots: 2 } }).thenThrows({ code: 'NOT_ENOUGH_BANK_SHARES' });
  });
});

describe('ChooseShareCompany, PassShareSpace, DeclareBid', () => {
  it('opens the first round of bidding for everyone, the lander first', () => {
    spec.given(onBp().events).when({ type: 'ChooseShareCompany', data: { playerId: 'ann', company: 'BP' } }).then([
      { type: 'ShareCompanyChosen', data: { playerId: id('ann'), company: 'BP', atMarketPrice: true } },
      { type: 'BiddingRoundOpened', data: { company: 'BP', round: 1, speakers: [id('ann'), id('bob'), id('cat')], bankShares: 10_000, marketPriceFor: id('ann') } },
    ]);
  });

  it('passing ends the turn', () => {
    spec.given(onBp().events).when({ type: 'PassShareSpace', data: { playerId: 'ann' } }).then((events) => {
      expect(events.map((event) => event.type)).toEqual(['ShareSpacePassed', 'TurnStarted']);
    });
  });

  it('refuses a company the bank has sold out (III.1-7), and another player choosing', () => {
    const game = new Scenario(table({ players: ['ann', 'bob'], holdings: { bob: { SONY: 10_000 } } }));
    game.roll('ann', 2, 4);
    spec.given(game.events).when({ type: 'ChooseShareCompany', data: { playerId: 'ann', company: 'SONY' } }).thenThrows({ code: 'BANK_SOLD_OUT' });
    spec.given(onBp().events).when({ type: 'ChooseShareCompany', data: { playerId: 'bob', company: 'BP' } }).thenThrows({ code: 'NOT_YOUR_TURN' });
    spec.given(duo()).when({ type: 'PassShareSpace', data: { playerId: 'ann' } }).thenThrows({ code: 'NOT_NOW' });
  });

  it('a bid out of turn or above 2 lots is refused (III.1-3)', () => {
    const game = onBp();
    game.do({ type: 'ChooseShareCompany', data: { playerId: 'ann', company: 'SONY' } });
    spec.given(game.events).when({ type: 'DeclareBid', data: { playerId: 'bob', lots: 1 } }).thenThrows({ code: 'NOT_YOUR_BID' });
    spec.given(game.events).when({ type: 'DeclareBid', data: { playerId: 'ann', lots: 3 } }).thenThrows({ code: 'INVALID_LOTS' });
    spec.given(duo()).when({ type: 'DeclareBid', data: { playerId: 'ann', lots: 1 } }).thenThrows({ code: 'NOT_NOW' });
  });

  it('only the players who bought speak in the next round, and trading closes when nobody buys', () => {
    const game = onBp();
    game.do({ type: 'ChooseShareCompany', data: { playerId: 'ann', company: 'SONY' } });
    game.bid('ann', 0);
    game.bid('bob', 1);
    const closed = game.bid('cat', 0);
    expect(ofType(closed, 'PaymentRequested')[0]?.data).toMatchObject({ payer: 'bob', price: 210 });
    const next = game.pay('bob');
    expect(ofType(next, 'BiddingRoundOpened')[0]?.data.speakers).toEqual(['bob']);
    const end = game.bid('bob', 0);
    expect(end.map((event) => event.type)).toEqual(['BidDeclared', 'BiddingRoundClosed', 'ShareTradingClosed', 'TurnStarted']);
  });
});

describe('AnswerAuction', () => {
  const auction = () => {
    const game = new Scenario(table({ players: ['ann', 'bob', 'cat'], holdings: { cat: { SONY: 9_000 } } }));
    game.roll('ann', 2, 4);
    game.do({ type: 'ChooseShareCompany', data: { playerId: 'ann', company: 'SONY' } });
    game.bid('ann', 1);
    game.bid('bob', 1);
    game.bid('cat', 0);
    return game;
  };

  it('records each answer at the proposed price', () => {
    spec.given(auction().events).when({ type: 'AnswerAuction', data: { playerId: 'bob', stay: true } }).then([
      { type: 'AuctionAnswered', data: { playerId: id('bob'), price: 230, stay: true } },
    ]);
  });

  it('a single stayer wins at the proposed price', () => {
    const game = auction();
    game.auction('ann', false);
    const closed = game.auction('bob', true);
    expect(ofType(closed, 'AuctionClosed')[0]?.data).toMatchObject({ price: 230, allocations: [{ playerId: 'bob', lots: 1 }] });
  });

  it('refuses a player outside the auction and a second answer', () => {
    spec.given(auction().events).when({ type: 'AnswerAuction', data: { playerId: 'cat', stay: true } }).thenThrows({ code: 'NOT_A_BIDDER' });
    const game = auction();
    game.auction('ann', true);
    spec.given(game.events).when({ type: 'AnswerAuction', data: { playerId: 'ann', stay: false } }).thenThrows({ code: 'ALREADY_ANSWERED' });
    spec.given(duo()).when({ type: 'AnswerAuction', data: { playerId: 'ann', stay: true } }).thenThrows({ code: 'NOT_NOW' });
  });
});

describe('PayForShares', () => {
  it('refuses someone else paying', () => {
    const game = onBp();
    game.do({ type: 'ChooseShareCompany', data: { playerId: 'ann', company: 'BP' } });
    game.bid('ann', 1);
    spec.given(game.events).when({ type: 'PayForShares', data: { playerId: 'bob' } }).thenThrows({ code: 'NOT_YOUR_PAYMENT' });
    spec.given(duo()).when({ type: 'PayForShares', data: { playerId: 'ann' } }).thenThrows({ code: 'NOT_NOW' });
  });

  it('a careless player is fined 100,000 $ and misses a turn (III.8)', () => {
    const game = new Scenario(table({ players: ['ann', 'bob'], cash: { ann: 150_000 }, holdings: { ann: { AEG: 1_000 } } }));
    game.roll('ann', 2, 4);
    game.do({ type: 'ChooseShareCompany', data: { playerId: 'ann', company: 'BP' } });
    game.bid('ann', 1);
    const defaulted = game.pay('ann');
    expect(defaulted.map((event) => event.type)).toEqual(['PaymentDefaulted', 'CarelessPlayerFined']);
    expect(game.cash('ann')).toBe(50_000);
    expect(game.playing.turn.stack.at(-1)).toMatchObject({ kind: 'debt', amount: 200_000, stage: 'raising' });
    // The penalised player may no longer buy: the rest of the round goes on without her.
    game.do({ type: 'OfferShares', data: { playerId: 'ann', company: 'AEG', lots: 1 } });
    const sold = game.answer('bob', 0);
    expect(ofType(sold, 'SoldToBank')[0]?.data.amount).toBe(100_000);
    expect(ofType(sold, 'PlayerInsolvent')[0]?.data.cashPaid).toBe(150_000);
  });
});

describe('the careless player pays the whole 100,000 $ fine (III.8, "IF YOU CANNOT PAY")', () => {
  /** Ann, with too little cash for the fine, owes 200,000 $ for a lot of B.P. she bid for. */
  const shortOfCash = (cash: number, aegShares: number) => {
    const game = new Scenario(table({ players: ['ann', 'bob'], cash: { ann: cash }, holdings: { ann: { AEG: aegShares } } }));
    game.roll('ann', 2, 4);
    game.do({ type: 'ChooseShareCompany', data: { playerId: 'ann', company: 'BP' } });
    game.bid('ann', 1);
    return game;
  };
  const sellAegLot = (game: Scenario) => {
    game.do({ type: 'OfferShares', data: { playerId: 'ann', company: 'AEG', lots: 1 } });
    return game.answer('bob', 0);
  };

  it('pays at once what her cash covers and owes the rest of the fine', () => {
    const game = shortOfCash(50_000, 3_000);
    spec.given(game.events).when({ type: 'PayForShares', data: { playerId: 'ann' } }).then([
      { type: 'PaymentDefaulted', data: { payer: id('ann'), amount: 200_000, cash: 50_000 } },
      { type: 'CarelessPlayerFined', data: { playerId: id('ann'), fine: 50_000, fineOwed: 50_000, turnsToMiss: 1 } },
    ]);
  });

  it('sells shares until her cash covers the purchase and the rest of the fine, then pays both', () => {
    const game = shortOfCash(50_000, 3_000);
    game.pay('ann');
    expect(game.cash('ann')).toBe(0);
    expect(ofType(sellAegLot(game), 'SharesPaid')).toEqual([]);
    // 200,000 $ would pay for the shares, but not the 50,000 $ of the fine still owed: she sells on.
    expect(ofType(sellAegLot(game), 'SharesPaid')).toEqual([]);
    expect(game.cash('ann')).toBe(200_000);
    const paid = sellAegLot(game);
    expect(ofType(paid, 'SharesPaid')[0]?.data).toMatchObject({ payer: 'ann', creditor: 'bank', company: 'BP', amount: 200_000 });
    expect(ofType(paid, 'CarelessFinePaid')[0]?.data).toEqual({ playerId: 'ann', amount: 50_000 });
    expect(game.player('ann')).toMatchObject({ cash: 50_000, missedTurns: 1 });
    expect(game.player('ann').holdings.BP).toBe(1_000);
  });

  it('when the shares sold cover the purchase but not the whole fine, pays the creditor first and the fine with what is left', () => {
    const game = shortOfCash(50_000, 2_000);
    game.pay('ann');
    sellAegLot(game);
    const paid = sellAegLot(game);
    expect(ofType(paid, 'SharesPaid')[0]?.data.amount).toBe(200_000);
    // Nothing left to sell and no cash left: the bank collects what there is.
    expect(ofType(paid, 'CarelessFinePaid')).toEqual([]);
    expect(game.player('ann')).toMatchObject({ cash: 0, ruined: false });
  });

  it('an insolvent player owing part of the fine pays it from the surplus of the seizure before the rest is refunded', () => {
    const game = shortOfCash(50_000, 1_000);
    game.pay('ann');
    sellAegLot(game);
    game.answer('bob', 0);
    const settled = game.answer('bob', 0);
    // 100,000 $ of cash paid + 170,000 $ from the resale - 200,000 $ for the shares = 70,000 $; 50,000 $ of it settles the fine.
    expect(ofType(settled, 'SeizureSettled')[0]?.data).toEqual({ debtor: 'ann', creditor: 'bank', creditorPaid: 200_000, refund: 20_000, finePaid: 50_000, turnsToMiss: 2 });
    expect(game.player('ann')).toMatchObject({ cash: 20_000, missedTurns: 2, ruined: false });
  });

  it('engine version 1, for the games pinned to it, still caps the fine at the cash on hand', () => {
    const game = shortOfCash(50_000, 3_000);
    deciderSpecification(maxiBourseEngine1).given(game.events).when({ type: 'PayForShares', data: { playerId: 'ann' } }).then([
      { type: 'PaymentDefaulted', data: { payer: id('ann'), amount: 200_000, cash: 50_000 } },
      { type: 'CarelessPlayerFined', data: { playerId: id('ann'), fine: 50_000, turnsToMiss: 1 } },
    ]);
  });

  it('a player who can pay the fine in full pays it at once, as before', () => {
    const game = shortOfCash(150_000, 1_000);
    spec.given(game.events).when({ type: 'PayForShares', data: { playerId: 'ann' } }).then([
      { type: 'PaymentDefaulted', data: { payer: id('ann'), amount: 200_000, cash: 150_000 } },
      { type: 'CarelessPlayerFined', data: { playerId: id('ann'), fine: 100_000, turnsToMiss: 1 } },
    ]);
  });
});

describe('insolvency (III.8)', () => {
  it('the seized shares resold by the usual terms leave a surplus: the player is paid back and misses a further turn', () => {
    const game = new Scenario(table({ players: ['ann', 'bob'], cash: { ann: 150_000 }, holdings: { ann: { AEG: 1_000 } } }));
    game.roll('ann', 2, 4);
    game.do({ type: 'ChooseShareCompany', data: { playerId: 'ann', company: 'BP' } });
    game.bid('ann', 1);
    game.pay('ann');
    game.do({ type: 'OfferShares', data: { playerId: 'ann', company: 'AEG', lots: 1 } });
    game.answer('bob', 0);
    game.answer('bob', 0);
    const settled = game.answer('bob', 0);
    expect(ofType(settled, 'SoldToBank')[0]?.data).toMatchObject({ seller: 'bank', company: 'BP', price: 170, amount: 170_000 });
    expect(ofType(settled, 'SeizureSettled')[0]?.data).toEqual({ debtor: 'ann', creditor: 'bank', creditorPaid: 200_000, refund: 120_000, turnsToMiss: 2 });
    expect(game.player('ann')).toMatchObject({ cash: 120_000, missedTurns: 2, ruined: false });
  });

  it('when the banker pays nothing back the player is ruined; the last player left wins', () => {
    const game = new Scenario(table({ players: ['ann', 'bob'], cash: { ann: 100_000 } }));
    game.roll('ann', 2, 4);
    game.do({ type: 'ChooseShareCompany', data: { playerId: 'ann', company: 'BP' } });
    game.bid('ann', 2);
    const seized = game.pay('ann');
    expect(ofType(seized, 'PlayerInsolvent')[0]?.data).toEqual({ playerId: 'ann', cashPaid: 0 });
    game.answer('bob', 0);
    const ruined = game.answer('bob', 0);
    expect(ofType(ruined, 'SeizureSettled')[0]?.data).toMatchObject({ creditorPaid: 400_000, refund: 0 });
    expect(ofType(ruined, 'PlayerRuined')[0]?.data).toEqual({ playerId: 'ann', cashSurrendered: 0 });
    expect(ofType(ruined, 'GameEnded')[0]?.data).toMatchObject({ reason: 'ONE_PLAYER_LEFT', winners: ['bob'] });
  });

  it('shares already sold and awaiting payment cannot be offered a second time', () => {
    const game = new Scenario(table({ players: ['ann', 'bob', 'cat'], holdings: { ann: { CANON: 1_000 } } }));
    game.do({ type: 'OfferShares', data: { playerId: 'ann', company: 'CANON', lots: 1 } });
    expect(freeLots(game.playing, id('ann'), 'CANON')).toBe(0);
    game.answer('bob', 1);
    game.answer('cat', 0);
    expect(game.playing.turn.stack.at(-1)).toMatchObject({ kind: 'payment', creditor: 'ann' });
    expect(freeLots(game.playing, id('ann'), 'CANON')).toBe(0);
    game.pay('bob');
    expect(freeLots(game.playing, id('bob'), 'CANON')).toBe(1);
  });
});

describe('OfferShares and AnswerSaleOffer', () => {
  const selling = () => table({ players: ['ann', 'bob', 'cat'], holdings: { ann: { CANON: 3_000 } } });

  it('offers the shares to the opponents at market price', () => {
    spec.given(selling()).when({ type: 'OfferShares', data: { playerId: 'ann', company: 'CANON', lots: 3 } }).then([
      { type: 'SaleOpened', data: { seller: id('ann'), company: 'CANON', lots: 3, mode: 'voluntary', price: 200, responders: [id('bob'), id('cat')] } },
    ]);
  });

  it('refuses a seller who is not about to roll, more shares than held, or a sale after the roll', () => {
    spec.given(selling()).when({ type: 'OfferShares', data: { playerId: 'bob', company: 'CANON', lots: 1 } }).thenThrows({
      code: 'ONLY_ROLLER_SELLS',
      message: 'Only the player about to roll may sell (III.2, Selling)',
    });
    spec.given(selling()).when({ type: 'OfferShares', data: { playerId: 'ann', company: 'CANON', lots: 4 } }).thenThrows({ code: 'NOT_ENOUGH_SHARES' });
    spec.given(selling()).when({ type: 'OfferShares', data: { playerId: 'ann', company: 'CANON', lots: 1.5 } }).thenThrows({ code: 'INVALID_LOTS' });
    spec.given(onBp().events).when({ type: 'OfferShares', data: { playerId: 'ann', company: 'CANON', lots: 1 } }).thenThrows({ code: 'NOT_NOW' });
  });

  it('a buyer stops the fall; several buyers asking for more than offered go to an auction', () => {
    const game = new Scenario(selling());
    game.do({ type: 'OfferShares', data: { playerId: 'ann', company: 'CANON', lots: 1 } });
    game.answer('bob', 1);
    const auctioned = game.answer('cat', 1);
    expect(ofType(auctioned, 'AuctionOpened')[0]?.data).toMatchObject({ purpose: 'sale', supplyLots: 1, startPrice: 200, preferenceFrom: 'ann' });
    game.auction('bob', true);
    const won = game.auction('cat', false);
    expect(ofType(won, 'SaleAllocated')[0]?.data).toEqual({ company: 'CANON', price: 210, allocations: [{ playerId: 'bob', lots: 1 }], unsoldLots: 0 });
    game.pay('bob');
    expect(game.cash('ann')).toBe(15_000_000 + 210_000);
    expect(game.shares('bob', 'CANON')).toBe(1_000);
  });

  it('refuses an answer out of turn', () => {
    const game = new Scenario(selling());
    game.do({ type: 'OfferShares', data: { playerId: 'ann', company: 'CANON', lots: 1 } });
    spec.given(game.events).when({ type: 'AnswerSaleOffer', data: { playerId: 'cat', lots: 0 } }).thenThrows({ code: 'NOT_YOUR_ANSWER' });
    spec.given(game.events).when({ type: 'AnswerSaleOffer', data: { playerId: 'bob', lots: 2 } }).thenThrows({ code: 'INVALID_LOTS' });
    spec.given(game.events).when({ type: 'RollDice', data: { playerId: 'ann' } }).thenThrows({ code: 'BUSINESS_PENDING' });
  });
});

describe('RequestShares and premium sales (III.2, III.1-7)', () => {
  const held = () => table({ players: ['ann', 'bob', 'cat'], holdings: { ann: { CANON: 2_000 } }, prices: { CANON: 200 } });
  const requested = () => {
    const game = new Scenario(held());
    game.do({ type: 'RequestShares', data: { playerId: 'bob', sellerId: 'ann', company: 'CANON', lots: 1 } });
    return game;
  };

  it('the shares go at the last price the buyer accepts', () => {
    const game = requested();
    game.do({ type: 'QuotePremiumPrice', data: { playerId: 'ann', price: 250 } });
    game.do({ type: 'AnswerPremiumPrice', data: { playerId: 'bob', accept: true } });
    game.do({ type: 'QuotePremiumPrice', data: { playerId: 'ann', price: 300 } });
    const refused = game.do({ type: 'AnswerPremiumPrice', data: { playerId: 'bob', accept: false } });
    expect(ofType(refused, 'PremiumSaleAgreed')[0]?.data).toMatchObject({ price: 250, lots: 1 });
    game.pay('bob');
    expect(game.shares('bob', 'CANON')).toBe(1_000);
    expect(game.price('CANON')).toBe(200);
  });

  it('the seller may close at the accepted price or decline at once', () => {
    const game = requested();
    game.do({ type: 'QuotePremiumPrice', data: { playerId: 'ann', price: 250 } });
    game.do({ type: 'AnswerPremiumPrice', data: { playerId: 'bob', accept: true } });
    spec.given(game.events).when({ type: 'ClosePremiumSale', data: { playerId: 'ann' } }).then((events) => {
      expect(ofType(events, 'PaymentRequested')[0]?.data).toMatchObject({ payer: 'bob', creditor: 'ann', price: 250 });
    });
    spec.given(game.events).when({ type: 'DeclineShareRequest', data: { playerId: 'ann' } }).thenThrows({ code: 'PRICE_ALREADY_ACCEPTED' });
    spec.given(requested().events).when({ type: 'DeclineShareRequest', data: { playerId: 'ann' } }).then([{ type: 'ShareRequestDeclined', data: { seller: id('ann') } }]);
    spec.given(requested().events).when({ type: 'ClosePremiumSale', data: { playerId: 'ann' } }).thenThrows({ code: 'NO_ACCEPTED_PRICE' });
  });

  it('refuses a price not above market, a price off the 10 $ steps and the wrong party answering', () => {
    spec.given(requested().events).when({ type: 'QuotePremiumPrice', data: { playerId: 'ann', price: 200 } }).thenThrows({ code: 'PRICE_TOO_LOW' });
    spec.given(requested().events).when({ type: 'QuotePremiumPrice', data: { playerId: 'ann', price: 255 } }).thenThrows({ code: 'INVALID_PRICE' });
    spec.given(requested().events).when({ type: 'QuotePremiumPrice', data: { playerId: 'bob', price: 250 } }).thenThrows({ code: 'NOT_AWAITED' });
    spec.given(requested().events).when({ type: 'AnswerPremiumPrice', data: { playerId: 'bob', accept: true } }).thenThrows({ code: 'NOT_AWAITED' });
  });

  it('refuses asking a player who is not about to roll, asking twice, or asking yourself', () => {
    spec.given(held()).when({ type: 'RequestShares', data: { playerId: 'cat', sellerId: 'bob', company: 'CANON', lots: 1 } }).thenThrows({ code: 'ONLY_ROLLER_SELLS' });
    spec.given(held()).when({ type: 'RequestShares', data: { playerId: 'ann', sellerId: 'ann', company: 'CANON', lots: 1 } }).thenThrows({ code: 'OWN_SHARES' });
    spec.given(held()).when({ type: 'RequestShares', data: { playerId: 'bob', sellerId: 'ann', company: 'CANON', lots: 3 } }).thenThrows({ code: 'NOT_ENOUGH_SHARES' });
    const game = requested();
    game.do({ type: 'DeclineShareRequest', data: { playerId: 'ann' } });
    spec.given(game.events).when({ type: 'RequestShares', data: { playerId: 'bob', sellerId: 'ann', company: 'CANON', lots: 1 } }).thenThrows({ code: 'REQUEST_ALREADY_MADE' });
  });

  it('on a share space the bank has sold out, the lander may ask the holders (III.1-7)', () => {
    const soldOut = new Scenario(table({ players: ['ann', 'bob'], holdings: { bob: { BP: 10_000 } } }));
    soldOut.roll('ann', 2, 4);
    spec.given(soldOut.events).when({ type: 'RequestShares', data: { playerId: 'ann', sellerId: 'bob', company: 'BP', lots: 2 } }).then([
      { type: 'ShareRequestMade', data: { buyer: id('ann'), seller: id('bob'), company: 'BP', lots: 2 } },
    ]);
    spec.given(soldOut.events).when({ type: 'RequestShares', data: { playerId: 'ann', sellerId: 'bob', company: 'SONY', lots: 1 } }).thenThrows({ code: 'NOT_THIS_COMPANY' });
    const available = new Scenario(table({ players: ['ann', 'bob'], holdings: { bob: { BP: 2_000 } } }));
    available.roll('ann', 2, 4);
    spec.given(available.events).when({ type: 'RequestShares', data: { playerId: 'ann', sellerId: 'bob', company: 'BP', lots: 1 } }).thenThrows({ code: 'COMPANY_STILL_AVAILABLE' });
  });

  it('a penalised player may not ask for shares (III.8)', () => {
    const events = table({ players: ['ann', 'bob'], holdings: { ann: { CANON: 1_000 } }, missedTurns: { bob: 1 } });
    spec.given(events).when({ type: 'RequestShares', data: { playerId: 'bob', sellerId: 'ann', company: 'CANON', lots: 1 } }).thenThrows({ code: 'PLAYER_PENALISED' });
  });
});

describe('RevealRumour', () => {
  const holding = () => {
    const game = new Scenario(table({ players: ['ann', 'bob'], topCards: { RUMOURS: ['RU-04'] } }));
    game.roll('ann', 4, 6);
    return game;
  };

  it('moves the price at once and discards the card', () => {
    spec.given(holding().events).when({ type: 'RevealRumour', data: { playerId: 'ann', cardId: 'RU-04' } }).then([
      { type: 'RumourRevealed', data: { playerId: id('ann'), cardId: 'RU-04', company: 'PEUGEOT', delta: -50 } },
    ]);
  });

  it('refuses a card not held and a penalised holder', () => {
    spec.given(holding().events).when({ type: 'RevealRumour', data: { playerId: 'bob', cardId: 'RU-04' } }).thenThrows({ code: 'UNKNOWN_RUMOUR' });
    const penalised: MaxiBourseEvent[] = [...holding().events, { type: 'TurnMissed', data: { playerId: id('ann'), stillToMiss: 1 } }];
    spec.given(penalised).when({ type: 'RevealRumour', data: { playerId: 'ann', cardId: 'RU-04' } }).thenThrows({ code: 'PLAYER_PENALISED' });
  });
});

describe('cards', () => {
  it('Stock Exchange and politics cards apply at once', () => {
    const events = table({ players: ['ann', 'bob'], topCards: { STOCK_EXCHANGE: ['SE-07'] } });
    spec.given(events).when({ type: 'RollDice', data: { playerId: 'ann' } }, dice(1, 4)).then((produced) => {
      expect(ofType(produced, 'CardDrawn')[0]?.data).toEqual({ playerId: 'ann', series: 'STOCK_EXCHANGE', cardId: 'SE-07' });
      expect(ofType(produced, 'PriceMoved').map((event) => [event.data.company, event.data.to])).toEqual([
        ['BARCLAYS', 230],
        ['CHASE_MANHATTAN', 130],
        ['DEUTSCHE_BANK', 230],
        ['UBS', 230],
      ]);
    });
  });

  it('a payment card the player cannot meet even after selling everything ruins him and closes a two-player game', () => {
    const events = table({ players: ['ann', 'bob'], cash: { ann: 50_000 }, topCards: { STOCK_EXCHANGE: ['SE-04'] } });
    spec.given(events).when({ type: 'RollDice', data: { playerId: 'ann' } }, dice(1, 4)).then((produced) => {
      expect(ofType(produced, 'PlayerRuined')[0]?.data).toEqual({ playerId: 'ann', cashSurrendered: 50_000 });
      expect(ofType(produced, 'GameEnded')[0]?.data).toMatchObject({ reason: 'ONE_PLAYER_LEFT', winners: ['bob'] });
    });
  });

  it('an empty pile is reshuffled from its discards, the new order recorded for referees', () => {
    const oneCard: MaxiBourseEvent = { type: 'DeckShuffled', data: { series: 'STOCK_EXCHANGE', order: ['SE-01'] } };
    const events = [...table({ players: ['ann', 'bob'], positions: { bob: spaceOf('STOCK_EXCHANGE') - 5 } }), oneCard];
    const game = new Scenario(events);
    game.roll('ann', 1, 4);
    expect(game.playing.decks.STOCK_EXCHANGE).toEqual({ drawPile: [], discardPile: ['SE-01'] });
    const reshuffled = game.roll('bob', 1, 4);
    expect(ofType(reshuffled, 'DeckShuffled')[0]?.data).toEqual({ series: 'STOCK_EXCHANGE', order: ['SE-01'] });
    expect(ofType(reshuffled, 'CardDrawn')[0]?.data.cardId).toBe('SE-01');
  });

  it('when every rumour is held, no card is drawn', () => {
    const empty: MaxiBourseEvent = { type: 'DeckShuffled', data: { series: 'RUMOURS', order: [] } };
    spec.given([...table({ players: ['ann', 'bob'] }), empty]).when({ type: 'RollDice', data: { playerId: 'ann' } }, dice(4, 6)).then((produced) => {
      expect(ofType(produced, 'NoCardLeft')[0]?.data).toEqual({ playerId: 'ann', series: 'RUMOURS' });
    });
  });
});

describe('CloseSession and the end (V)', () => {
  it('values cash plus shares at market price and names the richest', () => {
    const events = table({ players: ['ann', 'bob'], cash: { ann: 100_000, bob: 200_000 }, holdings: { ann: { SONY: 2_000 } }, prices: { SONY: 400 } });
    spec.given(events).when({ type: 'CloseSession', data: {} }).then((produced) => {
      expect(produced).toEqual([
        {
          type: 'GameEnded',
          data: expect.objectContaining({
            reason: 'TIME_ELAPSED',
            winners: ['ann'],
            valuations: [
              { playerId: 'ann', cash: 100_000, shareValue: 800_000, total: 900_000, rank: 1 },
              { playerId: 'bob', cash: 200_000, shareValue: 0, total: 200_000, rank: 2 },
            ],
          }),
        },
      ]);
    });
  });

  it('closes after the number of turns chosen in advance', () => {
    const events = table({ players: ['ann', 'bob'], options: { turnLimit: 1 }, roller: 'bob' });
    const game = new Scenario(events);
    game.roll('bob', 2, 4);
    const closed = game.do({ type: 'PassShareSpace', data: { playerId: 'bob' } });
    expect(closed.map((event) => event.type)).toEqual(['ShareSpacePassed', 'TableTurnCompleted', 'GameEnded']);
    expect(ofType(closed, 'GameEnded')[0]?.data.reason).toBe('TURN_LIMIT');
  });

  it('closes when the Share Service has sold everything', () => {
    const holdings = Object.fromEntries(maxiBourseContent.companies.map((company) => [company.id, 10_000]));
    const game = new Scenario(table({ players: ['ann', 'bob'], holdings: { bob: holdings } }));
    game.roll('ann', 2, 4);
    const closed = game.do({ type: 'PassShareSpace', data: { playerId: 'ann' } });
    expect(ofType(closed, 'GameEnded')[0]?.data.reason).toBe('ALL_SHARES_SOLD');
    spec.given(game.events).when({ type: 'RollDice', data: { playerId: 'bob' } }).thenThrows({ code: 'GAME_OVER' });
  });

  it('a ruined player can no longer act', () => {
    const events = [...trio(), { type: 'PlayerRuined', data: { playerId: id('bob'), cashSurrendered: 0 } } as MaxiBourseEvent];
    spec.given(events).when({ type: 'RevealRumour', data: { playerId: 'bob', cardId: 'RU-01' } }).thenThrows({ code: 'PLAYER_RUINED' });
  });
});
