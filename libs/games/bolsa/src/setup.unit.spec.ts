import { fold, scriptedRandom, seededRandom } from '@corbeille/kernel';
import { bolsa } from './decider';
import {
  afterJanuaryDeadline,
  alice,
  bob,
  carol,
  closePlanning,
  created,
  dave,
  erin,
  face,
  frank,
  januaryTable,
  ofType,
  scriptedThenSeeded,
  seated,
  spec,
} from './testing/fixtures';
import type { BolsaEvent } from './types';

const start = { type: 'StartGame' as const, data: {} };

describe('CreateGame', () => {
  it('creates a game with the default options', () => {
    spec.given([]).when({ type: 'CreateGame', data: { gameId: 'game-1' } }).then([
      {
        type: 'GameCreated',
        data: { gameId: 'game-1', options: { planningSeconds: 30, timedFromMonth: 1, lastMonth: 12, lotteryRotation: 'next-seat' } },
      },
    ]);
  });

  it('accepts a shorter game ending at a quarter', () => {
    spec.given([]).when({ type: 'CreateGame', data: { gameId: 'game-1', options: { lastMonth: 6 } } }).then((events) => {
      expect(ofType(events, 'GameCreated')[0]?.options.lastMonth).toBe(6);
    });
  });

  it('refuses a game that does not end at a quarter', () => {
    spec
      .given([])
      .when({ type: 'CreateGame', data: { gameId: 'game-1', options: { lastMonth: 5 as 6 } } })
      .thenThrows({ code: 'INVALID_OPTIONS', kind: 'INVALID_INPUT', message: /end of a quarter/ });
  });

  it('refuses a planning time outside 5 to 600 seconds', () => {
    spec.given([]).when({ type: 'CreateGame', data: { gameId: 'game-1', options: { planningSeconds: 1 } } }).thenThrows({ code: 'INVALID_OPTIONS' });
  });

  it('refuses a bad game id and a second creation', () => {
    spec.given([]).when({ type: 'CreateGame', data: { gameId: 'no spaces' } }).thenThrows({ code: 'INVALID_GAME_ID', kind: 'INVALID_INPUT' });
    spec.given(created()).when({ type: 'CreateGame', data: { gameId: 'game-2' } }).thenThrows({ code: 'GAME_EXISTS', kind: 'RULE_VIOLATION' });
  });
});

describe('JoinGame', () => {
  it('seats players in order', () => {
    spec.given(seated([alice])).when({ type: 'JoinGame', data: { playerId: 'bob', name: ' Bob ' } }).then([
      { type: 'PlayerJoined', data: { playerId: bob, name: 'Bob', seat: 1 } },
    ]);
  });

  it('refuses a player twice, a seventh player, bad ids and names, and a game not created', () => {
    spec.given(seated([alice])).when({ type: 'JoinGame', data: { playerId: 'alice', name: 'Alice' } }).thenThrows({ code: 'ALREADY_JOINED' });
    spec
      .given(seated([alice, bob, carol, dave, erin, frank]))
      .when({ type: 'JoinGame', data: { playerId: 'grace', name: 'Grace' } })
      .thenThrows({ code: 'GAME_FULL', message: /2 to 6 players/ });
    spec.given(created()).when({ type: 'JoinGame', data: { playerId: 'a/b', name: 'X' } }).thenThrows({ code: 'INVALID_PLAYER_ID' });
    spec.given(created()).when({ type: 'JoinGame', data: { playerId: 'x', name: '  ' } }).thenThrows({ code: 'INVALID_NAME' });
    spec.given([]).when({ type: 'JoinGame', data: { playerId: 'x', name: 'X' } }).thenThrows({ code: 'GAME_NOT_CREATED' });
    spec.given(januaryTable()).when({ type: 'JoinGame', data: { playerId: 'x', name: 'X' } }).thenThrows({ code: 'GAME_ALREADY_STARTED' });
  });
});

