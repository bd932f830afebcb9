import {
  ConcurrencyConflict,
  Forbidden,
  InvalidInput,
  NotFound,
  RuleViolation,
  assertNever,
  isValidId,
  type Decider,
  type DecisionContext,
} from '@corbeille/kernel';
import { checkAnnotation, checkRationale, checkTradeRef, requireTradeOwner, tableOfTrade, tradeIdOf } from '../classes/trade-notes';
import { checkJsonObject } from '../json';
import { cleanName } from '../validation';
import {
  DEFAULT_SCORING,
  GAME_TYPES,
  LEAGUE_KINDS,
  LEAGUE_ROLES,
  LEAGUE_VISIBILITIES,
  defaultVisibility,
  visibilityOf,
  type LeagueVisibility,
  type ActiveLeague,
  type GameType,
  type LeagueCommand,
  type LeagueEvent,
  type LeagueKind,
  type LeagueRole,
  type LeagueSeason,
  type LeagueState,
  type LeagueTable,
  type Seat,
} from './league.types';

export const MAX_LEAGUE_NAME_LENGTH = 80;
export const MAX_SEASON_NAME_LENGTH = 80;
export const MAX_SCORING_PLACES = 32;
export const MAX_POINTS_PER_PLACE = 1000;
export const MAX_MEMBERS = 1000;
export const MAX_SEATS_PER_TABLE = 12;
export const MAX_TABLE_OPTIONS_LENGTH = 4096;
const BOT_STRATEGY = /^[a-z][a-z0-9-]{0,31}$/;

export const initialLeagueState = (): LeagueState => ({ status: 'none' });

/** How a role is called in a league of this kind: in a class the organiser is the teacher, players are students. */
export function roleTitle(kind: LeagueKind, role: LeagueRole): string {
  if (kind === 'class') return role === 'organiser' ? 'teacher' : role === 'player' ? 'student' : 'spectator';
  return role;
}

export function roleOf(league: ActiveLeague, accountId: string): LeagueRole | undefined {
  return league.members.find((member) => member.accountId === accountId)?.role;
}

export function findSeason(league: ActiveLeague, seasonId: string): LeagueSeason | undefined {
  return league.seasons.find((season) => season.seasonId === seasonId);
}

export function findTable(league: ActiveLeague, tableId: string): LeagueTable | undefined {
  for (const season of league.seasons) {
    const table = season.tables.find((candidate) => candidate.tableId === tableId);
    if (table) return table;
  }
  return undefined;
}

/** Points by placement: non-negative integers, best place first, never more for a worse place. */
export function checkScoring(scoring: readonly number[]): number[] {
  const valid =
    scoring.length >= 1 &&
    scoring.length <= MAX_SCORING_PLACES &&
    scoring.every((points) => Number.isInteger(points) && points >= 0 && points <= MAX_POINTS_PER_PLACE) &&
    scoring.every((points, index) => index === 0 || points <= (scoring[index - 1] ?? points));
  if (!valid) {
    throw new InvalidInput(
      'INVALID_SCORING',
      `The scoring table lists the points of each place, best first: 1 to ${MAX_SCORING_PLACES} whole numbers from 0 to ${MAX_POINTS_PER_PLACE}, never increasing`,
      { scoring: [...scoring] },
    );
  }
  return [...scoring];
}

