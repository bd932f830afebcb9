import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@corbeille/event-store';
import { Forbidden, NotFound } from '@corbeille/kernel';
import {
  gameClaimDecider,
  gameClaimStreamId,
  gameKey,
  leagueDecider,
  leagueStreamId,
  normalizeEmail,
  type GameType,
  type LeagueCommand,
  type LeagueKind,
  type LeagueRole,
  type LeagueVisibility,
  type Seat,
} from '@corbeille/identity';
import type { Principal } from '../../access/access.port';
import { InputValidationError } from '../../common/errors/input-validation.error';
import { nameBasedUuid } from '../../common/ids/name-based-uuid';
import { EVENT_STORE } from '../../infrastructure/infrastructure.tokens';
import { requireAccount, type AccountPrincipal } from '../auth/principal-requirements';
import { IDENTITY_PROJECTION } from '../identity.tokens';
import type { LeagueMemberModel, LeagueModel, LeagueTableModel, SeasonModel } from '../models/league.model';
import type { IdentityProjection } from '../read-models/identity.projection';
import { IdentityCommandsService } from './identity-commands.service';
import { LeagueViewsService } from './league-views.service';

interface Idempotent {
  readonly commandId?: string | null;
}

/**
 * League management. The league decider checks that the actor organises the league; this service adds
 * what spans aggregates (accounts exist, a game is a table of one league only) and the `admin` scope.
 */