describe('StartGame', () => {
  it('needs at least two players and a clock reading', () => {
    spec.given(seated([alice])).when(start).thenThrows({ code: 'NOT_ENOUGH_PLAYERS', kind: 'RULE_VIOLATION' });
    spec.given(seated([alice, bob])).when(start, { now: 'yesterday', random: seededRandom(1) }).thenThrows({ code: 'INVALID_CLOCK' });
  });

  it.each([2, 3, 4, 5, 6])('sets up %i players by Tables 1 and 2, deals 6 shares each and opens January', (count) => {
    const players = [alice, bob, carol, dave, erin, frank].slice(0, count);
    const events = spec.given(seated(players)).when(start, { random: seededRandom(count) }).then(() => undefined);
    const started = ofType(events, 'GameStarted')[0];
    expect(started?.companies).toHaveLength(Math.min(count + 1, 6));
    expect(started?.sharesPerCompany).toBe(count + 4);
    const deals = ofType(events, 'SharesDealt');
    expect(deals.map((deal) => deal.playerId)).toEqual(players);
    for (const deal of deals) expect(Object.values(deal.shares).reduce((a, b) => a + b, 0)).toBe(6);
    expect(ofType(events, 'NewspaperDeckShuffled')[0]?.order).toHaveLength(60);
    expect(ofType(events, 'OpeningPriceSet').map((set) => set.company)).toEqual(started?.companies);
    expect(ofType(events, 'MonthStarted')).toEqual([{ month: 1, deadline: '2026-01-01T00:00:30.000Z', suspended: [] }]);
    expect(ofType(events, 'TrendDieRolled').map((roll) => roll.company)).toEqual(started?.companies);

    const state = fold(bolsa, [...seated(players), ...events]);
    if (state.phase !== 'planning') throw new Error(state.phase);
    for (const company of state.companies) {
      const held = players.reduce((sum, playerId) => sum + (state.portfolios[playerId]?.shares[company] ?? 0), 0);
      expect(held + state.market[company].available).toBe(count + 4);
    }
    expect(Object.values(state.portfolios).map((portfolio) => portfolio.cash)).toEqual(players.map(() => 200));
  });

  it('setup -2 -> 26: the trend die of INDUSTRIAL SA shows -2 and its opening price is 26', () => {
    // 59 draws shuffle the 60 newspaper cards and 17 the 18 shares; then one die per company.
    const shuffles = Array.from({ length: 59 + 17 }, () => 0);
    const dice = [face(1), face(1), face(-2), face(1), face(1), face(1)];
    spec
      .given(seated([alice, bob]))
      .when(start, { random: scriptedRandom([...shuffles, ...dice]) })
      .then((events) => {
        expect(ofType(events, 'OpeningPriceSet').find((set) => set.company === 'INDUSTRIAL')).toEqual({
          company: 'INDUSTRIAL',
          die: -2,
          fromPrice: 30,
          toPrice: 26,
          level: 7,
        });
      });
  });

  it('starts the timer only from the chosen month in a first game', () => {
    spec
      .given(seated([alice, bob], { timedFromMonth: 4 }))
      .when(start, { random: seededRandom(3) })
      .then((events) => expect(ofType(events, 'MonthStarted')[0]?.deadline).toBeNull());
  });
});

describe('trend dice and quarterly price moves', () => {
  /** January to March with no plans: each month closes at the deadline and the next one starts. */
  function throughFebruary(): BolsaEvent[] {
    const january = januaryTable({ january: { CEREAL: 3 }, deck: ['card-09', 'card-10', 'card-11'] });
    const february = spec
      .given(january)
      .when(closePlanning, { now: afterJanuaryDeadline, random: scriptedRandom([face(-1), face(1), face(1)]) })
      .then(() => undefined);
    return [...january, ...february];
  }

  it('places the cubes of each die in the box of the month of the quarter, without moving the price', () => {
    const events = throughFebruary();
    const rolls = ofType(events, 'TrendDieRolled').filter((roll) => roll.company === 'CEREAL');
    expect(rolls).toEqual([
      { month: 1, monthOfQuarter: 1, company: 'CEREAL', die: 3, cubes: { colour: 'green', count: 3 } },
      { month: 2, monthOfQuarter: 2, company: 'CEREAL', die: -1, cubes: { colour: 'red', count: 1 } },
    ]);
    expect(ofType(events, 'QuarterPriceMoved')).toEqual([]);
  });

  it('quarter +3/-1/+1 gives +3 levels: 4 green cubes less 1 red move the blue marker 3 levels up', () => {
    const march = spec
      .given(throughFebruary())
      .when(closePlanning, { now: '2026-01-01T00:01:31.000Z', random: scriptedRandom([face(1), face(1), face(1)]) })
      .then(() => undefined);
    expect(ofType(march, 'QuarterPriceMoved').find((move) => move.company === 'CEREAL')).toEqual({
      month: 3,
      company: 'CEREAL',
      green: 4,
      red: 1,
      levels: 3,
      fromPrice: 31,
      toPrice: 34,
      level: 13,
    });
    const state = fold(bolsa, [...throughFebruary(), ...march]);
    if (state.phase !== 'planning') throw new Error(state.phase);
    expect(state.market.CEREAL.trend).toEqual([null, null, null]);
  });

  it('a quarter of three +3 moves 9 levels, and the price stops at the top of the grid', () => {
    const january = januaryTable({ opening: { BIOTECH: 3 }, january: { BIOTECH: 3 } });
    const february = spec
      .given(january)
      .when(closePlanning, { now: afterJanuaryDeadline, random: scriptedThenSeeded([face(1), face(3), face(1)]) })
      .then(() => undefined);
    const march = spec
      .given([...january, ...february])
      .when(closePlanning, { now: '2026-01-01T00:01:31.000Z', random: scriptedThenSeeded([face(1), face(3), face(1)]) })
      .then(() => undefined);
    const move = ofType(march, 'QuarterPriceMoved').find((moved) => moved.company === 'BIOTECH');
    expect(move?.green).toBe(9);
    expect(move?.toPrice).toBe(60);
  });
});