export function decideLeague(state: LeagueState, command: LeagueCommand, context: DecisionContext): LeagueEvent[] {
  const now = context.now;
  if (command.type === 'CreateLeague') {
    if (state.status === 'active') {
      throw new ConcurrencyConflict('LEAGUE_EXISTS', 'This league already exists', { leagueId: state.leagueId });
    }
    const { actorId, leagueId, kind } = command.data;
    checkId(leagueId, 'leagueId');
    if (!LEAGUE_KINDS.includes(kind)) throw new InvalidInput('UNKNOWN_LEAGUE_KIND', `Unknown league kind "${kind}"`, { kind });
    const visibility = checkVisibility(kind, command.data.visibility ?? defaultVisibility(kind));
    return [
      {
        type: 'LeagueCreated',
        data: {
          leagueId,
          name: cleanName(command.data.name, 'name', MAX_LEAGUE_NAME_LENGTH),
          kind,
          scoring: checkScoring(command.data.scoring ?? DEFAULT_SCORING),
          createdBy: actorId,
          createdAt: now,
          visibility,
        },
      },
      { type: 'LeagueMemberAdded', data: { leagueId, accountId: actorId, role: 'organiser', addedAt: now } },
    ];
  }

  if (command.type === 'RecordTradeRationale') {
    const league = memberLeague(state, command.data.actorId);
    const trade = checkTradeRef(command.data.trade);
    const table = tableOfTrade(league, trade);
    requireTradeOwner(league, table, trade, command.data.actorId);
    const rationale = checkRationale(command.data.rationale);
    return [
      {
        type: 'TradeRationaleRecorded',
        data: {
          leagueId: league.leagueId,
          tradeId: tradeIdOf(trade),
          trade,
          tableId: table.tableId,
          authorId: command.data.actorId,
          rationale,
          recordedAt: now,
        },
      },
    ];
  }

  const league = organisedBy(state, command.data.actorId);
  const { leagueId } = league;
  switch (command.type) {
    case 'AnnotateTrade': {
      const { annotationId, actorId } = command.data;
      checkId(annotationId, 'annotationId');
      const trade = checkTradeRef(command.data.trade);
      const table = tableOfTrade(league, trade);
      const { comment, flagged, score } = checkAnnotation(command.data);
      return [
        {
          type: 'TradeAnnotated',
          data: {
            leagueId,
            annotationId,
            tradeId: tradeIdOf(trade),
            trade,
            tableId: table.tableId,
            authorId: actorId,
            comment,
            flagged,
            score,
            annotatedAt: now,
          },
        },
      ];
    }
    case 'AddLeagueMember': {
      const { accountId, role } = command.data;
      checkId(accountId, 'accountId');
      if (!LEAGUE_ROLES.includes(role)) throw new InvalidInput('UNKNOWN_ROLE', `Unknown role "${role}"`, { role });
      const current = roleOf(league, accountId);
      if (current === role) return [];
      if (current === undefined) {
        if (league.members.length >= MAX_MEMBERS) {
          throw new RuleViolation('TOO_MANY_MEMBERS', `A league has at most ${MAX_MEMBERS} members`, { max: MAX_MEMBERS });
        }
        return [{ type: 'LeagueMemberAdded', data: { leagueId, accountId, role, addedAt: now } }];
      }
      if (current === 'organiser' && league.members.filter((member) => member.role === 'organiser').length === 1) {
        throw new RuleViolation('LAST_ORGANISER', `A ${league.kind} keeps at least one ${roleTitle(league.kind, 'organiser')}`, {
          accountId,
        });
      }
      return [{ type: 'LeagueMemberRoleChanged', data: { leagueId, accountId, from: current, to: role, changedAt: now } }];
    }
    case 'CreateSeason': {
      const { seasonId } = command.data;
      checkId(seasonId, 'seasonId');
      if (findSeason(league, seasonId)) throw new ConcurrencyConflict('SEASON_EXISTS', 'This season already exists', { seasonId });
      const name = cleanName(command.data.name, 'name', MAX_SEASON_NAME_LENGTH);
      return [{ type: 'SeasonCreated', data: { leagueId, seasonId, name, createdAt: now } }];
    }
    case 'ScheduleTable': {
      const { seasonId, tableId, gameId } = command.data;
      const season = openSeason(league, seasonId);
      checkId(tableId, 'tableId');
      checkId(gameId, 'gameId');
      const gameType = checkGameType(command.data.gameType);
      if (findTable(league, tableId)) throw new ConcurrencyConflict('TABLE_EXISTS', 'This table already exists', { tableId });
      const scheduled = league.seasons.flatMap((candidate) => candidate.tables).find(
        (table) => table.gameType === gameType && table.gameId === gameId,
      );
      if (scheduled) {
        throw new ConcurrencyConflict('GAME_ALREADY_SCHEDULED', `The game ${gameType}/${gameId} is already a table of this ${league.kind}`, {
          gameType,
          gameId,
          tableId: scheduled.tableId,
        });
      }
      const options = checkJsonObject(command.data.options ?? {}, 'options', MAX_TABLE_OPTIONS_LENGTH);
      return [
        {
          type: 'TableScheduled',
          data: { leagueId, seasonId: season.seasonId, tableId, gameType, gameId, options, scheduledAt: now },
        },
      ];
    }
    case 'SeatPlayer': {
      const { tableId, playerId, seat } = command.data;
      const table = findTable(league, tableId);
      if (!table) throw new NotFound('TABLE_NOT_FOUND', `There is no table with id "${tableId}" in this ${league.kind}`, { tableId });
      openSeason(league, table.seasonId);
      checkId(playerId, 'playerId');
      checkSeat(league, seat);
      const current = table.seats.find((assignment) => assignment.playerId === playerId);
      if (current && sameSeat(current.seat, seat)) return [];
      if (seat.kind === 'account') {
        const elsewhere = table.seats.find(
          (assignment) => assignment.playerId !== playerId && assignment.seat.kind === 'account' && assignment.seat.accountId === seat.accountId,
        );
        if (elsewhere) {
          throw new RuleViolation('ALREADY_SEATED', `This account already sits at the table as "${elsewhere.playerId}"`, {
            accountId: seat.accountId,
            playerId: elsewhere.playerId,
          });
        }
      }
      if (!current && table.seats.length >= MAX_SEATS_PER_TABLE) {
        throw new RuleViolation('TABLE_FULL', `A table has at most ${MAX_SEATS_PER_TABLE} seats`, { max: MAX_SEATS_PER_TABLE });
      }
      return [
        {
          type: 'PlayerSeated',
          data: { leagueId, seasonId: table.seasonId, tableId, playerId, seat, previous: current?.seat ?? null, seatedAt: now },
        },
      ];
    }
    case 'SetLeagueVisibility': {
      const to = checkVisibility(league.kind, command.data.visibility);
      const from = visibilityOf(league);
      if (from === to) return [];
      return [{ type: 'LeagueVisibilityChanged', data: { leagueId, from, to, changedAt: now } }];
    }
    case 'CloseSeason': {
      const season = findSeason(league, command.data.seasonId);
      if (!season) throw seasonNotFound(league, command.data.seasonId);
      if (season.closedAt !== null) return [];
      return [{ type: 'SeasonClosed', data: { leagueId, seasonId: season.seasonId, closedAt: now } }];
    }
    default:
      return assertNever(command, 'league command');
  }
}

