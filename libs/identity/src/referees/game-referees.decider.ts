import { Forbidden, InvalidInput, RuleViolation, assertNever, isValidId, type Decider } from '@corbeille/kernel';

/**
 * The named referees of a game played outside any league. Its creator referees it and may name others
 * (and take them off again); a league's or a class's game is refereed by its organisers or teachers, so
 * it has no named referees. One stream per game (`game-referees-<gameType>-<gameId>`).
 */
export interface GameRefereesState {
  readonly referees: readonly string[];
}

export type GameRefereesCommand =
  | { type: 'AddGameReferee'; data: GameRefereeChange }
  | { type: 'RemoveGameReferee'; data: GameRefereeChange };

/** `creatorId` and `league` are what the game's stream says (its first event's metadata), given by the caller. */
export interface GameRefereeChange {
  readonly actorId: string;
  readonly gameType: string;
  readonly gameId: string;
  readonly creatorId: string | null;
  readonly league: string | null;
  readonly accountId: string;
}

export type GameRefereesEvent =
  | { type: 'GameRefereeAdded'; data: { gameType: string; gameId: string; accountId: string; addedBy: string; addedAt: string } }
  | { type: 'GameRefereeRemoved'; data: { gameType: string; gameId: string; accountId: string; removedBy: string; removedAt: string } };

export const initialGameRefereesState = (): GameRefereesState => ({ referees: [] });

export function decideGameReferees(state: GameRefereesState, command: GameRefereesCommand, now: string): GameRefereesEvent[] {
  const { actorId, gameType, gameId, creatorId, league, accountId } = command.data;
  if (!isValidId(accountId)) throw new InvalidInput('INVALID_ID', 'accountId is not a valid id', { accountId });
  if (league !== null) {
    throw new RuleViolation('LEAGUE_GAME_REFEREES', "A league's game is refereed by its organisers (a class's by its teachers): name them in the league", {
      gameId,
      league,
    });
  }
  if (creatorId === null || creatorId !== actorId) {
    throw new Forbidden('NOT_THE_CREATOR', 'Only the account that created this game may name or remove its referees', { gameId });
  }
  if (accountId === creatorId) {
    throw new RuleViolation('CREATOR_IS_REFEREE', 'The creator of a game always referees it', { gameId, accountId });
  }
  const named = state.referees.includes(accountId);
  switch (command.type) {
    case 'AddGameReferee':
      return named ? [] : [{ type: 'GameRefereeAdded', data: { gameType, gameId, accountId, addedBy: actorId, addedAt: now } }];
    case 'RemoveGameReferee':
      if (!named) throw new RuleViolation('NOT_A_NAMED_REFEREE', 'This account is not a named referee of this game', { gameId, accountId });
      return [{ type: 'GameRefereeRemoved', data: { gameType, gameId, accountId, removedBy: actorId, removedAt: now } }];
    default:
      return assertNever(command, 'game referees command');
  }
}

export function evolveGameReferees(state: GameRefereesState, event: GameRefereesEvent): GameRefereesState {
  switch (event.type) {
    case 'GameRefereeAdded':
      return { referees: [...state.referees.filter((id) => id !== event.data.accountId), event.data.accountId] };
    case 'GameRefereeRemoved':
      return { referees: state.referees.filter((id) => id !== event.data.accountId) };
    default:
      return assertNever(event, 'game referees event');
  }
}

export const gameRefereesDecider: Pick<Decider<GameRefereesState, GameRefereesCommand, GameRefereesEvent>, 'initialState' | 'decide' | 'evolve'> = {
  initialState: initialGameRefereesState,
  decide: (state, command, context) => decideGameReferees(state, command, context.now),
  evolve: evolveGameReferees,
};
