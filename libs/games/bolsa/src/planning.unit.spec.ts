import { fold, seededRandom } from '@corbeille/kernel';
import { heuristicBot, playWholeGame } from './bots';
import { bolsa, legalActions } from './decider';
import {
  afterJanuaryDeadline,
  alice,
  bob,
  carol,
  closePlanning,
  januaryDeadline,
  januaryTable,
  ofType,
  planned,
  seated,
  spec,
  startTime,
  submit,
} from './testing/fixtures';

const random = seededRandom(7);

describe('SubmitPlan', () => {
  it('records a secret plan in board order, without empty orders', () => {
    spec
      .given(januaryTable())
      .when({ type: 'SubmitPlan', data: { playerId: 'alice', plan: { sell: { INDUSTRIAL: 1, CEREAL: 1 }, buy: { BIOTECH: 0 }, newspaper: 2 } } })
      .then([
        {
          type: 'PlanSubmitted',
          data: { playerId: alice, month: 1, plan: { sell: { CEREAL: 1, INDUSTRIAL: 1 }, buy: {}, newspaper: 2 }, submittedAt: startTime },
        },
      ]);
  });

  it('accepts an empty plan: players are not required to use their markers', () => {
    spec.given(januaryTable()).when(submit(alice, {})).then((events) => expect(ofType(events, 'PlanSubmitted')).toHaveLength(1));
  });

  it('reveals the plans and carries out the month once the last player has planned', () => {
    spec
      .given([...januaryTable(), planned(alice, { newspaper: 0 })])
      .when(submit(bob, {}), { random })
      .then((events) => {
        expect(ofType(events, 'PlansRevealed')[0]).toEqual({
          month: 1,
          plans: { alice: { sell: {}, buy: {}, newspaper: 0 }, bob: { sell: {}, buy: {}, newspaper: 0 } },
          excluded: [],
        });
        expect(ofType(events, 'MonthEnded').map((ended) => ended.month)).toEqual([1]);
        expect(ofType(events, 'MonthStarted').map((started) => started.month)).toEqual([2]);
      });
  });

  it('refuses more than 5 markers', () => {
    spec
      .given(januaryTable())
      .when(submit(alice, { sell: { CEREAL: 2 }, buy: { BIOTECH: 3 }, newspaper: 1 }))
      .thenThrows({ code: 'TOO_MANY_MARKERS', kind: 'RULE_VIOLATION', message: 'Step 4: each player has 5 markers; this plan uses 6' });
  });

  it('refuses a plan that buys and sells the same company', () => {
    spec
      .given(januaryTable())
      .when(submit(alice, { sell: { BIOTECH: 1 }, buy: { BIOTECH: 1 } }))
      .thenThrows({
        code: 'BUY_AND_SELL_SAME_COMPANY',
        kind: 'RULE_VIOLATION',
        message:
          'Step 4: a player can never plan to sell and buy shares of the same company in the same turn; choose to buy or to sell BIOTECH SA',
      });
  });

  it('refuses companies not in play and unknown companies', () => {
    spec
      .given(januaryTable())
      .when(submit(alice, { buy: { BANCA: 1 } }))
      .thenThrows({ code: 'COMPANY_NOT_IN_PLAY', message: 'BANCA SA is not in play in this game (Table 2)' });
    spec
      .given(januaryTable())
      .when({ type: 'SubmitPlan', data: { playerId: 'alice', plan: { sell: {}, buy: { ACME: 1 } as never, newspaper: 0 } } })
      .thenThrows({ code: 'UNKNOWN_COMPANY', kind: 'INVALID_INPUT' });
  });

  it('refuses markers that are not whole numbers and plans that are not plans', () => {
    spec.given(januaryTable()).when(submit(alice, { buy: { CEREAL: 1.5 } })).thenThrows({ code: 'INVALID_MARKERS', kind: 'INVALID_INPUT' });
    spec.given(januaryTable()).when(submit(alice, { newspaper: -1 })).thenThrows({ code: 'INVALID_MARKERS' });
    spec
      .given(januaryTable())
      .when({ type: 'SubmitPlan', data: { playerId: 'alice', plan: null as never } })
      .thenThrows({ code: 'INVALID_PLAN', kind: 'INVALID_INPUT' });
    spec
      .given(januaryTable())
      .when({ type: 'SubmitPlan', data: { playerId: 'alice', plan: { sell: [1] as never, buy: {}, newspaper: 0 } } })
      .thenThrows({ code: 'INVALID_PLAN' });
  });

  it('lets a player replace the plan until the reveal ("from the moment when the player cards are revealed, players cannot correct any planning errors")', () => {
    spec
      .given([...januaryTable({ players: [alice, bob, carol] }), planned(alice, {})])
      .when(submit(alice, { newspaper: 1 }))
      .then([{ type: 'PlanSubmitted', data: { playerId: alice, month: 1, plan: { sell: {}, buy: {}, newspaper: 1 }, submittedAt: startTime } }]);    // The legal actions say so: the player who has planned may still plan again.
    expect(legalActions(fold(bolsa, [...januaryTable({ players: [alice, bob, carol] }), planned(alice, {})]), alice).map((action) => action.type)).toEqual([
      'SubmitPlan',
    ]);
  });

  it('reveals the last plan each player handed in', () => {
    spec
      .given([...januaryTable(), planned(alice, { newspaper: 2 }), planned(alice, { newspaper: 0 })])
      .when(submit(bob, {}), { random })
      .then((events) => {
        expect(ofType(events, 'PlansRevealed')[0]?.plans).toEqual({ alice: { sell: {}, buy: {}, newspaper: 0 }, bob: { sell: {}, buy: {}, newspaper: 0 } });
      });
  });

  it('refuses a replacement after the deadline, and after the reveal', () => {
    spec
      .given([...januaryTable({ players: [alice, bob, carol] }), planned(alice, {})])
      .when(submit(alice, { newspaper: 1 }), { now: afterJanuaryDeadline })
      .thenThrows({ code: 'PLANNING_DEADLINE_PASSED' });
    // Once January is revealed, a plan is February's: January's cards can no longer be corrected.
    const revealed = spec.given([...januaryTable(), planned(alice, {})]).when(submit(bob, {}), { random }).then(() => undefined);
    spec
      .given([...januaryTable(), planned(alice, {}), ...revealed])
      .when(submit(alice, { newspaper: 1 }))
      .then((events) => expect(ofType(events, 'PlanSubmitted').map((event) => event.month)).toEqual([2]));
  });

  it('accepts a plan at the deadline and refuses one after it', () => {
    spec.given(januaryTable()).when(submit(alice, {}), { now: januaryDeadline }).then((events) => expect(events).toHaveLength(1));
    spec
      .given(januaryTable())
      .when(submit(alice, {}), { now: afterJanuaryDeadline })
      .thenThrows({
        code: 'PLANNING_DEADLINE_PASSED',
        kind: 'RULE_VIOLATION',
        message: `Step 4: the 30 seconds to plan ran out at ${januaryDeadline}; a player who fails to reveal in time is excluded this turn`,
      });
  });

  it('refuses unknown players, a game not started and a bad clock', () => {
    spec.given(januaryTable()).when(submit(carol, {})).thenThrows({ code: 'UNKNOWN_PLAYER', kind: 'NOT_FOUND' });
    spec.given(seated([alice, bob])).when(submit(alice, {})).thenThrows({ code: 'GAME_NOT_STARTED' });
    spec.given(januaryTable()).when(submit(alice, {}), { now: 'soon' }).thenThrows({ code: 'INVALID_CLOCK' });
  });

  it('refuses plans and choices once the game is over', () => {
    const players = [alice, bob].map((playerId) => ({ playerId, name: playerId }));
    const { events } = playWholeGame({ players, options: { lastMonth: 3 }, random, botFor: () => heuristicBot, startTime });
    spec.given(events).when(submit(alice, {})).thenThrows({ code: 'GAME_OVER', message: 'The game is over' });
    spec.given(events).when({ type: 'ChooseNewspaperCard', data: { playerId: 'alice', cardId: 'card-01' } }).thenThrows({ code: 'GAME_OVER' });
    spec.given(events).when({ type: 'StartGame', data: {} }).thenThrows({ code: 'GAME_OVER' });
  });

  it('refuses a plan while newspaper cards are being chosen', () => {
    const events = [...januaryTable(), planned(alice, { newspaper: 1 })];
    const reading = spec.given(events).when(submit(bob, {}), { random }).then(() => undefined);
    spec.given([...events, ...reading]).when(submit(bob, {})).thenThrows({ code: 'NOT_PLANNING', kind: 'RULE_VIOLATION' });
  });
});

