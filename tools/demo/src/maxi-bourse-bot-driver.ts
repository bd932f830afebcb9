import type { CommandHandler } from '@corbeille/application';
import { asPlayerId, type RandomSource } from '@corbeille/kernel';
import { awaitedPlayers, maxiBourse, type MaxiBourseBot, type MaxiBourseCommand, type MaxiBourseOptions, type MaxiBourseState } from '@corbeille/maxi-bourse';
import { MAXI_BOURSE_GAME, streamIdFor } from '@corbeille/projections';

export interface MaxiBourseBotGameSetup {
  readonly gameId: string;
  readonly players: readonly { playerId: string; name: string; bot: MaxiBourseBot }[];
  readonly options: Partial<MaxiBourseOptions>;
  /** The bots' own choices (the engine's chance comes from the command handler). */
  readonly random: RandomSource;
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly beforeCommand?: () => void;
}

export interface MaxiBourseBotGameResult {
  readonly streamId: string;
  readonly state: MaxiBourseState;
  readonly commands: number;
  readonly events: number;
  readonly lastPosition: number;
}

export const maxiBourseStreamId = (gameId: string) => streamIdFor(MAXI_BOURSE_GAME, gameId);

/** Past this many commands the banker closes the session (V: the playing time is up). */
const MAX_COMMANDS = 5_000;

/**
 * Plays a whole Maxi Bourse game through the command handler: the referee (the banker) creates and
 * starts it, then the bot of each player the game waits for answers, the others acting only when
 * nobody awaited has a move (a rumour revealed, shares asked for), as at a real table.
 */
export async function playMaxiBourseBotGame(handler: CommandHandler, setup: MaxiBourseBotGameSetup): Promise<MaxiBourseBotGameResult> {
  const streamId = maxiBourseStreamId(setup.gameId);
  const bots = new Map(setup.players.map((player) => [player.playerId, player.bot]));
  let state: MaxiBourseState = maxiBourse.initialState();
  let commands = 0;
  let events = 0;
  let lastPosition = 0;
  const send = async (command: MaxiBourseCommand, actor: string) => {
    setup.beforeCommand?.();
    commands += 1;
    const result = await handler.handle(maxiBourse, streamId, { command, commandId: `${setup.gameId}-${commands}`, actor, metadata: setup.metadata });
    state = result.state;
    events += result.events.length;
    lastPosition = result.events.reduce((max, event) => Math.max(max, event.position), lastPosition);
  };

  await send({ type: 'CreateGame', data: { gameId: setup.gameId, options: setup.options } }, 'referee');
  for (const player of setup.players) await send({ type: 'JoinGame', data: { playerId: player.playerId, name: player.name } }, player.playerId);
  await send({ type: 'StartGame', data: {} }, 'referee');
  while (!maxiBourse.isTerminal(state)) {
    const awaited: string[] = awaitedPlayers(state);
    const others = setup.players.map((player) => player.playerId).filter((playerId) => !awaited.includes(playerId));
    const next = commands < MAX_COMMANDS
      ? [...awaited, ...others].map((playerId) => ({ playerId, command: bots.get(playerId)?.(state, asPlayerId(playerId), setup.random) })).find((candidate) => candidate.command !== undefined)
      : undefined;
    if (next?.command) await send(next.command, `bot:${next.playerId}`);
    else await send({ type: 'CloseSession', data: {} }, 'referee');
  }
  return { streamId, state, commands, events, lastPosition };
}
