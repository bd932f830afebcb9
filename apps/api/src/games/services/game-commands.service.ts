import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { CommandHandler } from '@corbeille/application';
import { NotFound } from '@corbeille/kernel';
import type { ProjectionEngine } from '@corbeille/projections';
import { stockTicker, type StockTickerCommand } from '@corbeille/stock-ticker';
import { COMMAND_HANDLER, PROJECTIONS } from '../../infrastructure/infrastructure.tokens';
import { toGameEventModel } from '../mappers/game-event.mapper';
import { toGameModel } from '../mappers/read-model.mapper';
import type { CommandOutcomeModel } from '../models/command-outcome.model';
import { GameStreamService, streamIdOf } from './game-stream.service';

export const REFEREE = 'referee';

export interface CommandRequest {
  readonly gameId: string;
  readonly command: StockTickerCommand;
  /** Client-chosen idempotency key; generated when absent. */
  readonly commandId?: string | null;
  /** A player id, or "referee" for commands no player issues. */
  readonly actor: string;
  /** Extra event metadata (e.g. the league a game is created in). */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** Sends every command through the one generic handler, then waits for the read models to see it. */
@Injectable()
export class GameCommandsService {
  constructor(
    @Inject(COMMAND_HANDLER) private readonly handler: CommandHandler,
    @Inject(PROJECTIONS) private readonly projections: ProjectionEngine,
    private readonly streams: GameStreamService,
  ) {}

  async execute(request: CommandRequest): Promise<CommandOutcomeModel> {
    const { gameId, command } = request;
    if (command.type !== 'CreateGame' && !(await this.streams.exists(gameId))) {
      throw new NotFound('GAME_NOT_FOUND', `There is no game with id "${gameId}"`, { gameId });
    }
    const result = await this.handler.handle(stockTicker, streamIdOf(gameId), {
      command,
      commandId: request.commandId ?? randomUUID(),
      actor: request.actor,
      ...(request.metadata ? { metadata: request.metadata } : {}),
    });
    const last = result.events[result.events.length - 1];
    if (last !== undefined) await this.projections.waitFor(last.position);
    const summary = this.projections.getGame(gameId);
    if (summary === undefined) throw new Error(`Game ${gameId} is missing from the read models after a command`);
    return {
      gameId,
      events: result.events.map(toGameEventModel),
      revision: result.revision ?? null,
      alreadyApplied: result.alreadyApplied,
      game: toGameModel(summary),
    };
  }
}
