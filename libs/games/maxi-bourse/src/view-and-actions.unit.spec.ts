import { asPlayerId, seededRandom } from '@corbeille/kernel';
import { heuristicBot, randomBot } from './bots';
import { legalActions, view } from './decider';
import { awaitedPlayers } from './legal-actions';
import { HIDDEN_CARD, redactEvent } from './view';
import { ofType, Scenario, table } from './testing/fixtures';
import type { MaxiBourseEvent, TableView } from './types';

const ann = asPlayerId('ann');
const bob = asPlayerId('bob');

function withRumour() {
  const game = new Scenario(table({ players: ['ann', 'bob'], topCards: { RUMOURS: ['RU-01'] } }));
  game.roll('ann', 4, 6);
  return game;
}

function tableView(game: Scenario, viewer: Parameters<typeof view>[1]): TableView {
  const seen = view(game.state, viewer);
  if (seen.phase === 'uncreated' || seen.phase === 'lobby') throw new Error('no table');
  return seen;
}

describe('view', () => {
  it('shows a rumour card only to its holder and to referees (III.5)', () => {
    const game = withRumour();
    expect(tableView(game, { kind: 'player', playerId: ann }).players[0]).toMatchObject({ rumourCount: 1, rumours: ['RU-01'] });
    const bobSees = tableView(game, { kind: 'player', playerId: bob }).players[0];
    expect(bobSees?.rumourCount).toBe(1);
    expect(bobSees?.rumours).toBeUndefined();
    expect(tableView(game, { kind: 'spectator' }).players[0]?.rumours).toBeUndefined();
    expect(tableView(game, { kind: 'referee' }).players[0]?.rumours).toEqual(['RU-01']);
  });

  it('never shows the draw piles to players or spectators, only how many cards remain', () => {
    const game = withRumour();
    expect(tableView(game, { kind: 'player', playerId: ann }).decks.RUMOURS).toEqual({ remaining: 31, discardPile: [] });
    expect(tableView(game, { kind: 'referee' }).decks.RUMOURS.drawPile).toHaveLength(31);
  });

  it('redacts shuffles and other players’ rumour draws from the event stream', () => {
    const game = withRumour();
    const shuffle = ofType(game.events, 'DeckShuffled')[0] as MaxiBourseEvent;
    const drawn = ofType(game.events, 'RumourDrawn')[0] as MaxiBourseEvent;
    expect(JSON.stringify(redactEvent(shuffle, { kind: 'player', playerId: ann }))).not.toContain('SE-01');
    expect(redactEvent(shuffle, { kind: 'referee' })).toEqual(shuffle);
    expect(redactEvent(drawn, { kind: 'player', playerId: bob }).data).toEqual({ playerId: 'ann', cardId: HIDDEN_CARD });
    expect(redactEvent(drawn, { kind: 'player', playerId: ann })).toEqual(drawn);
  });
});

describe('auction answers (III.1-6: simultaneous)', () => {
  function openAuction() {
    const players = ['yves', 'veronique', 'sophie', 'xavier'];
    const game = new Scenario(table({ players, prices: { TWA: 400 }, holdings: { xavier: { TWA: 8_000 } } }));
    game.roll('yves', 2, 4);
    game.do({ type: 'ChooseShareCompany', data: { playerId: 'yves', company: 'TWA' } });
    game.bid('yves', 1);
    game.bid('veronique', 1);
    game.bid('sophie', 1);
    game.bid('xavier', 0);
    return game;
  }
  const as = (name: string) => ({ kind: 'player' as const, playerId: asPlayerId(name) });
  const auctionOf = (seen: TableView) => seen.turn?.stack.find((activity) => activity.kind === 'auction');

  it('hide an answer from everyone but the bidder and the referee until the step resolves', () => {
    const game = openAuction();
    const [answered] = game.auction('yves', false);
    if (!answered) throw new Error('no answer');
    expect(answered).toEqual({ type: 'AuctionAnswered', data: { playerId: 'yves', price: 440, stay: false } });
    for (const viewer of [as('veronique'), as('xavier'), { kind: 'spectator' as const }]) {
      expect(redactEvent(answered, viewer).data).toEqual({ playerId: 'yves', price: 440, stay: null });
      expect(auctionOf(tableView(game, viewer))?.answers).toEqual([{ playerId: 'yves' }]);
    }
    expect(redactEvent(answered, as('yves'))).toEqual(answered);
    expect(redactEvent(answered, { kind: 'referee' })).toEqual(answered);
    expect(auctionOf(tableView(game, as('yves')))?.answers).toEqual([{ playerId: 'yves', stay: false }]);
    expect(auctionOf(tableView(game, { kind: 'referee' }))?.answers).toEqual([{ playerId: 'yves', stay: false }]);
    // The state itself keeps the answer: only what viewers are shown changes.
    expect(game.playing.turn.stack.at(-1)).toMatchObject({ kind: 'auction', answers: [{ playerId: 'yves', stay: false }] });
  });

  it('make the step public when it resolves: who stayed and who withdrew', () => {
    const game = openAuction();
    game.auction('yves', false);
    game.auction('veronique', true);
    const resolved = game.auction('sophie', true);
    const step = ofType(resolved, 'AuctionStepResolved')[0] as MaxiBourseEvent;
    expect(redactEvent(step, { kind: 'spectator' })).toEqual(step);
    expect(step.data).toEqual({ price: 440, stayed: ['veronique', 'sophie'], withdrew: ['yves'] });
  });
});

describe('legalActions', () => {
  it('before the roll: the roller rolls or sells, the others may ask for the roller’s shares', () => {
    const game = new Scenario(table({ players: ['ann', 'bob'], holdings: { ann: { SONY: 2_000 } } }));
    expect(legalActions(game.state, ann)).toEqual([{ type: 'RollDice' }, { type: 'OfferShares', company: 'SONY', maxLots: 2 }]);
    expect(legalActions(game.state, bob)).toEqual([{ type: 'RequestShares', sellerId: 'ann', company: 'SONY', maxLots: 2 }]);
    expect(awaitedPlayers(game.state)).toEqual(['ann']);
  });

  it('in a round of bidding only the speaker has a decision; a rumour holder may always reveal', () => {
    const game = withRumour();
    game.roll('bob', 2, 4);
    game.do({ type: 'ChooseShareCompany', data: { playerId: 'bob', company: 'BP' } });
    expect(legalActions(game.state, bob)).toEqual([{ type: 'DeclareBid', company: 'BP', price: 200, maxLots: 2 }]);
    expect(legalActions(game.state, ann)).toEqual([{ type: 'RevealRumour', cardId: 'RU-01', company: 'COCA_COLA', delta: 60 }]);
    expect(awaitedPlayers(game.state)).toEqual(['bob']);
  });

  it('is empty for someone not seated and after the close', () => {
    const game = new Scenario(table({ players: ['ann', 'bob'] }));
    expect(legalActions(game.state, asPlayerId('zed'))).toEqual([]);
    game.do({ type: 'CloseSession', data: {} });
    expect(legalActions(game.state, ann)).toEqual([]);
  });
});

describe('bots', () => {
  it('answer only their own decisions, with commands the rules accept', () => {
    const game = new Scenario(table({ players: ['ann', 'bob'], holdings: { ann: { SONY: 2_000 } } }));
    for (const bot of [randomBot, heuristicBot]) {
      const command = bot(game.state, ann, seededRandom(3));
      expect(command).toBeDefined();
      if (command) expect(() => new Scenario(game.events).do(command, seededRandom(4))).not.toThrow();
    }
    expect(heuristicBot(game.state, bob, seededRandom(1))).toBeUndefined();
  });
});
