import { seededRandom, type RandomSource } from '@corbeille/kernel';
import type { CommandFate } from './disk-check';
import { GAME_STATUS, gql, MUTATION_FIELD, OPERATIONS, type GameStatus, type OperationName, type Outcome } from './graphql-client';

export interface Seat {
  readonly playerId: string;
  readonly token: string;
}

interface SentCommand {
  readonly operation: OperationName;
  readonly input: Readonly<Record<string, unknown>>;
  readonly token: string;
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Plays Stock Ticker games over HTTP as two signed-in players (each through two clients at once), one game
 * after the other, and remembers what became of every command it sent, until the server stops answering.
 */
export class CrashDriver {
  readonly fates = new Map<string, CommandFate>();
  private readonly lost = new Map<string, SentCommand>();
  private sequence = 0;
  private gameNumber = 1;

  constructor(
    private readonly seats: readonly [Seat, Seat],
    private readonly prefix = 'crash',
  ) {}

  get gameId(): string {
    return `${this.prefix}-${this.gameNumber}`;
  }

  get gamesPlayed(): number {
    return this.gameNumber;
  }

  /** Commands sent whose answer never came. */
  get pending(): number {
    return this.lost.size;
  }

  /** Runs the clients until one of them gets no answer (the server is gone) or `until` resolves. */
  async drive(url: string, seed: number, until: Promise<void>): Promise<void> {
    let running = true;
    void until.then(() => {
      running = false;
    });
    const client = async (index: number): Promise<void> => {
      const random = seededRandom(seed * 10 + index);
      const seat = this.seats[index % 2] as Seat;
      while (running) {
        if (!(await this.step(url, seat, index === 0, random))) return;
      }
    };
    await Promise.all([0, 1, 2, 3].map(client));
  }

  /** After a restart: sends every unanswered command again with the same command id. */
  async resend(url: string): Promise<{ applied: number; refused: number }> {
    let applied = 0;
    let refused = 0;
    for (const [commandId, command] of [...this.lost]) {
      const fate = await this.send(url, command, commandId);
      if (fate.kind === 'lost') throw new Error(`no answer to ${commandId} after the restart`);
      if (fate.kind === 'acknowledged') applied += 1;
      else refused += 1;
    }
    return { applied, refused };
  }

  private async step(url: string, seat: Seat, host: boolean, random: RandomSource): Promise<boolean> {
    const gameId = this.gameId;
    const status = await gql<GameStatus>(url, seat.token, GAME_STATUS, { id: gameId, playerId: seat.playerId });
    if (status.kind === 'lost') return false;
    const game = status.data?.game ?? null;
    const command = (operation: OperationName, input: Readonly<Record<string, unknown>>, commandId?: string) =>
      this.issue(url, { operation, input: { gameId, ...input }, token: seat.token }, commandId);

    if (game === null) {
      if (!host) return sleep(5).then(() => true);
      return command('create', { options: { roundLimit: 2 } }, `create-${gameId}`);
    }
    if (game.phase === 'FINISHED') {
      if (host) this.gameNumber += 1;
      else await sleep(5);
      return true;
    }
    if (game.phase === 'LOBBY') {
      if (!game.players.some((player) => player.playerId === seat.playerId)) {
        return command('join', { playerId: seat.playerId, name: seat.playerId.slice(0, 8) }, `join-${gameId}-${seat.playerId}`);
      }
      if (host && game.players.length >= 2) return command('start', {}, `start-${gameId}`);
      return sleep(5).then(() => true);
    }
    const actions = game.legalActions;
    if (actions.some((action) => action.type === 'ROLL_DICE')) return command('roll', { playerId: seat.playerId });
    const trades = actions.filter((action) => (action.type === 'BUY_SHARES' || action.type === 'SELL_SHARES') && (action.maxShares ?? 0) >= (action.lot ?? 1));
    const trade = trades[random.int(0, Math.max(0, trades.length - 1))];
    if (trade && random.int(0, 9) < 7) {
      const lot = trade.lot ?? 500;
      const shares = lot * random.int(1, Math.max(1, Math.min(3, Math.floor((trade.maxShares ?? lot) / lot))));
      return command(trade.type === 'BUY_SHARES' ? 'buy' : 'sell', { playerId: seat.playerId, stock: trade.stock, shares });
    }
    if (actions.some((action) => action.type === 'FINISH_TRADING')) return command('finish', { playerId: seat.playerId });
    return sleep(5).then(() => true);
  }

  private async issue(url: string, command: SentCommand, fixedId?: string): Promise<boolean> {
    this.sequence += 1;
    const commandId = fixedId ?? `${this.prefix}-c${this.sequence}`;
    const fate = await this.send(url, command, commandId);
    return fate.kind !== 'lost';
  }

  private async send(url: string, command: SentCommand, commandId: string): Promise<CommandFate> {
    const reply = await gql<Record<string, Outcome | null>>(url, command.token, OPERATIONS[command.operation], { input: { ...command.input, commandId } });
    let fate: CommandFate;
    if (reply.kind === 'lost') fate = { kind: 'lost' };
    else {
      const outcome = reply.data?.[MUTATION_FIELD[command.operation]];
      if (outcome && !reply.errors?.length) fate = { kind: 'acknowledged', eventIds: outcome.events.map((event) => event.id) };
      else {
        const code = reply.errors?.[0]?.extensions?.code ?? `HTTP ${reply.status}`;
        if (code === 'INTERNAL_SERVER_ERROR' || reply.status >= 500) throw new Error(`${commandId}: ${JSON.stringify(reply.errors)}`);
        fate = { kind: 'refused', code };
      }
    }
    const known = this.fates.get(commandId);
    // A fixed command id (create, join, start) may be sent by two clients: an acknowledgement is what counts.
    if (fate.kind === 'lost') {
      if (known?.kind !== 'acknowledged') {
        this.fates.set(commandId, fate);
        this.lost.set(commandId, command);
      }
    } else if (fate.kind === 'acknowledged' || known?.kind !== 'acknowledged') {
      this.fates.set(commandId, fate);
      this.lost.delete(commandId);
    }
    return fate;
  }
}
