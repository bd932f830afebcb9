import type { CommandHandler } from '@corbeille/application';
import { asPlayerId, type RandomSource } from '@corbeille/kernel';
import { awaitedPlayers, maxiBourse, type MaxiBourseBot, type MaxiBourseCommand, type MaxiBourseOptions, type MaxiBourseState } from '@corbeille/maxi-bourse';
import { MAXI_BOURSE_GAME, streamIdFor } from '@corbeille/projections';
import { playTable, type TableResult, type TableSetup } from './table-driver';

export interface MaxiBourseBotGameSetup extends TableSetup<MaxiBourseOptions> {
  readonly players: readonly { playerId: string; name: string; bot: MaxiBourseBot }[];
  /** The bots' own choices (the engine's chance comes from the command handler). */
  readonly random: RandomSource;
}

export type MaxiBourseBotGameResult = TableResult<MaxiBourseState>;

export const maxiBourseStreamId = (gameId: string) => streamIdFor(MAXI_BOURSE_GAME, gameId);

/** Past this many commands the banker closes the session (V: the playing time is up). */
const MAX_COMMANDS = 5_000;

/**
 * Plays a whole Maxi Bourse game through the command handler: the referee (the banker) creates and
 * starts it, then the bot of each player the game waits for answers, the others acting only when
 * nobody awaited has a move (a rumour revealed, shares asked for), as at a real table.
 */
export function playMaxiBourseBotGame(handler: CommandHandler, setup: MaxiBourseBotGameSetup): Promise<MaxiBourseBotGameResult> {
  const bots = new Map(setup.players.map((player) => [player.playerId, player.bot]));
  return playTable(handler, maxiBourse, maxiBourseStreamId(setup.gameId), setup, (state, commands) => {
    const awaited: string[] = awaitedPlayers(state);
    const others = setup.players.map((player) => player.playerId).filter((playerId) => !awaited.includes(playerId));
    const next =
      commands < MAX_COMMANDS
        ? [...awaited, ...others]
            .map((playerId) => ({ playerId, command: bots.get(playerId)?.(state, asPlayerId(playerId), setup.random) }))
            .find((candidate) => candidate.command !== undefined)
        : undefined;
    if (next?.command) return { command: next.command, actor: `bot:${next.playerId}` };
    return { command: { type: 'CloseSession', data: {} } satisfies MaxiBourseCommand, actor: 'referee' };
  });
}
