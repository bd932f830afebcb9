import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { serverCommandId, type CommandHandler } from '@corbeille/application';
import type { RecordedEvent } from '@corbeille/event-store';
import { Forbidden, NotFound, noRandom, RuleViolation, type Viewer } from '@corbeille/kernel';
import { RULED_RESULTS, type ProjectionEngine } from '@corbeille/projections';
import {
  checkUphold,
  disputeDecider,
  disputeSettingsDecider,
  disputeSettingsStreamId,
  disputeStreamId,
  foldLive,
  requireOpenDispute,
  voidedRevisions,
  EVENTS_VOIDED,
  type DisputeSettings,
  type OpenedDispute,
  type Remedy,
  type RemedyCitation,
  type RulingCommand,
  type StreamEvent,
} from '@corbeille/rulings';
import { GAME_ACCESS_POLICY, type GameAccessPolicy, type Principal } from '../../access/access.port';
import { REFEREE } from '../../games/services/game-commands.service';
import { GameAccessService, type LocatedGame } from '../../games/services/game-access.service';
import { GameStreamService } from '../../games/services/game-stream.service';
import { CLOCK, COMMAND_HANDLER, PROJECTIONS } from '../../infrastructure/infrastructure.tokens';
import type { Clock } from '../../infrastructure/system-clock';
import { DisputeRegistry, type RegisteredDispute } from './dispute-registry';

export const disputesTrigger = (gameId: string) => `disputes:${gameId}`;

type AccountPrincipal = Extract<Principal, { kind: 'account' }>;

/** The game as it stood at a point, as one viewer may see it. */
export interface StateAt {
  readonly last: RecordedEvent | undefined;
  readonly state: unknown;
}

export interface RemedyPreview {
  readonly dispute: OpenedDispute;
  readonly remedy: Remedy;
  readonly phase: string;
  readonly state: unknown;
  readonly currentState: unknown;
  readonly standings: readonly { playerId: string; rank: number; finalWealth: number }[] | null;
  readonly currentStandings: readonly { playerId: string; rank: number; finalWealth: number }[] | null;
  readonly voidedRevisions: readonly number[];
}

/**
 * Disputes and rulings. Any participant of a game (a seated player, or its referee) opens a dispute on
 * one of its events; the game's referee (the access policy's judge of referee commands) rejects it or
 * upholds it with a remedy: compensating `CorrectionApplied` events, or an `EventsVoided` rewind, appended
 * to the game's stream through the one command handler. Every fold then follows the ruling.
 */
@Injectable()
export class DisputesService {
  constructor(
    @Inject(COMMAND_HANDLER) private readonly handler: CommandHandler,
    @Inject(PROJECTIONS) private readonly projections: ProjectionEngine,
    @Inject(GAME_ACCESS_POLICY) private readonly policy: GameAccessPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly registry: DisputeRegistry,
    private readonly access: GameAccessService,
    private readonly streams: GameStreamService,
  ) {}

  async open(principal: Principal, input: { disputeId?: string | null; gameId: string; revision: number; claim: string }): Promise<RegisteredDispute> {
    const account = signedIn(principal);
    const located = await this.access.locate(input.gameId);
    const viewer = await this.access.viewerFor(principal, located);
    const { state } = await this.streams.foldState(located.game, input.gameId);
    const seated = viewer.kind === 'player' && seatsOf(state).includes(viewer.playerId);
    if (viewer.kind !== 'referee' && !seated) {
      throw new Forbidden('NOT_A_PARTICIPANT', "Only the game's players and its referee may open a dispute about it", { gameId: input.gameId });
    }
    // A claim is a move in the game's record: an API token needs the scope a player's moves need.
    if (viewer.kind === 'player' && !account.scopes.includes('play')) {
      throw new Forbidden('SCOPE_REQUIRED', 'This API token lacks the "play" scope', { scope: 'play' });
    }
    const events = await this.streams.readEvents(located.game, input.gameId);
    const event = events[input.revision];
    if (!event) throw new NotFound('EVENT_NOT_FOUND', `The game has no event ${input.revision}`, { gameId: input.gameId, revision: input.revision });
    if (voidedRevisions(events).has(event.revision)) {
      throw new RuleViolation('EVENT_VOIDED', `Event ${event.revision} was voided by a rewind: it no longer counts`, { revision: event.revision });
    }
    const disputeId = input.disputeId ?? randomUUID();
    const result = await this.handler.handle(disputeDecider, disputeStreamId(disputeId), {
      command: {
        type: 'OpenDispute',
        data: {
          disputeId,
          gameType: located.game.type,
          gameId: input.gameId,
          league: located.ref.league,
          event: { revision: event.revision, position: event.position, eventId: event.id, type: event.type },
          claim: input.claim,
          openedBy: account.accountId,
          openedAs: viewer.kind === 'referee' ? 'referee' : 'player',
          playerId: viewer.kind === 'player' ? viewer.playerId : null,
          pausesGame: this.registry.settingsOf(input.gameId).pauseOnDispute,
        },
      },
      commandId: `open-${disputeId}`,
      actor: account.accountId,
    });
    return this.settled(disputeId, result.events);
  }

