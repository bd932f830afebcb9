import { asPlayerId, fold, seededRandom } from '@corbeille/kernel';
import { heuristicBot, playWholeGame, randomBot } from './bots';
import type { BolsaBot } from './bots';
import { bolsa, legalActions } from './decider';
import { alice, bob, januaryTable, ofType, seated, startTime } from './testing/fixtures';

const players = (count: number) => Array.from({ length: count }, (_, seat) => ({ playerId: `p${seat + 1}`, name: `Player ${seat + 1}` }));
const absent: BolsaBot = () => undefined;

describe('legalActions', () => {
  it('offers joining, starting, and a bounded plan', () => {
    expect(legalActions(fold(bolsa, seated([alice])), bob)).toEqual([{ type: 'JoinGame' }]);
    expect(legalActions(fold(bolsa, seated([alice])), alice)).toEqual([]);
    expect(legalActions(fold(bolsa, seated([alice, bob])), alice)).toEqual([{ type: 'StartGame' }]);
    expect(legalActions(fold(bolsa, januaryTable()), alice)).toEqual([
      {
        type: 'SubmitPlan',
        maxMarkers: 5,
        sellable: { CEREAL: 2, BIOTECH: 2, INDUSTRIAL: 2 },
        buyable: ['CEREAL', 'BIOTECH', 'INDUSTRIAL'],
        deadline: '2026-01-01T00:00:30.000Z',
      },
    ]);
    expect(legalActions(fold(bolsa, januaryTable()), asPlayerId('nobody'))).toEqual([]);
  });
});

describe('bots', () => {
  it('only give commands the rules accept, for every seat', () => {
    const state = fold(bolsa, januaryTable());
    for (const bot of [randomBot, heuristicBot]) {
      const random = seededRandom(9);
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const command = bot(state, alice, random);
        if (command) expect(() => bolsa.decide(state, command, { random, now: startTime })).not.toThrow();
      }
      expect(bot(state, asPlayerId('nobody'), random)).toBeUndefined();
    }
  });

  it.each([2, 3, 4, 5, 6])('play a whole game of %i players to the end of December', (count) => {
    const { state, events } = playWholeGame({
      players: players(count),
      random: seededRandom(count),
      botFor: (playerId) => (playerId === 'p1' ? heuristicBot : randomBot),
      startTime,
    });
    expect(state.phase).toBe('finished');
    expect(ofType(events, 'MonthEnded').map((ended) => ended.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(ofType(events, 'GameEnded')[0]?.standings).toHaveLength(count);
    expect(fold(bolsa, events)).toEqual(state);
  });

  it('closes the planning at the deadline for a player who never plans', () => {
    const { events } = playWholeGame({
      players: players(3),
      options: { lastMonth: 6 },
      random: seededRandom(4),
      botFor: (playerId) => (playerId === 'p2' ? absent : heuristicBot),
      startTime,
    });
    expect(ofType(events, 'PlayerExcluded').map((excluded) => [excluded.playerId, excluded.month])).toEqual(
      [1, 2, 3, 4, 5, 6].map((month) => ['p2', month]),
    );
    expect(ofType(events, 'GameEnded')[0]?.lastMonth).toBe(6);
  });

  it('excludes the slow players when the clock runs past the deadline', () => {
    const { events } = playWholeGame({ players: players(6), random: seededRandom(8), botFor: () => randomBot, startTime, secondsPerCommand: 7 });
    // 7 s a plan: the fifth and sixth players come after the 30 s.
    expect(ofType(events, 'PlayerExcluded').filter((excluded) => excluded.month === 1).map((excluded) => excluded.playerId)).toEqual(['p5', 'p6']);
  });
});
