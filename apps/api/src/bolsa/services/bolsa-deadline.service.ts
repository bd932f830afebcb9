import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { serverCommandId } from '@corbeille/application';
import { isDomainError } from '@corbeille/kernel';
import { BOLSA_GAME, type ProjectionEngine } from '@corbeille/projections';
import { GameCommandsService, SERVER_ISSUER } from '../../games/services/game-commands.service';
import { CLOCK, DEADLINE_TIMERS, PROJECTIONS } from '../../infrastructure/infrastructure.tokens';
import type { Clock } from '../../infrastructure/system-clock';

interface ArmedDeadline {
  readonly month: number;
  readonly deadline: string;
  readonly at: number;
  timer?: NodeJS.Timeout;
}

/** Timers fire a little after the deadline: a plan handed in at the deadline itself is still accepted. */
const GRACE_MILLISECONDS = 50;
/** setTimeout's longest delay. */
const MAX_DELAY = 2 ** 31 - 1;
const PAGE = 100;
const RETRY_MILLISECONDS = 1000;

/**
 * Step 4's timer, kept by the server: when a month's planning deadline passes, the server sends
 * `ClosePlanning` itself (through the one command path, as the server), so players who did not plan sit
 * the month out. One deadline per game in planning, armed from the read models at start-up and after
 * every change; `tick()` closes whatever is due by the injected clock (tests call it with a manual clock).
 */
@Injectable()
export class BolsaDeadlineService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('BolsaDeadlines');
  private readonly armed = new Map<string, ArmedDeadline>();
  private readonly closing = new Map<string, Promise<boolean>>();
  private stopListening: (() => void) | undefined;
  private stopped = false;

  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionEngine,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(DEADLINE_TIMERS) private readonly timers: boolean,
    private readonly commands: GameCommandsService,
  ) {}

  onApplicationBootstrap(): void {
    this.stopListening = this.projections.onChange((change) => {
      if (change.gameType === BOLSA_GAME.type) this.refresh(change.gameId);
    });
    // Re-arm the games left in planning when the server last stopped.
    for (let offset = 0; ; offset += PAGE) {
      const page = this.projections.listGames({ offset, limit: PAGE, gameType: BOLSA_GAME.type, phase: 'planning' });
      for (const summary of page.items) this.refresh(summary.gameId);
      if (offset + PAGE >= page.total) break;
    }
  }

  onModuleDestroy(): void {
    this.stopped = true;
    this.stopListening?.();
    for (const entry of this.armed.values()) clearTimeout(entry.timer);
    this.armed.clear();
  }

  /** The deadlines being watched, by game id. */
  pending(): ReadonlyMap<string, { month: number; deadline: string }> {
    return new Map([...this.armed].map(([gameId, entry]) => [gameId, { month: entry.month, deadline: entry.deadline }]));
  }

  /** Closes the planning of every game whose deadline has passed by the clock; resolves to the games closed. */
  async tick(): Promise<string[]> {
    const now = Date.parse(this.clock());
    const due = [...this.armed].filter(([, entry]) => now > entry.at).map(([gameId]) => gameId);
    const closed: string[] = [];
    for (const gameId of due) if (await this.close(gameId)) closed.push(gameId);
    return closed;
  }

  private refresh(gameId: string): void {
    const status = this.projections.getBolsaMonth(gameId);
    const previous = this.armed.get(gameId);
    if (status?.phase !== 'planning' || status.deadline === null) {
      if (previous) this.disarm(gameId);
      return;
    }
    if (previous && previous.month === status.month && previous.deadline === status.deadline) return;
    if (previous) this.disarm(gameId);
    const entry: ArmedDeadline = { month: status.month, deadline: status.deadline, at: Date.parse(status.deadline) };
    if (this.timers) {
      const delay = Math.min(MAX_DELAY, Math.max(0, entry.at - Date.parse(this.clock())) + GRACE_MILLISECONDS);
      entry.timer = setTimeout(() => void this.tick(), delay);
      entry.timer.unref();
    }
    this.armed.set(gameId, entry);
  }

  private disarm(gameId: string): void {
    clearTimeout(this.armed.get(gameId)?.timer);
    this.armed.delete(gameId);
  }

  /** One close per game at a time; the command id makes a repeated close (another server, a retry) apply once. */
  private close(gameId: string): Promise<boolean> {
    const running = this.closing.get(gameId);
    if (running) return running;
    const attempt = this.sendClose(gameId).finally(() => this.closing.delete(gameId));
    this.closing.set(gameId, attempt);
    return attempt;
  }

  private async sendClose(gameId: string): Promise<boolean> {
    const entry = this.armed.get(gameId);
    if (!entry || this.stopped) return false;
    try {
      const executed = await this.commands.execute({
        game: BOLSA_GAME,
        gameId,
        command: { type: 'ClosePlanning', data: {} },
        // A server id: no client can send it, so no plan can be submitted under it to stall the month.
        commandId: serverCommandId('close-planning', gameId, entry.month),
        issuer: SERVER_ISSUER,
      });
      return !executed.alreadyApplied;
    } catch (error) {
      if (isDomainError(error)) {
        // The month may have been revealed by the last plan meanwhile: nothing to close.
        this.logger.debug(`Not closing ${gameId}: ${error.code}`);
        if (this.armed.get(gameId) === entry) this.disarm(gameId);
      } else {
        // Kept armed: the next tick tries again.
        this.logger.error(`Closing the planning of ${gameId} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        if (this.timers && this.armed.get(gameId) === entry) {
          clearTimeout(entry.timer);
          entry.timer = setTimeout(() => void this.tick(), RETRY_MILLISECONDS);
          entry.timer.unref();
        }
      }
      return false;
    }
  }
}
