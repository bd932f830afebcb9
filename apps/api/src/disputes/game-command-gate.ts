/**
 * Checked by the game command path before every command: throws a domain error when the game may not
 * take commands now (a dispute pauses it until the ruling). Provided by the disputes module.
 */
export interface GameCommandGate {
  assertOpen(gameId: string): void;
}

export const GAME_COMMAND_GATE = Symbol('GAME_COMMAND_GATE');
