import type { CommandHandler } from '@corbeille/application';
import { awaitedPlayers, bolsa, type BolsaBot, type BolsaCommand, type BolsaOptions, type BolsaState } from '@corbeille/bolsa';
import { asPlayerId, type RandomSource } from '@corbeille/kernel';
import { BOLSA_GAME, streamIdFor } from '@corbeille/projections';
import { playTable, type TableResult, type TableSetup } from './table-driver';

export interface BolsaBotGameSetup extends TableSetup<BolsaOptions> {
  readonly players: readonly { playerId: string; name: string; bot: BolsaBot }[];
  /** The bots' own choices (the engine's chance comes from the command handler). */
  readonly random: RandomSource;
}

export type BolsaBotGameResult = TableResult<BolsaState>;

export const bolsaStreamId = (gameId: string) => streamIdFor(BOLSA_GAME, gameId);

/** Safety net: a whole BOLSA year takes a few hundred commands. */
const MAX_COMMANDS = 5_000;

/**
 * Plays a whole BOLSA game through the command handler: the referee creates and starts it, each bot
 * plans and picks its newspaper card, and the referee closes a month's planning when no bot plans.
 */
export function playBolsaBotGame(handler: CommandHandler, setup: BolsaBotGameSetup): Promise<BolsaBotGameResult> {
  const bots = new Map(setup.players.map((player) => [player.playerId, player.bot]));
  return playTable(handler, bolsa, bolsaStreamId(setup.gameId), setup, (state, commands) => {
    if (commands > MAX_COMMANDS) throw new Error(`BOLSA game ${setup.gameId} did not end after ${MAX_COMMANDS} commands`);
    const next = awaitedPlayers(state)
      .map((playerId) => ({ playerId, command: bots.get(playerId)?.(state, asPlayerId(playerId), setup.random) }))
      .find((candidate) => candidate.command !== undefined);
    if (next?.command) return { command: next.command, actor: `bot:${next.playerId}` };
    if (state.phase === 'planning') return { command: { type: 'ClosePlanning', data: {} } satisfies BolsaCommand, actor: 'referee' };
    throw new Error(`Nobody can act in phase ${state.phase} of BOLSA game ${setup.gameId}`);
  });
}