  async rule(
    principal: Principal,
    input: { disputeId: string; decision: 'reject' | 'uphold'; reason: string; remedy: Remedy | null },
  ): Promise<RegisteredDispute> {
    const account = signedIn(principal);
    const { dispute, located } = await this.forRuling(principal, input.disputeId);
    const streamId = disputeStreamId(input.disputeId);
    if (input.decision === 'reject') {
      const result = await this.handler.handle(disputeDecider, streamId, {
        command: { type: 'RejectDispute', data: { reason: input.reason, by: account.accountId } },
        commandId: `ruling-${input.disputeId}`,
        actor: account.accountId,
      });
      return this.settled(input.disputeId, result.events);
    }
    const remedy = input.remedy;
    if (!remedy) throw new RuleViolation('REMEDY_REQUIRED', 'Upholding a dispute needs a remedy: a correction or a rewind');
    checkUphold(dispute, remedy, input.reason);
    const events = await this.streams.readEvents(located.game, dispute.gameId);
    if (remedy.kind === 'rewind') checkRewindPoint(events, remedy.afterRevision);
    const cite: RemedyCitation = {
      disputeId: dispute.disputeId,
      disputedRevision: dispute.event.revision,
      disputedEventId: dispute.event.eventId,
      reason: input.reason.trim(),
      by: account.accountId,
    };
    // The remedy is written to the game first (its command id makes a retried ruling write it once).
    const written = await this.handler.handle(located.game.decider, located.streamId, {
      command: remedyCommand(remedy, cite),
      // A server id: no player can write a move under it first and so keep the remedy out of the game.
      commandId: serverCommandId('remedy', dispute.disputeId),
      actor: REFEREE,
      correlationId: dispute.disputeId,
      causationId: dispute.event.eventId,
      metadata: { disputeId: dispute.disputeId, ruledBy: account.accountId, reason: cite.reason },
    });
    const last = written.events[written.events.length - 1];
    if (last) await this.projections.waitFor(last.position);
    const result = await this.handler.handle(disputeDecider, streamId, {
      command: { type: 'UpholdDispute', data: { remedy, reason: input.reason, by: account.accountId, remedyRevisions: written.events.map((event) => event.revision) } },
      commandId: `ruling-${input.disputeId}`,
      actor: account.accountId,
    });
    return this.settled(input.disputeId, result.events);
  }

