import { fold, seededRandom } from '@corbeille/kernel';
import { bolsa, view } from './decider';
import { alice, bob, carol, januaryTable, planned, spec, submit } from './testing/fixtures';

const random = seededRandom(3);
const asPlayer = (playerId: typeof alice) => ({ kind: 'player' as const, playerId });

describe('view', () => {
  const planning = fold(bolsa, [...januaryTable({ players: [alice, bob, carol] }), planned(alice, { buy: { CEREAL: 2 } }), planned(bob, { newspaper: 3 })]);

  it('shows a player only their own plan and their own shares before the reveal', () => {
    const table = view(planning, asPlayer(alice)).table;
    expect(table?.myPlan).toEqual({ sell: {}, buy: { CEREAL: 2 }, newspaper: 0 });
    expect(table?.revealedPlans).toBeNull();
    expect(table?.players.map((player) => [player.playerId, player.shares !== null, player.hasSubmittedPlan])).toEqual([
      [alice, true, true],
      [bob, false, true],
      [carol, false, false],
    ]);
    expect(JSON.stringify(view(planning, asPlayer(carol)))).not.toContain('"newspaper":3');
  });

  it('shows the referee and spectators no plan before the reveal, and never the order of the deck', () => {
    for (const viewer of [{ kind: 'referee' as const }, { kind: 'spectator' as const }]) {
      const seen = view(planning, viewer);
      expect(seen.table?.myPlan).toBeNull();
      expect(seen.table?.revealedPlans).toBeNull();
      expect(seen.table?.newspaper.deckSize).toBe(60);
      expect(JSON.stringify(seen)).not.toContain('card-');
    }
    expect(view(planning, { kind: 'referee' }).table?.players.every((player) => player.shares !== null)).toBe(true);
    expect(view(planning, { kind: 'spectator' }).table?.players.every((player) => player.shares === null)).toBe(true);
  });

  it('shows the drawn cards only to their reader, and everyone the plans once revealed', () => {
    const given = [...januaryTable({ players: [alice, bob, carol] }), planned(alice, { newspaper: 1 }), planned(bob, { newspaper: 1 })];
    const events = [...given, ...spec.given(given).when(submit(carol, {}), { random }).then(() => undefined)];
    const bobChose = spec
      .given(events)
      .when({ type: 'ChooseNewspaperCard', data: { playerId: 'bob', cardId: 'card-05' } }, { random })
      .then(() => undefined);
    const reading = fold(bolsa, [...events, ...bobChose]);

    const seenByAlice = view(reading, asPlayer(alice)).table;
    expect(seenByAlice?.newspaper.myHand).toEqual({ drawn: ['card-01', 'card-02', 'card-03'], chosen: null });
    expect(seenByAlice?.newspaper.readersWhoChose).toEqual([bob]);
    expect(JSON.stringify(seenByAlice)).not.toMatch(/card-0[456]/);
    expect(view(reading, asPlayer(bob)).table?.newspaper.myHand).toEqual({ drawn: ['card-04', 'card-05', 'card-06'], chosen: 'card-05' });
    expect(JSON.stringify(view(reading, asPlayer(carol)))).not.toMatch(/card-0/);
    expect(JSON.stringify(view(reading, { kind: 'referee' }))).not.toMatch(/card-0/);
    expect(Object.keys(seenByAlice?.revealedPlans ?? {})).toEqual([alice, bob, carol]);
    // A referee looking through Bob's eyes sees his screen, not the cards he drew and put back (Step 9).
    expect(JSON.stringify(view(reading, { ...asPlayer(bob), asSeenByReferee: true }))).not.toMatch(/card-0[46]/);
    expect(view(reading, { ...asPlayer(bob), asSeenByReferee: true }).table?.newspaper.myHand).toBeNull();
  });

  it('shows a referee looking through a player\'s eyes that player\'s shares, never their plan before the reveal', () => {
    const seen = view(planning, { ...asPlayer(alice), asSeenByReferee: true }).table;
    expect(seen?.myPlan).toBeNull();
    expect(seen?.players.find((player) => player.playerId === alice)?.shares).not.toBeNull();
  });

  it('shows everything public before the game starts', () => {
    expect(view(bolsa.initialState(), { kind: 'spectator' })).toEqual({ phase: 'uncreated', gameId: null, options: null, seats: [], table: null });
  });
});
