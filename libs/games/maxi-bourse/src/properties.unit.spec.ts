import fc from 'fast-check';
import { fold, seededRandom } from '@corbeille/kernel';
import type { PlayerId, Viewer } from '@corbeille/kernel';
import { maxiBourseContent } from './content';
import type { VariantName } from './content';
import { evolve, initialState, view } from './decider';
import { heuristicBot, playWholeGame, randomBot } from './bots';
import type { MaxiBourseBot } from './bots';
import type { MaxiBourseState, TableState } from './types';

/** Properties over whole games played by bots from random seeds. */

const { lotSize, sharesPerCompany, priceFloor, priceStep } = maxiBourseContent;

const gameSetup = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  players: fc.integer({ min: 2, max: 6 }),
  variant: fc.constantFrom<VariantName>('junior', 'senior', 'masters'),
  bots: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
  turnLimit: fc.integer({ min: 1, max: 5 }),
});

type Setup = typeof gameSetup extends fc.Arbitrary<infer T> ? T : never;

function play(setup: Setup, onState: (state: MaxiBourseState) => void = () => undefined) {
  const players = Array.from({ length: setup.players }, (_, seat) => ({ playerId: `p${seat + 1}`, name: `Player ${seat + 1}` }));
  const botFor = (playerId: PlayerId): MaxiBourseBot => (setup.bots[Number(playerId.slice(1)) - 1] ? heuristicBot : randomBot);
  return playWholeGame({
    players,
    options: { variant: setup.variant, turnLimit: setup.turnLimit },
    random: seededRandom(setup.seed),
    botFor,
    onStep: ({ state }) => onState(state),
  });
}

function tableOf(state: MaxiBourseState): TableState | undefined {
  return state.phase === 'uncreated' || state.phase === 'lobby' ? undefined : state;
}

/** Each check returns the broken invariants (plain loops: expect() per step would dominate the run time). */
function shareViolations(state: MaxiBourseState): string[] {
  const table = tableOf(state);
  if (!table) return [];
  const broken: string[] = [];
  for (const { id } of maxiBourseContent.companies) {
    const holdings = [table.bank[id] ?? 0, ...table.seatOrder.map((player) => table.players[player]?.holdings[id] ?? 0)];
    const total = holdings.reduce((sum, shares) => sum + shares, 0);
    if (total !== sharesPerCompany) broken.push(`${id}: ${total} shares in all`);
    if (holdings.some((shares) => shares < 0 || shares % lotSize !== 0)) broken.push(`${id}: holdings ${holdings.join(', ')}`);
  }
  return broken;
}

function priceAndCashViolations(state: MaxiBourseState): string[] {
  const table = tableOf(state);
  if (!table) return [];
  const prices = Object.entries(table.prices)
    .filter(([, price]) => price % priceStep !== 0 || price < priceFloor)
    .map(([company, price]) => `${company} at ${price}`);
  const cash = table.seatOrder.filter((player) => (table.players[player]?.cash ?? 0) < 0).map((player) => `${player} has negative cash`);
  return [...prices, ...cash];
}

function secretViolations(state: MaxiBourseState): string[] {
  const table = tableOf(state);
  if (!table) return [];
  const undrawn = maxiBourseContent.cardSeries.flatMap((series) => table.decks[series].drawPile);
  const viewers: Viewer[] = [{ kind: 'spectator' }, ...table.seatOrder.map((playerId): Viewer => ({ kind: 'player', playerId }))];
  return viewers.flatMap((viewer) => {
    const seen = JSON.stringify(view(state, viewer));
    const hidden = [
      ...undrawn,
      ...table.seatOrder.filter((player) => viewer.kind !== 'player' || viewer.playerId !== player).flatMap((player) => table.players[player]?.rumours ?? []),
    ];
    const leaks = hidden.filter((cardId) => seen.includes(`"${cardId}"`)).map((cardId) => `${JSON.stringify(viewer)} sees ${cardId}`);
    return seen.includes('drawPile') ? [...leaks, `${JSON.stringify(viewer)} sees a draw pile`] : leaks;
  });
}

describe('bot-played games', () => {
  it('always end, keep 10,000 shares per company in lots of 1,000, prices on the 10 $ grid above the floor and cash never negative', () => {
    fc.assert(
      fc.property(gameSetup, (setup) => {
        const broken = new Set<string>();
        const { state } = play(setup, (current) => {
          shareViolations(current).forEach((violation) => broken.add(violation));
          priceAndCashViolations(current).forEach((violation) => broken.add(violation));
        });
        expect([...broken]).toEqual([]);
        expect(state.phase).toBe('finished');
      }),
      { numRuns: 50 },
    );
  });

  it('re-folding the recorded events gives the live state', () => {
    fc.assert(
      fc.property(gameSetup, (setup) => {
        const { state, events } = play(setup);
        expect(fold({ initialState, evolve }, events)).toEqual(state);
      }),
      { numRuns: 30 },
    );
  });

  it("a player's view never shows another player's unrevealed rumour nor the deck order", () => {
    fc.assert(
      fc.property(gameSetup, (setup) => {
        const leaks = new Set<string>();
        let step = 0;
        play({ ...setup, turnLimit: Math.min(setup.turnLimit, 3) }, (current) => {
          step += 1;
          if (step % 5 === 0 || current.phase === 'finished') secretViolations(current).forEach((leak) => leaks.add(leak));
        });
        expect([...leaks]).toEqual([]);
      }),
      { numRuns: 20 },
    );
  });

  it('a heuristic table plays a whole default-length Masters session to its close', () => {
    const players = ['a', 'b', 'c', 'd'].map((playerId) => ({ playerId, name: playerId }));
    const { state } = playWholeGame({ players, random: seededRandom(7), botFor: () => heuristicBot });
    expect(state.phase).toBe('finished');
    if (state.phase === 'finished') expect(state.winners.length).toBeGreaterThan(0);
  });
});