export function evolveLeague(state: LeagueState, event: LeagueEvent): LeagueState {
  if (event.type === 'LeagueCreated') {
    const { leagueId, name, kind, scoring, createdBy, createdAt } = event.data;
    const visibility = event.data.visibility ?? defaultVisibility(kind);
    return { status: 'active', leagueId, name, kind, scoring, createdBy, createdAt, visibility, members: [], seasons: [] };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'LeagueMemberAdded': {
      const { accountId, role, addedAt } = event.data;
      return { ...state, members: [...state.members, { accountId, role, addedAt }] };
    }
    case 'LeagueMemberRoleChanged':
      return {
        ...state,
        members: state.members.map((member) => (member.accountId === event.data.accountId ? { ...member, role: event.data.to } : member)),
      };
    case 'SeasonCreated': {
      const { seasonId, name, createdAt } = event.data;
      return { ...state, seasons: [...state.seasons, { seasonId, name, createdAt, closedAt: null, tables: [] }] };
    }
    case 'TableScheduled': {
      const { seasonId, tableId, gameType, gameId, options, scheduledAt } = event.data;
      const table: LeagueTable = { tableId, seasonId, gameType, gameId, options, scheduledAt, seats: [] };
      return updateSeason(state, seasonId, (season) => ({ ...season, tables: [...season.tables, table] }));
    }
    case 'PlayerSeated': {
      const { seasonId, tableId, playerId, seat, seatedAt } = event.data;
      return updateSeason(state, seasonId, (season) => ({
        ...season,
        tables: season.tables.map((table) => {
          if (table.tableId !== tableId) return table;
          const assignment = { playerId, seat, seatedAt };
          const seated = table.seats.some((candidate) => candidate.playerId === playerId);
          return {
            ...table,
            seats: seated
              ? table.seats.map((candidate) => (candidate.playerId === playerId ? assignment : candidate))
              : [...table.seats, assignment],
          };
        }),
      }));
    }
    case 'LeagueVisibilityChanged':
      return { ...state, visibility: event.data.to };
    case 'SeasonClosed':
      return updateSeason(state, event.data.seasonId, (season) => ({ ...season, closedAt: event.data.closedAt }));
    // Notes on trades live in the read models; no decision depends on them.
    case 'TradeAnnotated':
    case 'TradeRationaleRecorded':
      return state;
    default:
      return assertNever(event, 'league event');
  }
}

