import { Forbidden, asPlayerId, type Viewer } from '@corbeille/kernel';
import { findTable, visibilityOf, type LeagueRole, type LeagueVisibility, type SeatAssignment } from '@corbeille/identity';
import type { CommandRef, GameAccessPolicy, GameRef, Principal, Scope } from '../access/access.port';
import type { IdentityQueries } from './read-models/identity-read-models';

/** What the policy needs to know about leagues and games: tables, members' roles, visibility, named referees. */
export interface AccessDirectory {
  tableOfGame(gameType: string, gameId: string): { readonly leagueId: string; readonly seats: readonly SeatAssignment[] } | undefined;
  roleIn(leagueId: string, accountId: string): LeagueRole | undefined;
  leagueExists(leagueId: string): boolean;
  /** Who may see the league's games (a class's: its members, always). */
  visibilityOf(leagueId: string): LeagueVisibility;
  /** The referees a free game's creator named. */
  namedRefereesOf(gameType: string, gameId: string): readonly string[];
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
    visibilityOf(leagueId) {
      const league = queries.league(leagueId);
      // Unknown here means not yet projected: keep it closed rather than open.
      return league ? visibilityOf(league) : 'members';
    },
    namedRefereesOf: (gameType, gameId) => queries.namedRefereesOf(gameType, gameId),
  };
}

type AccountPrincipal = Extract<Principal, { kind: 'account' }>;

const SPECTATOR: Viewer = { kind: 'spectator' };
const REFEREE: Viewer = { kind: 'referee' };

/**
 * Who may see and do what in a game, from accounts and leagues. The one place these rules are written:
 *
 * - Seeing: a game of a league is seen by everyone when the league is public, by its members only when it
 *   is members-only; a class's games are always its members' (teachers and students). A game outside any
 *   league is public. Every read path asks `mayRead` (through `viewerFor`).
 * - Referees: the organisers (teachers) of the game's league; for a game outside any league, the account
 *   that created it and the accounts it named (`addGameReferee`). Only they send referee commands (start,
 *   end, close a planning, rule on a dispute, preview a remedy, pause on dispute, reveal the seed), play
 *   bot seats, and see a game "as" one of its players.
 * - Players act only for their own seat: one the organisers linked to their account (seatPlayer), or,
 *   when no seat of that id is linked, the seat whose player id is their account id (joined by
 *   themselves); at a league's table only its players and organisers sit.
 * - API tokens need `read` to see more than an anonymous visitor does, `play` to play, `referee` to referee.
 *
 * The game's league is the league whose table it is, else the league it was created in (if it exists).
 */
export class AccountAccessPolicy implements GameAccessPolicy {
  constructor(private readonly directory: AccessDirectory) {}

  async mayRead(principal: Principal, game: GameRef): Promise<boolean> {
    const leagueId = this.leagueOf(game, this.directory.tableOfGame(game.gameType, game.gameId));
    if (leagueId === null || this.directory.visibilityOf(leagueId) === 'public') return true;
    if (principal.kind !== 'account' || !principal.scopes.includes('read')) return false;
    return this.directory.roleIn(leagueId, principal.accountId) !== undefined;
  }

  async viewerFor(principal: Principal, game: GameRef): Promise<Viewer> {
    if (!(await this.mayRead(principal, game))) throw this.notVisible(principal, game);
    if (principal.kind !== 'account' || !principal.scopes.includes('read')) return SPECTATOR;
    const table = this.directory.tableOfGame(game.gameType, game.gameId);
    const own = table?.seats.find((assignment) => isAccountSeat(assignment, principal.accountId));
    if (own) return { kind: 'player', playerId: asPlayerId(own.playerId) };
    const leagueId = this.leagueOf(game, table);
    // A free game's referee who joined it under their account id plays it: they see it as their seat does.
    const joined = leagueId === null && (game.seatedPlayerIds ?? []).includes(principal.accountId);
    if (!joined && principal.scopes.includes('referee') && this.isReferee(principal, game, leagueId)) return REFEREE;
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
      // Any account may set up a new game outside a league: it becomes its referee.
      if (leagueId === null && command.type === 'CreateGame' && (game.createdBy ?? null) === null) return;
      if (this.isReferee(principal, game, leagueId)) return;
      throw notAReferee(leagueId, { command: command.type });
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

  /** The game's named referees: its league's organisers, or a free game's creator and those it named. */
  private isReferee(principal: AccountPrincipal, game: GameRef, leagueId: string | null): boolean {
    if (leagueId !== null) return this.isOrganiser(leagueId, principal);
    const creator = game.createdBy ?? null;
    if (creator !== null && creator === principal.accountId) return true;
    return this.directory.namedRefereesOf(game.gameType, game.gameId).includes(principal.accountId);
  }

  private leagueOf(game: GameRef, table: { leagueId: string } | undefined): string | null {
    if (table) return table.leagueId;
    return game.league !== null && this.directory.leagueExists(game.league) ? game.league : null;
  }

  private isOrganiser(leagueId: string, principal: AccountPrincipal): boolean {
    return this.directory.roleIn(leagueId, principal.accountId) === 'organiser';
  }

  private notVisible(principal: Principal, game: GameRef): Forbidden {
    if (principal.kind !== 'account') return new Forbidden('SIGN_IN_REQUIRED', "Sign in as one of its league's members to see this game", { gameId: game.gameId });
    if (!principal.scopes.includes('read')) return new Forbidden('SCOPE_REQUIRED', 'This API token lacks the "read" scope', { scope: 'read' });
    return new Forbidden('NOT_A_MEMBER', "Only the members of this game's league or class may see it", { gameId: game.gameId });
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

function notAReferee(leagueId: string | null, details: Record<string, unknown>): Forbidden {
  const message =
    leagueId === null
      ? "Only this game's referees may referee it: the account that created it and the referees it named"
      : "Only the organisers of this game's league may referee it";
  return new Forbidden('NOT_A_REFEREE', message, details);
}
