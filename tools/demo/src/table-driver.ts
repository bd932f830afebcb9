import type { CommandHandler } from '@corbeille/application';
import type { Decider, DomainCommand, DomainEvent } from '@corbeille/kernel';

/** A move at a bots' table: the command and who sends it (`bot:<seat>` or `referee`). */
export interface TableMove<Command> {
  readonly command: Command;
  readonly actor: string;
}

export interface TableSetup<Options> {
  readonly gameId: string;
  readonly players: readonly { playerId: string; name: string }[];
  readonly options: Partial<Options>;
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly beforeCommand?: () => void;
}

export interface TableResult<State> {
  readonly streamId: string;
  readonly state: State;
  readonly commands: number;
  readonly events: number;
  readonly lastPosition: number;
}

/**
 * Plays a whole game through the command handler, as a table of bots with a referee: the referee
 * creates and starts it, every player joins, then `next` names each move until the game is over.
 * The engines' lobby commands are alike (CreateGame, JoinGame, StartGame); what differs is `next`.
 */
export async function playTable<State, Command extends DomainCommand, Event extends DomainEvent, Options>(
  handler: CommandHandler,
  decider: Pick<Decider<State, Command, Event, unknown, unknown>, 'initialState' | 'decide' | 'evolve' | 'isTerminal'>,
  streamId: string,
  setup: TableSetup<Options>,
  next: (state: State, commands: number) => TableMove<Command>,
): Promise<TableResult<State>> {
  let state = decider.initialState();
  let commands = 0;
  let events = 0;
  let lastPosition = 0;
  const send = async ({ command, actor }: TableMove<Command>) => {
    setup.beforeCommand?.();
    commands += 1;
    const result = await handler.handle(decider, streamId, { command, commandId: `${setup.gameId}-${commands}`, actor, metadata: setup.metadata });
    state = result.state;
    events += result.events.length;
    lastPosition = result.events.reduce((max, event) => Math.max(max, event.position), lastPosition);
  };

  await send({ command: { type: 'CreateGame', data: { gameId: setup.gameId, options: setup.options } } as Command, actor: 'referee' });
  for (const player of setup.players) {
    await send({ command: { type: 'JoinGame', data: { playerId: player.playerId, name: player.name } } as Command, actor: player.playerId });
  }
  await send({ command: { type: 'StartGame', data: {} } as Command, actor: 'referee' });
  while (!decider.isTerminal(state)) await send(next(state, commands));
  return { streamId, state, commands, events, lastPosition };
}
