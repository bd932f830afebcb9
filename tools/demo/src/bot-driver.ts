import type { CommandHandler } from '@corbeille/application';
import type { RecordedEvent } from '@corbeille/event-store';
import {
  nextBotCommand,
  stockTicker,
  type StockTickerBot,
  type StockTickerCommand,
  type StockTickerOptions,
  type StockTickerState,
} from '@corbeille/stock-ticker';
import { STOCK_TICKER_GAME, streamIdFor } from '@corbeille/projections';

export interface BotGameSetup {
  readonly gameId: string;
  readonly players: readonly { playerId: string; name: string; bot: StockTickerBot }[];
  readonly options: Partial<StockTickerOptions>;
  /** Recorded with every event of the game (e.g. the league it belongs to). */
  readonly metadata?: Readonly<Record<string, unknown>>;
  /** Called before each command, e.g. to move a simulated clock on. */
  readonly beforeCommand?: () => void;
  /** Safety stop: the game is ended by agreement after this many commands. */
  readonly maxCommands?: number;
  /** Leaves the game in progress after this many commands (a demo game still being played). */
  readonly pauseAfterCommands?: number;
}

export interface BotGameResult {
  readonly streamId: string;
  readonly state: StockTickerState;
  readonly commands: number;
  readonly events: number;
  readonly lastPosition: number;
}

export const stockTickerStreamId = (gameId: string) => streamIdFor(STOCK_TICKER_GAME, gameId);

/**
 * Plays a whole Stock Ticker game through the command handler, as people would over the API:
 * every move is a command with its own id, decided by the rules and appended to the store.
 */
export async function playBotGame(handler: CommandHandler, setup: BotGameSetup): Promise<BotGameResult> {
  const streamId = stockTickerStreamId(setup.gameId);
  let commands = 0;
  let events = 0;
  let lastPosition = 0;
  let state: StockTickerState = stockTicker.initialState();
  const bots = new Map(setup.players.map((player) => [player.playerId, player.bot]));

  const send = async (command: StockTickerCommand, actor: string) => {
    setup.beforeCommand?.();
    commands += 1;
    const result = await handler.handle(stockTicker, streamId, {
      command,
      commandId: `${setup.gameId}-${commands}`,
      actor,
      metadata: setup.metadata,
    });
    state = result.state;
    events += result.events.length;
    lastPosition = result.events.reduce((max, event: RecordedEvent) => Math.max(max, event.position), lastPosition);
  };

  await send({ type: 'CreateGame', data: { gameId: setup.gameId, options: setup.options } }, 'referee');
  for (const player of setup.players) {
    await send({ type: 'JoinGame', data: { playerId: player.playerId, name: player.name } }, player.playerId);
  }
  await send({ type: 'StartGame', data: {} }, 'referee');

  const maxCommands = setup.maxCommands ?? 20_000;
  while (!stockTicker.isTerminal(state)) {
    if (setup.pauseAfterCommands !== undefined && commands >= setup.pauseAfterCommands) break;
    if (commands >= maxCommands) {
      await send({ type: 'EndGame', data: { reason: 'AGREED' } }, 'referee');
      break;
    }
    const command = nextBotCommand(state, bots);
    if (!command) throw new Error(`No bot can move in phase ${state.phase} of game ${setup.gameId}`);
    await send(command, `bot:${'playerId' in command.data ? command.data.playerId : 'referee'}`);
  }
  return { streamId, state, commands, events, lastPosition };
}