  /** What a remedy would give, folded in memory from the game's events; nothing is appended. */
  async preview(principal: Principal, input: { disputeId: string; remedy: Remedy }): Promise<RemedyPreview> {
    const account = signedIn(principal);
    const { dispute, located } = await this.forRuling(principal, input.disputeId);
    const { remedy } = input;
    checkUphold(dispute, remedy, 'preview');
    const events = await this.streams.readEvents(located.game, dispute.gameId);
    const decider = located.game.decider;
    const current = foldLive(decider, events);
    const next = events.length;
    let added: StreamEvent[];
    if (remedy.kind === 'rewind') {
      checkRewindPoint(events, remedy.afterRevision);
      added = [{ revision: next, type: EVENTS_VOIDED, data: { afterRevision: remedy.afterRevision, disputeId: dispute.disputeId } }];
    } else {
      const cite: RemedyCitation = { disputeId: dispute.disputeId, disputedRevision: dispute.event.revision, disputedEventId: dispute.event.eventId, reason: 'preview', by: account.accountId };
      const decided = decider.decide(current, remedyCommand(remedy, cite), { random: noRandom, now: this.clock() });
      added = decided.map((event, index) => ({ revision: next + index, type: event.type, data: event.data }));
    }
    const all: StreamEvent[] = [...events, ...added];
    const after = foldLive(decider, all);
    const referee: Viewer = { kind: 'referee' };
    const resultOf = RULED_RESULTS[located.game.type];
    const voided = [...voidedRevisions(all).keys()].sort((x, y) => x - y);
    return {
      dispute,
      remedy,
      phase: phaseOf(after),
      state: decider.view(after, referee),
      currentState: decider.view(current, referee),
      standings: resultOf(after) ?? null,
      currentStandings: resultOf(current) ?? null,
      voidedRevisions: remedy.kind === 'rewind' ? voided : [],
    };
  }

  async changeSettings(principal: Principal, input: { gameId: string; pauseOnDispute: boolean }): Promise<DisputeSettings> {
    const account = signedIn(principal);
    const located = await this.access.locate(input.gameId);
    await this.assertMayRule(principal, located);
    const result = await this.handler.handle(disputeSettingsDecider, disputeSettingsStreamId(input.gameId), {
      command: { type: 'ChangeDisputeSettings', data: { gameId: input.gameId, pauseOnDispute: input.pauseOnDispute, by: account.accountId } },
      commandId: randomUUID(),
      actor: account.accountId,
    });
    const last = result.events[result.events.length - 1];
    if (last) await this.registry.waitFor(last.position);
    return this.registry.settingsOf(input.gameId);
  }

  async settings(principal: Principal, gameId: string): Promise<DisputeSettings> {
    await this.access.locateReadable(principal, gameId);
    return this.registry.settingsOf(gameId);
  }

  /** A dispute the caller already may see (e.g. the parent of a field). */
  record(disputeId: string): RegisteredDispute | undefined {
    return this.registry.dispute(disputeId);
  }

  /** A dispute, for the participants and referees of its game; undefined when there is none with this id. */
  async dispute(principal: Principal, disputeId: string): Promise<RegisteredDispute | undefined> {
    const dispute = this.registry.dispute(disputeId);
    if (dispute) await this.assertMayFollow(principal, dispute.gameId);
    return dispute;
  }

  /**
   * Disputes, oldest first: only those of games the principal takes part in or referees (a list never
   * tells a stranger where a dispute is). Asking for one game's disputes is refused to anyone else.
   */
  async list(
    principal: Principal,
    filter: { gameId?: string | null; leagueId?: string | null; classId?: string | null; status?: OpenedDispute['status'] | null },
  ): Promise<RegisteredDispute[]> {
    if (filter.gameId) await this.assertMayFollow(principal, filter.gameId);
    const all = this.registry.list({ gameId: filter.gameId ?? null, league: filter.leagueId ?? filter.classId ?? null, status: filter.status ?? null });
    const follows = new Map<string, boolean>();
    const visible: RegisteredDispute[] = [];
    for (const dispute of all) {
      let may = follows.get(dispute.gameId);
      if (may === undefined) {
        may = await this.mayFollow(principal, dispute.gameId);
        follows.set(dispute.gameId, may);
      }
      if (may) visible.push(dispute);
    }
    return visible;
  }

  /** Whether the principal takes part in the game (a seated player) or referees it: who may see its disputes. */
  async mayFollow(principal: Principal, gameId: string): Promise<boolean> {
    if (principal.kind !== 'account') return false;
    const located = await this.access.tryLocateAny(gameId);
    if (!located || !(await this.policy.mayRead(principal, located.ref))) return false;
    const viewer = await this.access.viewerFor(principal, located);
    if (viewer.kind === 'referee') return true;
    return viewer.kind === 'player' && (located.ref.seatedPlayerIds ?? []).includes(viewer.playerId);
  }

