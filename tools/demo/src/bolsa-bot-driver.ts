import type { CommandHandler } from '@corbeille/application';
import { awaitedPlayers, bolsa, type BolsaBot, type BolsaCommand, type BolsaOptions, type BolsaState } from '@corbeille/bolsa';
import { asPlayerId, type RandomSource } from '@corbeille/kernel';
import { BOLSA_GAME, streamIdFor } from '@corbeille/projections';

export interface BolsaBotGameSetup {
  readonly gameId: string;
  readonly players: readonly { playerId: string; name: string; bot: BolsaBot }[];
  readonly options: Partial<BolsaOptions>;
  /** The bots' own choices (the engine's chance comes from the command handler). */
  readonly random: RandomSource;
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly beforeCommand?: () => void;
}

export interface BolsaBotGameResult {
  readonly streamId: string;
  readonly state: BolsaState;
  readonly commands: number;
  readonly events: number;
  readonly lastPosition: number;
}

export const bolsaStreamId = (gameId: string) => streamIdFor(BOLSA_GAME, gameId);

/** Safety net: a whole BOLSA year takes a few hundred commands. */
const MAX_COMMANDS = 5_000;

/**
 * Plays a whole BOLSA game through the command handler: the referee creates and starts it, each bot
 * plans and picks its newspaper card, and the referee closes a month's planning when no bot plans.
 */
export async function playBolsaBotGame(handler: CommandHandler, setup: BolsaBotGameSetup): Promise<BolsaBotGameResult> {
  const streamId = bolsaStreamId(setup.gameId);
  const bots = new Map(setup.players.map((player) => [player.playerId, player.bot]));
  let state: BolsaState = bolsa.initialState();
  let commands = 0;
  let events = 0;
  let lastPosition = 0;
  const send = async (command: BolsaCommand, actor: string) => {
    setup.beforeCommand?.();
    commands += 1;
    const result = await handler.handle(bolsa, streamId, { command, commandId: `${setup.gameId}-${commands}`, actor, metadata: setup.metadata });
    state = result.state;
    events += result.events.length;
    lastPosition = result.events.reduce((max, event) => Math.max(max, event.position), lastPosition);
  };

  await send({ type: 'CreateGame', data: { gameId: setup.gameId, options: setup.options } }, 'referee');
  for (const player of setup.players) await send({ type: 'JoinGame', data: { playerId: player.playerId, name: player.name } }, player.playerId);
  await send({ type: 'StartGame', data: {} }, 'referee');
  while (!bolsa.isTerminal(state)) {
    if (commands > MAX_COMMANDS) throw new Error(`BOLSA game ${setup.gameId} did not end after ${MAX_COMMANDS} commands`);
    const next = awaitedPlayers(state)
      .map((playerId) => ({ playerId, command: bots.get(playerId)?.(state, asPlayerId(playerId), setup.random) }))
      .find((candidate) => candidate.command !== undefined);
    if (next?.command) await send(next.command, `bot:${next.playerId}`);
    else if (state.phase === 'planning') await send({ type: 'ClosePlanning', data: {} }, 'referee');
    else throw new Error(`Nobody can act in phase ${state.phase} of BOLSA game ${setup.gameId}`);
  }
  return { streamId, state, commands, events, lastPosition };
}
