import type { DomainError } from '@corbeille/kernel';
import { deciderSpecification } from '@corbeille/kernel/testing';
import { gameRefereesDecider, type GameRefereeChange, type GameRefereesEvent } from './game-referees.decider';

const spec = deciderSpecification(gameRefereesDecider);
const NOW = '2026-01-01T00:00:00.000Z';

/** Fay created the free game "f1"; Ned, Eve and Olga are other accounts. */
const change = (actorId: string, accountId: string, extra: Partial<GameRefereeChange> = {}): GameRefereeChange => ({
  actorId,
  gameType: 'stock-ticker',
  gameId: 'f1',
  creatorId: 'fay',
  league: null,
  accountId,
  ...extra,
});
const nedAdded: GameRefereesEvent = { type: 'GameRefereeAdded', data: { gameType: 'stock-ticker', gameId: 'f1', accountId: 'ned', addedBy: 'fay', addedAt: NOW } };

describe('game referees decider', () => {
  it("names a referee of a free game: its creator's decision, recorded once", () => {
    spec.given([]).when({ type: 'AddGameReferee', data: change('fay', 'ned') }).then([nedAdded]);
    spec.given([nedAdded]).when({ type: 'AddGameReferee', data: change('fay', 'ned') }).then([]);
  });

  it('takes a named referee off', () => {
    spec
      .given([nedAdded])
      .when({ type: 'RemoveGameReferee', data: change('fay', 'ned') })
      .then([{ type: 'GameRefereeRemoved', data: { gameType: 'stock-ticker', gameId: 'f1', accountId: 'ned', removedBy: 'fay', removedAt: NOW } }]);
    spec.given([]).when({ type: 'RemoveGameReferee', data: change('fay', 'ned') }).thenThrows({ kind: 'RULE_VIOLATION', code: 'NOT_A_NAMED_REFEREE' });
  });

  it.each<[string, GameRefereeChange, { kind: DomainError['kind']; code: string }]>([
    ['a named referee does not name others', change('ned', 'eve'), { kind: 'FORBIDDEN', code: 'NOT_THE_CREATOR' }],
    ['nor does a stranger', change('eve', 'eve'), { kind: 'FORBIDDEN', code: 'NOT_THE_CREATOR' }],
    ['a game without a recorded creator has nobody to name referees', change('fay', 'ned', { creatorId: null }), { kind: 'FORBIDDEN', code: 'NOT_THE_CREATOR' }],
    ["a league's game is refereed by its organisers", change('olga', 'ned', { league: 'club' }), { kind: 'RULE_VIOLATION', code: 'LEAGUE_GAME_REFEREES' }],
    ['the creator is always a referee', change('fay', 'fay'), { kind: 'RULE_VIOLATION', code: 'CREATOR_IS_REFEREE' }],
    ['an account id is an id', change('fay', 'not an id!'), { kind: 'INVALID_INPUT', code: 'INVALID_ID' }],
  ])('refuses: %s', (_label, data, error) => {
    spec.given([nedAdded]).when({ type: 'AddGameReferee', data }).thenThrows(error);
  });
});
