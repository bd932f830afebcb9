import { Forbidden, asPlayerId, type Viewer } from '@corbeille/kernel';
import { findTable, type LeagueRole, type SeatAssignment } from '@corbeille/identity';
import type { CommandRef, GameAccessPolicy, GameRef, Principal, Scope } from '../access/access.port';
import type { IdentityQueries } from './read-models/identity-read-models';

/** What the policy needs to know about leagues: which league table a game is, and members' roles. */
export interface AccessDirectory {
  tableOfGame(gameType: string, gameId: string): { readonly leagueId: string; readonly seats: readonly SeatAssignment[] } | undefined;
  roleIn(leagueId: string, accountId: string): LeagueRole | undefined;
  leagueExists(leagueId: string): boolean;
}

export function accessDirectoryOf(queries: IdentityQueries): AccessDirectory {
  return {
    tableOfGame(gameType, gameId) {
      const location = queries.tableOfGame(gameType, gameId);
      const league = location ? queries.league(location.leagueId) : undefined;
      const table = league && location ? findTable(league, location.tableId) : undefined;
      return location && table ? { leagueId: location.leagueId, seats: table.seats } : undefined;
    },
    roleIn: (leagueId, accountId) => queries.roleIn(leagueId, accountId),
    leagueExists: (leagueId) => queries.league(leagueId) !== undefined,
  };
}

type AccountPrincipal = Extract<Principal, { kind: 'account' }>;

const SPECTATOR: Viewer = { kind: 'spectator' };
const REFEREE: Viewer = { kind: 'referee' };

/**
 * Who may do what in a game, from accounts and leagues:
 * - a player acts only for their own seat: one the organisers linked to their account (seatPlayer), or,
 *   when no seat of that id is linked, the seat whose player id is their account id (joined by themselves);
 *   at a league's table only its players and organisers sit;
 * - the organisers (teachers) of the game's league referee it: referee commands (no acting player) and
 *   the moves of its bot seats; a game outside any league may be refereed by any signed-in account;
 * - API tokens need `play` to play, `referee` to referee and `read` to see more than a spectator does.
 * The game's league is the league whose table it is, else the league it was created in (if it exists).
 */
export class AccountAccessPolicy implements GameAccessPolicy {
  constructor(private readonly directory: AccessDirectory) {}

  async viewerFor(principal: Principal, game: GameRef): Promise<Viewer> {
    if (principal.kind !== 'account' || !principal.scopes.includes('read')) return SPECTATOR;
    const table = this.directory.tableOfGame(game.gameType, game.gameId);
    const own = table?.seats.find((assignment) => isAccountSeat(assignment, principal.accountId));
    if (own) return { kind: 'player', playerId: asPlayerId(own.playerId) };
    const leagueId = this.leagueOf(game, table);
    if (principal.scopes.includes('referee') && leagueId !== null && this.isOrganiser(leagueId, principal)) return REFEREE;
    // The seat named after the account is theirs unless the organisers gave it to someone else.
    if (table?.seats.some((assignment) => assignment.playerId === principal.accountId)) return SPECTATOR;
    return { kind: 'player', playerId: asPlayerId(principal.accountId) };
  }

  async assertMayIssue(principal: Principal, game: GameRef, command: CommandRef): Promise<void> {
    if (principal.kind !== 'account') throw new Forbidden('SIGN_IN_REQUIRED', 'Sign in to take part in a game');
    const table = this.directory.tableOfGame(game.gameType, game.gameId);
    const leagueId = this.leagueOf(game, table);
    const actingFor = command.actingPlayerId;

    if (actingFor === undefined) {
      requireScope(principal, 'referee');
      if (leagueId === null || this.isOrganiser(leagueId, principal)) return;
      throw new Forbidden('NOT_A_REFEREE', "Only the organisers of this game's league may referee it", { command: command.type });
    }

    const seat = table?.seats.find((assignment) => assignment.playerId === actingFor);
    if (seat?.seat.kind === 'bot') {
      requireScope(principal, 'referee');
      if (leagueId !== null && this.isOrganiser(leagueId, principal)) return;
      throw new Forbidden('NOT_A_REFEREE', 'Only a referee of this game may play for its bots', { playerId: actingFor });
    }
    requireScope(principal, 'play');
    if (seat?.seat.kind === 'account') {
      if (seat.seat.accountId === principal.accountId) return;
      throw notYourSeat(actingFor);
    }
    if (actingFor !== principal.accountId) throw notYourSeat(actingFor);
    const linked = table?.seats.find((assignment) => isAccountSeat(assignment, principal.accountId));
    if (linked) {
      throw new Forbidden('NOT_YOUR_SEAT', `You sit at this table as "${linked.playerId}"`, { playerId: actingFor, seat: linked.playerId });
    }
    if (leagueId !== null) {
      const role = this.directory.roleIn(leagueId, principal.accountId);
      if (role !== 'player' && role !== 'organiser') {
        throw new Forbidden('NOT_A_PLAYER', "Only the players of this game's league may sit at its tables", { playerId: actingFor });
      }
    }
  }

  private leagueOf(game: GameRef, table: { leagueId: string } | undefined): string | null {
    if (table) return table.leagueId;
    return game.league !== null && this.directory.leagueExists(game.league) ? game.league : null;
  }

  private isOrganiser(leagueId: string, principal: AccountPrincipal): boolean {
    return this.directory.roleIn(leagueId, principal.accountId) === 'organiser';
  }
}

function isAccountSeat(assignment: SeatAssignment, accountId: string): boolean {
  return assignment.seat.kind === 'account' && assignment.seat.accountId === accountId;
}

function requireScope(principal: AccountPrincipal, scope: Scope): void {
  if (!principal.scopes.includes(scope)) {
    throw new Forbidden('SCOPE_REQUIRED', `This API token lacks the "${scope}" scope`, { scope });
  }
}

function notYourSeat(playerId: string): Forbidden {
  return new Forbidden('NOT_YOUR_SEAT', 'You may only act for your own seat', { playerId });
}
