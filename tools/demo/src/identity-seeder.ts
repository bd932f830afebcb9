import { createHash } from 'node:crypto';
import type { CommandHandler } from '@corbeille/application';
import type { EventStore } from '@corbeille/event-store';
import {
  BCRYPT_SALT_BYTES,
  accountDecider,
  accountStreamId,
  emailClaimDecider,
  emailClaimStreamId,
  emailDigest,
  gameClaimDecider,
  gameClaimStreamId,
  gameKey,
  hashPassword,
  leagueDecider,
  leagueStreamId,
  type GameType,
  type LeagueCommand,
  type LeagueKind,
  type LeagueRole,
  type Seat,
} from '@corbeille/identity';
import type { RandomSource } from '@corbeille/kernel';
import type { DemoAccount } from './demo-people';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Writes demo accounts, leagues, tables and seats as the API would: the identity deciders through the
 * command handler, as events. Every command has a fixed id, so a repeat is applied once; passwords are
 * hashed with the API's bcrypt function (`@corbeille/identity`), salted from the seed's generator so
 * that the demo is the same on every machine.
 */
export class IdentitySeeder {
  constructor(
    private readonly store: EventStore,
    private readonly handler: CommandHandler,
    private readonly salts: RandomSource,
    private readonly bcryptRounds: number,
  ) {}

  /** Claims the email, then registers the account (skipped when the account already exists). */
  async account(account: DemoAccount, password: string): Promise<boolean> {
    const streamId = accountStreamId(account.accountId);
    if ((await this.store.streamRevision(streamId)) !== undefined) return false;
    const salt = Array.from({ length: BCRYPT_SALT_BYTES }, () => this.salts.int(0, 255));
    const passwordHash = await hashPassword(password, this.bcryptRounds, salt);
    await this.handler.handle(emailClaimDecider, emailClaimStreamId(emailDigest(account.email, sha256Hex)), {
      command: { type: 'Claim', data: { key: account.email, ownerId: account.accountId } },
      commandId: `demo-claim-${account.accountId}`,
      actor: account.accountId,
    });
    await this.handler.handle(accountDecider, streamId, {
      command: { type: 'RegisterAccount', data: { accountId: account.accountId, email: account.email, displayName: account.displayName, passwordHash } },
      commandId: `demo-register-${account.accountId}`,
      actor: account.accountId,
    });
    return true;
  }

  async leagueExists(leagueId: string): Promise<boolean> {
    return (await this.store.streamRevision(leagueStreamId(leagueId))) !== undefined;
  }

  async createLeague(organiser: DemoAccount, leagueId: string, name: string, kind: LeagueKind): Promise<void> {
    await this.league(leagueId, `demo-create-${leagueId}`, organiser, { type: 'CreateLeague', data: { actorId: organiser.accountId, leagueId, name, kind } });
  }

  async addMember(organiser: DemoAccount, leagueId: string, member: DemoAccount, role: LeagueRole): Promise<void> {
    await this.league(leagueId, `demo-member-${leagueId}-${member.accountId}`, organiser, {
      type: 'AddLeagueMember',
      data: { actorId: organiser.accountId, accountId: member.accountId, role },
    });
  }

  async createSeason(organiser: DemoAccount, leagueId: string, seasonId: string, name: string): Promise<void> {
    await this.league(leagueId, `demo-season-${seasonId}`, organiser, { type: 'CreateSeason', data: { actorId: organiser.accountId, seasonId, name } });
  }

  /** Claims the game for the league (as scheduling through the API does), then schedules the table. */
  async scheduleTable(
    organiser: DemoAccount,
    leagueId: string,
    table: { seasonId: string; tableId: string; gameType: GameType; gameId: string; options: Readonly<Record<string, unknown>> },
  ): Promise<void> {
    await this.handler.handle(gameClaimDecider, gameClaimStreamId(table.gameType, table.gameId), {
      command: { type: 'Claim', data: { key: gameKey(table.gameType, table.gameId), ownerId: leagueId } },
      commandId: `demo-claim-${table.gameType}-${table.gameId}`,
      actor: organiser.accountId,
    });
    await this.league(leagueId, `demo-table-${table.tableId}`, organiser, {
      type: 'ScheduleTable',
      data: { actorId: organiser.accountId, seasonId: table.seasonId, tableId: table.tableId, gameType: table.gameType, gameId: table.gameId, options: table.options },
    });
  }

  async seat(organiser: DemoAccount, leagueId: string, tableId: string, playerId: string, seat: Seat): Promise<void> {
    await this.league(leagueId, `demo-seat-${tableId}-${playerId}`, organiser, {
      type: 'SeatPlayer',
      data: { actorId: organiser.accountId, tableId, playerId, seat },
    });
  }

  private async league(leagueId: string, commandId: string, actor: DemoAccount, command: LeagueCommand): Promise<void> {
    await this.handler.handle(leagueDecider, leagueStreamId(leagueId), { command, commandId, actor: actor.accountId });
  }
}