describe('ClosePlanning', () => {
  it('is refused before the deadline', () => {
    spec
      .given(januaryTable())
      .when(closePlanning, { now: '2026-01-01T00:00:29.000Z' })
      .thenThrows({ code: 'PLANNING_STILL_OPEN', message: `Step 4: the players may plan until ${januaryDeadline}` });
  });

  it('excludes the players who did not plan in time from the month', () => {
    const given = [...januaryTable({ players: [alice, bob, carol] }), planned(bob, { sell: { CEREAL: 1 } })];
    spec
      .given(given)
      .when(closePlanning, { now: januaryDeadline, random })
      .then((events) => {
        expect(ofType(events, 'PlayerExcluded')).toEqual([
          { playerId: alice, month: 1, reason: 'MISSED_DEADLINE' },
          { playerId: carol, month: 1, reason: 'MISSED_DEADLINE' },
        ]);
        expect(ofType(events, 'PlansRevealed')[0]?.excluded).toEqual([alice, carol]);
        expect(ofType(events, 'SharesSold').map((sale) => sale.playerId)).toEqual([bob]);
      });
  });

  it('may close an untimed month at any time', () => {
    const untimed = januaryTable({ options: { timedFromMonth: 4 } });
    spec
      .given(untimed)
      .when(closePlanning, { now: startTime, random })
      .then((events) => expect(ofType(events, 'MonthStarted')[0]).toMatchObject({ month: 2, deadline: null }));
  });

  it('is refused when nobody is planning', () => {
    spec.given(seated([alice, bob])).when(closePlanning).thenThrows({ code: 'GAME_NOT_STARTED' });
  });
});
