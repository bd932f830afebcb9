import { BOLSA_GAME } from '../bolsa/bolsa-game';
import { MAXI_BOURSE_GAME } from '../maxi-bourse/maxi-bourse-game';
import { STOCK_TICKER_GAME } from '../stock-ticker-game';
import type { RecordedEvent } from '@corbeille/event-store';
import type { ErasedDecider, GameTypeName, RegisteredGame } from './game-definition';

/**
 * The one list of the games the platform referees. Adding a game is one entry here:
 * the command path, the projections, event secrecy and subscriptions all route through it.
 */
export const GAME_REGISTRY: readonly RegisteredGame[] = [STOCK_TICKER_GAME, BOLSA_GAME, MAXI_BOURSE_GAME];

export function gameOfType(type: GameTypeName): RegisteredGame {
  const game = GAME_REGISTRY.find((candidate) => candidate.type === type);
  if (!game) throw new Error(`No game type ${type} is registered`);
  return game;
}

export function isGameTypeName(value: string): value is GameTypeName {
  return GAME_REGISTRY.some((game) => game.type === value);
}

export function streamIdFor(game: Pick<RegisteredGame, 'streamPrefix'>, gameId: string): string {
  return `${game.streamPrefix}${gameId}`;
}

/** The game a stream belongs to, or undefined for streams of no registered game. */
export function gameOfStream(streamId: string): { game: RegisteredGame; gameId: string } | undefined {
  const game = GAME_REGISTRY.find((candidate) => streamId.startsWith(candidate.streamPrefix));
  return game ? { game, gameId: streamId.slice(game.streamPrefix.length) } : undefined;
}

/** The engine version a game's first event pins, if it pins one (`metadata.engine`, see docs/integrity.md). */
export function pinnedEngineVersion(first: Pick<RecordedEvent, 'metadata'> | undefined): string | undefined {
  const engine: unknown = first?.metadata['engine'];
  if (typeof engine !== 'object' || engine === null) return undefined;
  const version: unknown = (engine as { version?: unknown }).version;
  return typeof version === 'string' ? version : undefined;
}

/**
 * The decider a game is replayed with: the engine version its first event pins (the current one for a game
 * recorded before pins). An unknown version throws UnknownEngineVersionError.
 */
export function pinnedDecider(game: RegisteredGame, first: Pick<RecordedEvent, 'metadata'> | undefined): ErasedDecider {
  return game.deciderFor(pinnedEngineVersion(first) ?? game.engineVersion);
}