@Injectable()
export class LeaguesService {
  constructor(
    private readonly commands: IdentityCommandsService,
    private readonly views: LeagueViewsService,
    @Inject(IDENTITY_PROJECTION) private readonly projection: IdentityProjection,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async createLeague(
    principal: Principal,
    input: Idempotent & { name: string; kind: LeagueKind; scoring?: number[] | null; visibility?: LeagueVisibility | null },
  ): Promise<LeagueModel> {
    const actor = requireAccount(principal, 'admin');
    // A retried create with the same command id reaches the league its first attempt created.
    const leagueId = derivedId(`create-league:${actor.accountId}`, input.commandId);
    await this.run(actor, leagueId, input, {
      type: 'CreateLeague',
      data: { actorId: actor.accountId, leagueId, name: input.name, kind: input.kind, scoring: input.scoring ?? null, visibility: input.visibility ?? null },
    });
    return this.views.leagueModelOf(leagueId, actor);
  }

  /** Who may see the league's games (organisers only; a class's stay with its members). */
  async setVisibility(principal: Principal, input: Idempotent & { leagueId: string; visibility: LeagueVisibility }): Promise<LeagueModel> {
    const actor = requireAccount(principal, 'admin');
    await this.run(actor, input.leagueId, input, { type: 'SetLeagueVisibility', data: { actorId: actor.accountId, visibility: input.visibility } });
    return this.views.leagueModelOf(input.leagueId, actor);
  }

  async addMember(
    principal: Principal,
    input: Idempotent & { leagueId: string; accountId?: string | null; email?: string | null; role: LeagueRole },
  ): Promise<LeagueMemberModel> {
    const actor = requireAccount(principal, 'admin');
    const accountId = this.memberAccountId(input);
    const command: LeagueCommand = { type: 'AddLeagueMember', data: { actorId: actor.accountId, accountId, role: input.role } };
    await this.commands.check(leagueDecider, leagueStreamId(input.leagueId), command, { actor: actor.accountId, commandId: input.commandId });
    if (!this.projection.store.accountById(accountId)) {
      throw new NotFound('ACCOUNT_NOT_FOUND', `There is no account with id "${accountId}"`, { accountId });
    }
    await this.run(actor, input.leagueId, input, command);
    return this.views.memberModelOf(input.leagueId, accountId);
  }

  /** The account a new member is named by: its id, or its email (an organiser invites people by email). */
  private memberAccountId(input: { accountId?: string | null; email?: string | null }): string {
    const hasId = input.accountId !== undefined && input.accountId !== null;
    const hasEmail = input.email !== undefined && input.email !== null;
    if (hasId === hasEmail) {
      throw new InputValidationError([{ field: hasId ? 'email' : 'accountId', messages: ['Give exactly one of accountId and email'] }]);
    }
    if (hasId) return input.accountId as string;
    const email = normalizeEmail(input.email as string);
    const account = this.projection.store.accountByEmail(email);
    if (!account) throw new NotFound('ACCOUNT_NOT_FOUND', `There is no account with the email "${email}"`, { email });
    return account.accountId;
  }

  async createSeason(principal: Principal, input: Idempotent & { leagueId: string; name: string }): Promise<SeasonModel> {
    const actor = requireAccount(principal, 'admin');
    const seasonId = derivedId(`create-season:${input.leagueId}`, input.commandId);
    await this.run(actor, input.leagueId, input, { type: 'CreateSeason', data: { actorId: actor.accountId, seasonId, name: input.name } });
    return this.views.seasonModelOf(seasonId);
  }

  async scheduleTable(
    principal: Principal,
    input: Idempotent & { seasonId: string; gameType: GameType; gameId?: string | null; options?: Record<string, unknown> | null },
  ): Promise<LeagueTableModel> {
    const actor = requireAccount(principal, 'admin');
    const leagueId = this.leagueOfSeason(input.seasonId);
    const tableId = derivedId(`schedule-table:${input.seasonId}`, input.commandId);
    const gameId = input.gameId ?? derivedId(`table-game:${tableId}`, input.commandId);
    const command: LeagueCommand = {
      type: 'ScheduleTable',
      data: { actorId: actor.accountId, seasonId: input.seasonId, tableId, gameType: input.gameType, gameId, options: input.options ?? {} },
    };
    // Refusals first, so that a refused table leaves no claim on the game behind.
    await this.commands.check(leagueDecider, leagueStreamId(leagueId), command, { actor: actor.accountId, commandId: input.commandId });
    await this.assertGameMayJoin(leagueId, input.gameType, gameId);
    await this.commands.execute(
      gameClaimDecider,
      gameClaimStreamId(input.gameType, gameId),
      { type: 'Claim', data: { key: gameKey(input.gameType, gameId), ownerId: leagueId } },
      { actor: actor.accountId },
    );
    await this.run(actor, leagueId, input, command);
    return this.views.tableModelOf(tableId);
  }

  async seatPlayer(
    principal: Principal,
    input: Idempotent & { tableId: string; playerId: string; accountId?: string | null; bot?: { strategy?: string | null } | null },
  ): Promise<LeagueTableModel> {
    const actor = requireAccount(principal, 'admin');
    const hasAccount = input.accountId !== undefined && input.accountId !== null;
    const hasBot = input.bot !== undefined && input.bot !== null;
    if (hasAccount === hasBot) {
      throw new InputValidationError([{ field: hasAccount ? 'bot' : 'accountId', messages: ['Give exactly one of accountId and bot'] }]);
    }
    const location = this.projection.store.locateTable(input.tableId);
    if (!location) throw new NotFound('TABLE_NOT_FOUND', `There is no table with id "${input.tableId}"`, { tableId: input.tableId });
    const seat: Seat = input.accountId ? { kind: 'account', accountId: input.accountId } : { kind: 'bot', strategy: input.bot?.strategy ?? null };
    await this.run(actor, location.leagueId, input, {
      type: 'SeatPlayer',
      data: { actorId: actor.accountId, tableId: input.tableId, playerId: input.playerId, seat },
    });
    return this.views.tableModelOf(input.tableId);
  }

  async closeSeason(principal: Principal, input: Idempotent & { seasonId: string }): Promise<SeasonModel> {
    const actor = requireAccount(principal, 'admin');
    const leagueId = this.leagueOfSeason(input.seasonId);
    await this.run(actor, leagueId, input, { type: 'CloseSeason', data: { actorId: actor.accountId, seasonId: input.seasonId } });
    return this.views.seasonModelOf(input.seasonId);
  }

  private async run(actor: AccountPrincipal, leagueId: string, input: Idempotent, command: LeagueCommand): Promise<void> {
    await this.commands.execute(leagueDecider, leagueStreamId(leagueId), command, { actor: actor.accountId, commandId: input.commandId });
  }

  private leagueOfSeason(seasonId: string): string {
    const leagueId = this.projection.store.leagueOfSeason(seasonId);
    if (!leagueId) throw new NotFound('SEASON_NOT_FOUND', `There is no season with id "${seasonId}"`, { seasonId });
    return leagueId;
  }

  /**
   * A game that already exists joins a league only if it was created in it: scheduling must not hand a
   * league's organisers the refereeing of someone else's game. Games live on `<gameType>-<gameId>`.
   */
  private async assertGameMayJoin(leagueId: string, gameType: GameType, gameId: string): Promise<void> {
    const [first] = await this.eventStore.readStream(`${gameType}-${gameId}`, { maxCount: 1 });
    if (first === undefined || first.metadata['league'] === leagueId) return;
    throw new Forbidden(
      'GAME_NOT_IN_LEAGUE',
      'This game already exists outside this league; schedule a new game id, or one created with this league',
      { gameType, gameId },
    );
  }
}

function derivedId(scope: string, commandId: string | null | undefined): string {
  return commandId ? nameBasedUuid(`${scope}:${commandId}`) : randomUUID();
}