  async assertMayFollow(principal: Principal, gameId: string): Promise<void> {
    if (await this.mayFollow(principal, gameId)) return;
    if (principal.kind !== 'account') throw new Forbidden('SIGN_IN_REQUIRED', "Sign in as a player or referee of this game to see its disputes", { gameId });
    throw new Forbidden('NOT_A_PARTICIPANT', "Only the game's players and referees may see its disputes", { gameId });
  }

  /**
   * The game just before (`before`) or just after the disputed event, as this principal may see it
   * (the referee sees everything; a player what their seat may see).
   */
  async stateAround(principal: Principal, dispute: OpenedDispute, side: 'before' | 'after'): Promise<StateAt> {
    const located = await this.access.locate(dispute.gameId);
    const viewer = await this.access.viewerFor(principal, located);
    const revision = side === 'before' ? dispute.event.revision - 1 : dispute.event.revision;
    const { state, last } = await this.streams.foldState(located.game, dispute.gameId, (event) => event.revision <= revision);
    return { last, state: located.game.decider.view(state, viewer) };
  }

  private async forRuling(principal: Principal, disputeId: string): Promise<{ dispute: OpenedDispute; located: LocatedGame }> {
    const loaded = await this.handler.load(disputeDecider, disputeStreamId(disputeId));
    if (loaded.state.status === 'none') throw new NotFound('DISPUTE_NOT_FOUND', `There is no dispute with id "${disputeId}"`, { disputeId });
    const dispute = requireOpenDispute(loaded.state);
    const located = await this.access.locate(dispute.gameId);
    await this.assertMayRule(principal, located);
    return { dispute, located };
  }

  /**
   * Rulings are referee commands of the game: the access policy judges them like any other (the league's
   * organisers or teachers). A player seated at the game never rules on its disputes.
   */
  private async assertMayRule(principal: Principal, located: LocatedGame): Promise<void> {
    await this.policy.assertMayIssue(principal, located.ref, { type: 'RuleOnDispute', actingPlayerId: undefined });
    const viewer = await this.access.viewerFor(principal, located);
    if (viewer.kind === 'player') {
      const { state } = await this.streams.foldState(located.game, located.ref.gameId);
      if (seatsOf(state).includes(viewer.playerId)) {
        throw new Forbidden('NOT_A_REFEREE', 'A player of this game may not rule on its disputes', { gameId: located.ref.gameId });
      }
    }
  }

  /** Waits for the registry to see the dispute's events and returns it (DisputeLiveUpdates tells the subscribers). */
  private async settled(disputeId: string, events: readonly RecordedEvent[]): Promise<RegisteredDispute> {
    const last = events[events.length - 1];
    if (last) await this.registry.waitFor(last.position);
    const dispute = this.registry.dispute(disputeId);
    if (!dispute) throw new Error(`Dispute ${disputeId} is missing from the registry after a command`);
    return dispute;
  }
}

function signedIn(principal: Principal): AccountPrincipal {
  if (principal.kind !== 'account') throw new Forbidden('SIGN_IN_REQUIRED', 'Sign in to take part in a dispute');
  return principal;
}

function seatsOf(state: unknown): string[] {
  const seats = (state as { seats?: readonly { playerId: string }[] }).seats;
  return seats ? seats.map((seat) => seat.playerId) : [];
}

function phaseOf(state: unknown): string {
  const phase = (state as { phase?: unknown }).phase;
  return typeof phase === 'string' ? phase : 'unknown';
}

function remedyCommand(remedy: Remedy, cite: RemedyCitation): RulingCommand {
  return remedy.kind === 'correction'
    ? { type: 'ApplyCorrection', data: { ...cite, adjustments: remedy.adjustments } }
    : { type: 'VoidEvents', data: { ...cite, afterRevision: remedy.afterRevision } };
}

/** A rewind resumes from an event that still counts. */
function checkRewindPoint(events: readonly RecordedEvent[], afterRevision: number): void {
  if (afterRevision >= events.length - 1) {
    throw new RuleViolation('NOTHING_TO_VOID', 'No event comes after that point: there is nothing to void', { afterRevision });
  }
  if (voidedRevisions(events).has(afterRevision)) {
    throw new RuleViolation('REWIND_TO_VOIDED', `Event ${afterRevision} is itself void: rewind to an event that still counts`, { afterRevision });
  }
}