/** Leagues and classes with their members, seasons, tables and seats, one stream per league (`league-<leagueId>`). */
export const leagueDecider: Pick<Decider<LeagueState, LeagueCommand, LeagueEvent>, 'initialState' | 'decide' | 'evolve'> = {
  initialState: initialLeagueState,
  decide: decideLeague,
  evolve: evolveLeague,
};

/** A class's games show students' names, cash and trades: they stay with its members. */
function checkVisibility(kind: LeagueKind, visibility: LeagueVisibility): LeagueVisibility {
  if (!LEAGUE_VISIBILITIES.includes(visibility)) {
    throw new InvalidInput('UNKNOWN_VISIBILITY', `Unknown visibility "${String(visibility)}"`, { visibility });
  }
  if (kind === 'class' && visibility !== 'members') {
    throw new RuleViolation('CLASS_GAMES_PRIVATE', "A class's games are seen by its teachers and students only", { visibility });
  }
  return visibility;
}

function organisedBy(state: LeagueState, actorId: string): ActiveLeague {
  if (state.status !== 'active') throw new NotFound('LEAGUE_NOT_FOUND', 'There is no such league');
  if (roleOf(state, actorId) !== 'organiser') {
    const title = roleTitle(state.kind, 'organiser');
    throw new Forbidden('NOT_AN_ORGANISER', `Only the ${title}s of this ${state.kind} may manage it`, { leagueId: state.leagueId });
  }
  return state;
}

function memberLeague(state: LeagueState, actorId: string): ActiveLeague {
  if (state.status !== 'active') throw new NotFound('LEAGUE_NOT_FOUND', 'There is no such league');
  if (roleOf(state, actorId) === undefined) {
    throw new Forbidden('NOT_A_MEMBER', `Only members of this ${state.kind} may write in it`, { leagueId: state.leagueId });
  }
  return state;
}

function openSeason(league: ActiveLeague, seasonId: string): LeagueSeason {
  const season = findSeason(league, seasonId);
  if (!season) throw seasonNotFound(league, seasonId);
  if (season.closedAt !== null) {
    throw new RuleViolation('SEASON_CLOSED', `The season "${season.name}" is closed`, { seasonId, closedAt: season.closedAt });
  }
  return season;
}

function seasonNotFound(league: ActiveLeague, seasonId: string): NotFound {
  return new NotFound('SEASON_NOT_FOUND', `There is no season with id "${seasonId}" in this ${league.kind}`, { seasonId });
}

function checkSeat(league: ActiveLeague, seat: Seat): void {
  if (seat.kind === 'bot') {
    if (seat.strategy !== null && !BOT_STRATEGY.test(seat.strategy)) {
      throw new InvalidInput('INVALID_BOT_STRATEGY', 'A bot strategy is a short lower-case name', { strategy: seat.strategy });
    }
    return;
  }
  const role = roleOf(league, seat.accountId);
  if (role === undefined) {
    throw new RuleViolation('NOT_A_MEMBER', `Only members of this ${league.kind} can be seated`, { accountId: seat.accountId });
  }
  if (role === 'spectator') {
    throw new RuleViolation('SPECTATOR_CANNOT_PLAY', 'Spectators cannot be seated; make them players first', {
      accountId: seat.accountId,
    });
  }
}

function sameSeat(a: Seat, b: Seat): boolean {
  if (a.kind === 'account') return b.kind === 'account' && a.accountId === b.accountId;
  return b.kind === 'bot' && a.strategy === b.strategy;
}

function checkId(value: string, field: string): void {
  if (!isValidId(value)) throw new InvalidInput('INVALID_ID', `${field} must be a UUID or a short slug`, { field });
}

function checkGameType(gameType: string): GameType {
  const known = GAME_TYPES.find((candidate) => candidate === gameType);
  if (!known) throw new InvalidInput('UNKNOWN_GAME_TYPE', `Unknown game type "${gameType}"`, { gameType, known: [...GAME_TYPES] });
  return known;
}

function updateSeason(state: ActiveLeague, seasonId: string, change: (season: LeagueSeason) => LeagueSeason): ActiveLeague {
  return { ...state, seasons: state.seasons.map((season) => (season.seasonId === seasonId ? change(season) : season)) };
}
