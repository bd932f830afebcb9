import fc from 'fast-check';
import { fold, seededRandom } from '@corbeille/kernel';
import type { PlayerId } from '@corbeille/kernel';
import { heuristicBot, playWholeGame, randomBot } from './bots';
import type { BolsaBot, WholeGameStep } from './bots';
import { companyDefinition } from './market';
import { bolsa, view } from './decider';
import { isInPlay, markersUsed } from './state';
import { startTime } from './testing/fixtures';
import type { BolsaEvent, BolsaState, CompanyId } from './types';

/** Properties over whole games played by bots, with random seeds, tables and clocks. */

const absent: BolsaBot = () => undefined;
const bots = { random: randomBot, heuristic: heuristicBot, absent };

interface Game {
  readonly seed: number;
  readonly seats: readonly (keyof typeof bots)[];
  readonly secondsPerCommand: number;
  readonly lastMonth: 3 | 6 | 9 | 12;
  readonly lotteryRotation: 'next-seat' | 'previous-seat';
}

const gameArbitrary: fc.Arbitrary<Game> = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  seats: fc.array(fc.constantFrom<keyof typeof bots>('random', 'random', 'heuristic', 'absent'), { minLength: 2, maxLength: 6 }),
  secondsPerCommand: fc.constantFrom(1, 1, 7),
  lastMonth: fc.constantFrom<3 | 6 | 9 | 12>(3, 6, 12, 12),
  lotteryRotation: fc.constantFrom<'next-seat' | 'previous-seat'>('next-seat', 'previous-seat'),
});

function play(game: Game): { events: BolsaEvent[]; state: BolsaState; steps: WholeGameStep[] } {
  const steps: WholeGameStep[] = [];
  const players = game.seats.map((_, seat) => ({ playerId: `p${seat + 1}`, name: `Player ${seat + 1}` }));
  const { events, state } = playWholeGame({
    players,
    options: { lastMonth: game.lastMonth, lotteryRotation: game.lotteryRotation },
    random: seededRandom(game.seed),
    botFor: (playerId) => bots[game.seats[Number(playerId.slice(1)) - 1] ?? 'random'],
    startTime,
    secondsPerCommand: game.secondsPerCommand,
    onStep: (step) => steps.push(step),
  });
  return { events, state, steps };
}

function forEveryGame(check: (played: ReturnType<typeof play>) => void): void {
  fc.assert(
    fc.property(gameArbitrary, (game) => check(play(game))),
    { numRuns: 40 },
  );
}

const onGrid = (company: CompanyId, level: number) => Number.isInteger(level) && level >= 0 && level < companyDefinition(company).priceGrid.length;

describe('properties of bot-played games', () => {
  it('keeps the real shares of each company constant, never negative, and never hands out a blank share', () => {
    forEveryGame(({ steps, events }) => {
      for (const { state } of steps) {
        if (!isInPlay(state)) continue;
        for (const company of state.companies) {
          const holdings = state.seatOrder.map((playerId) => state.portfolios[playerId]?.shares[company] ?? 0);
          expect(holdings.every((shares) => Number.isInteger(shares) && shares >= 0)).toBe(true);
          expect(state.market[company].available).toBeGreaterThanOrEqual(0);
          expect(holdings.reduce((a, b) => a + b, 0) + state.market[company].available).toBe(state.sharesPerCompany);
        }
      }
      // Lottery purchases never exceed the real shares drawn.
      let realDrawn = new Map<string, number>();
      for (const event of events) {
        if (event.type === 'LotteryStarted') realDrawn = new Map();
        if (event.type === 'LotteryShareDrawn' && event.data.real) {
          realDrawn.set(event.data.playerId, (realDrawn.get(event.data.playerId) ?? 0) + 1);
        }
        if (event.type === 'SharesBought' && event.data.via === 'lottery') {
          expect(event.data.shares).toBeLessThanOrEqual(realDrawn.get(event.data.playerId) ?? 0);
        }
      }
    });
  });

  it('keeps the blue and yellow markers on the grid, moves a quarter at most 9 levels, and never lets cash go negative', () => {
    forEveryGame(({ steps, events }) => {
      for (const { state } of steps) {
        if (!isInPlay(state)) continue;
        for (const company of state.companies) {
          expect(onGrid(company, state.market[company].level)).toBe(true);
          const yellow = state.phase === 'trading' ? state.yellow[company] : undefined;
          if (yellow !== undefined) expect(onGrid(company, yellow)).toBe(true);
        }
        for (const portfolio of Object.values(state.portfolios)) {
          expect(Number.isInteger(portfolio.cash) && portfolio.cash >= 0).toBe(true);
        }
      }
      for (const event of events) {
        if (event.type === 'SharesSold' || event.type === 'SharesBought') expect(onGrid(event.data.company, event.data.yellowLevel)).toBe(true);
        if (event.type === 'QuarterPriceMoved') expect(Math.abs(event.data.levels)).toBeLessThanOrEqual(9);
      }
    });
  });

  it('never lets a player use more than 5 markers, nor trade a suspended company', () => {
    forEveryGame(({ events }) => {
      let suspended: CompanyId[] = [];
      for (const event of events) {
        if (event.type === 'PlanSubmitted') expect(markersUsed(event.data.plan)).toBeLessThanOrEqual(5);
        if (event.type === 'MonthStarted') suspended = event.data.suspended;
        if (event.type === 'SharesSold' || event.type === 'SharesBought' || event.type === 'LotteryStarted') {
          expect(suspended).not.toContain(event.data.company);
        }
      }
    });
  });

  it('replays: folding the events alone gives the live state after every command', () => {
    forEveryGame(({ steps, state, events }) => {
      expect(fold(bolsa, events)).toEqual(state);
      let replayed = bolsa.initialState();
      for (const step of steps) {
        replayed = fold(bolsa, step.events, replayed);
        expect(replayed).toEqual(step.state);
      }
    });
  });

  it("never shows a player another player's plan before the reveal", () => {
    forEveryGame(({ steps }) => {
      for (const { state } of steps) {
        if (state.phase !== 'planning') continue;
        for (const playerId of state.seatOrder) {
          const table = view(state, { kind: 'player', playerId }).table;
          expect(table?.revealedPlans).toBeNull();
          expect(table?.myPlan).toEqual(state.plans[playerId] ?? null);
          const others = state.seatOrder.filter((other): other is PlayerId => other !== playerId);
          for (const other of others) expect(table?.players.find((player) => player.playerId === other)?.shares).toBeNull();
        }
        expect(view(state, { kind: 'referee' }).table?.myPlan).toBeNull();
      }
    });
  });
});
