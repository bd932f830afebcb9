import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { assertClientCommandId, SERVER_ISSUER as SERVER_COMMAND_ISSUER, type CommandHandler } from '@corbeille/application';
import type { RecordedEvent } from '@corbeille/event-store';
import type { DomainCommand, Viewer } from '@corbeille/kernel';
import type { GameSummary, ProjectionEngine, RegisteredGame } from '@corbeille/projections';
import { GAME_ACCESS_POLICY, type GameAccessPolicy, type Principal } from '../../access/access.port';
import { GAME_COMMAND_GATE, type GameCommandGate } from '../../disputes/game-command-gate';
import { API_METRICS, COMMAND_HANDLER, PROJECTIONS } from '../../infrastructure/infrastructure.tokens';
import type { ApiMetrics } from '../../observability/api-metrics';
import { currentRequestLog, outcomeOf } from '../../observability/request-log-context';
import { GameAccessService, type LocatedGame } from './game-access.service';

/** The actor recorded for commands no seat issues. */
export const REFEREE = 'referee';
/** The actor recorded for commands the server sends on its own (e.g. when a deadline passes). */
export const SERVER_ACTOR = 'system';

/**
 * Who sends a command: a request's principal, checked by the access policy, or the server itself
 * (its own timers), which the policy does not judge.
 */
export type CommandIssuer = { readonly kind: 'principal'; readonly principal: Principal } | { readonly kind: 'server' };

export const SERVER_ISSUER: CommandIssuer = { kind: 'server' };

export const issuedBy = (principal: Principal): CommandIssuer => ({ kind: 'principal', principal });

/** The issuer a command id is bound to (libs/application command binding): an account, anyone anonymous, or the server. */
export function issuerKey(issuer: CommandIssuer): string {
  if (issuer.kind === 'server') return SERVER_COMMAND_ISSUER;
  return principalKey(issuer.principal);
}

export function principalKey(principal: Principal): string {
  return principal.kind === 'account' ? `account:${principal.accountId}` : 'anonymous';
}

export interface CommandRequest {
  readonly game: RegisteredGame;
  readonly gameId: string;
  readonly command: DomainCommand;
  /** Idempotency key: client-chosen (a UUID or slug), or a server id (`serverCommandId`) for the server's own commands; generated when absent. */
  readonly commandId?: string | null;
  readonly issuer: CommandIssuer;
  /** League of a game being created (recorded in the events' metadata). */
  readonly league?: string | null;
}

export interface ExecutedCommand {
  readonly located: LocatedGame;
  /** The events the command recorded, as the issuer may see them. */
  readonly events: readonly RecordedEvent[];
  readonly revision: number | null;
  readonly alreadyApplied: boolean;
  readonly summary: GameSummary;
  /** Who the issuer is in the game (the server reads as the referee). */
  readonly viewer: Viewer;
}

/**
 * The single path of every command of every game: find the game and its type, check it exists, let the
 * access policy judge the principal, then the one generic command handler; finally wait for the read
 * models to see the result.
 */
@Injectable()
export class GameCommandsService {
  constructor(
    @Inject(COMMAND_HANDLER) private readonly handler: CommandHandler,
    @Inject(PROJECTIONS) private readonly projections: ProjectionEngine,
    @Inject(GAME_ACCESS_POLICY) private readonly policy: GameAccessPolicy,
    private readonly access: GameAccessService,
    @Optional() @Inject(GAME_COMMAND_GATE) private readonly gate?: GameCommandGate,
    @Optional() @Inject(API_METRICS) private readonly metrics?: ApiMetrics,
  ) {}

  /** Runs the command, counted and timed by game type and outcome, and named in the request's log line. */
  async execute(request: CommandRequest): Promise<ExecutedCommand> {
    const commandId = request.commandId ?? randomUUID();
    const log = currentRequestLog();
    if (log) {
      log.commandId = commandId;
      log.gameId = request.gameId;
    }
    const started = process.hrtime.bigint();
    let outcome = 'OK';
    try {
      return await this.executeCommand({ ...request, commandId });
    } catch (error) {
      outcome = outcomeOf(error);
      throw error;
    } finally {
      const game = request.game.type;
      this.metrics?.commands.inc({ game, outcome });
      this.metrics?.commandDuration.observe({ game }, Number(process.hrtime.bigint() - started) / 1e9);
    }
  }

  private async executeCommand(request: CommandRequest): Promise<ExecutedCommand> {
    const { game, gameId, command, issuer } = request;
    // Server ids are reserved for the server's own commands: a client cannot claim one ahead of it.
    if (issuer.kind === 'principal' && request.commandId) assertClientCommandId(request.commandId);
    const located =
      command.type === 'CreateGame'
        ? await this.access.locateForCreation(game, gameId, request.league ?? null)
        : await this.access.locate(gameId, game);
    const actingPlayerId = game.actingPlayerOf(command);
    if (issuer.kind === 'principal') {
      await this.policy.assertMayIssue(issuer.principal, located.ref, { type: command.type, actingPlayerId });
    }
    // A dispute may pause the game until the referee rules (docs/disputes.md).
    if (located.exists) this.gate?.assertOpen(gameId);
    const actor = issuer.kind === 'server' ? SERVER_ACTOR : (actingPlayerId ?? REFEREE);
    const league = request.league ?? null;
    // The creator of a game is its first referee when it is outside any league (the access policy reads it here).
    const createdBy = command.type === 'CreateGame' && issuer.kind === 'principal' && issuer.principal.kind === 'account' ? issuer.principal.accountId : null;
    const metadata = { ...(league !== null ? { league } : {}), ...(createdBy !== null ? { createdBy } : {}) };
    const result = await this.handler.handle(game.decider, located.streamId, {
      command,
      commandId: request.commandId ?? randomUUID(),
      actor,
      issuer: issuerKey(issuer),
      ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
    });
    const last = result.events[result.events.length - 1];
    if (last !== undefined) await this.projections.waitFor(last.position);
    const summary = this.projections.getGame(gameId);
    if (summary === undefined) throw new Error(`Game ${gameId} is missing from the read models after a command`);
    const ref = located.exists || createdBy === null ? located.ref : { ...located.ref, createdBy };
    const viewer: Viewer = issuer.kind === 'server' ? { kind: 'referee' } : await this.policy.viewerFor(issuer.principal, ref);
    const done: LocatedGame = { ...located, ref, exists: true };
    const lens = this.access.lensForViewer(viewer, done);
    return {
      located: done,
      events: result.events.map(lens),
      revision: result.revision ?? null,
      alreadyApplied: result.alreadyApplied,
      summary,
      viewer,
    };
  }
}
