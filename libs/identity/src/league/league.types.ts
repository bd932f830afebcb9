import type { JsonObject } from '../json';

export const LEAGUE_KINDS = ['league', 'class'] as const;
export type LeagueKind = (typeof LEAGUE_KINDS)[number];

/** Organisers (teachers in a class) referee; players (students) are seated; spectators watch. */
export const LEAGUE_ROLES = ['organiser', 'player', 'spectator'] as const;
export type LeagueRole = (typeof LEAGUE_ROLES)[number];

/**
 * Who may see a league's games: anyone (`public`) or its members only (`members`). A class's games are
 * always for its members (students' names, cash and trades are theirs and their teachers').
 */
export const LEAGUE_VISIBILITIES = ['public', 'members'] as const;
export type LeagueVisibility = (typeof LEAGUE_VISIBILITIES)[number];

/** A league's games are public unless its organisers say otherwise; a class's are for its members. */
export function defaultVisibility(kind: LeagueKind): LeagueVisibility {
  return kind === 'class' ? 'members' : 'public';
}

/** The rules a table may be played with. */
export const GAME_TYPES = ['stock-ticker', 'maxi-bourse', 'bolsa'] as const;
export type GameType = (typeof GAME_TYPES)[number];

/** Points by placement: index 0 is first place; places past the end score 0. */
export const DEFAULT_SCORING: readonly number[] = [10, 6, 4, 3, 2, 1];

/** Who sits in a seat: an account, or a bot the referee plays for. */
export type Seat = { readonly kind: 'account'; readonly accountId: string } | { readonly kind: 'bot'; readonly strategy: string | null };

export interface SeatAssignment {
  readonly playerId: string;
  readonly seat: Seat;
  readonly seatedAt: string;
}

export interface LeagueMember {
  readonly accountId: string;
  readonly role: LeagueRole;
  readonly addedAt: string;
}

export interface LeagueTable {
  readonly tableId: string;
  readonly seasonId: string;
  readonly gameType: GameType;
  readonly gameId: string;
  readonly options: JsonObject;
  readonly scheduledAt: string;
  readonly seats: readonly SeatAssignment[];
}

export interface LeagueSeason {
  readonly seasonId: string;
  readonly name: string;
  readonly createdAt: string;
  readonly closedAt: string | null;
  readonly tables: readonly LeagueTable[];
}

export interface ActiveLeague {
  readonly status: 'active';
  readonly leagueId: string;
  readonly name: string;
  readonly kind: LeagueKind;
  readonly scoring: readonly number[];
  readonly createdBy: string;
  readonly createdAt: string;
  /** Absent in leagues recorded before the setting existed: read it with `visibilityOf`. */
  readonly visibility?: LeagueVisibility;
  readonly members: readonly LeagueMember[];
  readonly seasons: readonly LeagueSeason[];
}

export type LeagueState = { readonly status: 'none' } | ActiveLeague;

/**
 * A trade at one of a league's tables, as notes refer to it: the game, the revision of the event that
 * recorded the trade in the game's stream, and the seat that traded (one event may record a trade of
 * two seats, e.g. a Maxi Bourse sale between players).
 */
export interface TradeRef {
  readonly gameType: GameType;
  readonly gameId: string;
  readonly revision: number;
  readonly playerId: string;
}

/** Every command names the account sending it: only organisers manage a league. */
export type LeagueCommand =
  | {
      type: 'CreateLeague';
      data: { actorId: string; leagueId: string; name: string; kind: LeagueKind; scoring?: readonly number[] | null; visibility?: LeagueVisibility | null };
    }
  | { type: 'SetLeagueVisibility'; data: { actorId: string; visibility: LeagueVisibility } }
  | { type: 'AddLeagueMember'; data: { actorId: string; accountId: string; role: LeagueRole } }
  | { type: 'CreateSeason'; data: { actorId: string; seasonId: string; name: string } }
  | {
      type: 'ScheduleTable';
      data: { actorId: string; seasonId: string; tableId: string; gameType: string; gameId: string; options?: unknown };
    }
  | { type: 'SeatPlayer'; data: { actorId: string; tableId: string; playerId: string; seat: Seat } }
  | { type: 'CloseSeason'; data: { actorId: string; seasonId: string } }
  /** A teacher's note on a trade: a comment, a flag and a rubric score, any of them. */
  | {
      type: 'AnnotateTrade';
      data: {
        actorId: string;
        annotationId: string;
        trade: TradeRef;
        comment?: string | null;
        flagged?: boolean | null;
        score?: number | null;
      };
    }
  /** A student's short rationale for one of their own trades (the trade journal); a new one replaces the last. */
  | { type: 'RecordTradeRationale'; data: { actorId: string; trade: TradeRef; rationale: string } };

export type LeagueEvent =
  | {
      type: 'LeagueCreated';
      data: { leagueId: string; name: string; kind: LeagueKind; scoring: number[]; createdBy: string; createdAt: string; visibility?: LeagueVisibility };
    }
  | { type: 'LeagueVisibilityChanged'; data: { leagueId: string; from: LeagueVisibility; to: LeagueVisibility; changedAt: string } }
  | { type: 'LeagueMemberAdded'; data: { leagueId: string; accountId: string; role: LeagueRole; addedAt: string } }
  | {
      type: 'LeagueMemberRoleChanged';
      data: { leagueId: string; accountId: string; from: LeagueRole; to: LeagueRole; changedAt: string };
    }
  | { type: 'SeasonCreated'; data: { leagueId: string; seasonId: string; name: string; createdAt: string } }
  | {
      type: 'TableScheduled';
      data: {
        leagueId: string;
        seasonId: string;
        tableId: string;
        gameType: GameType;
        gameId: string;
        options: JsonObject;
        scheduledAt: string;
      };
    }
  | {
      type: 'PlayerSeated';
      data: {
        leagueId: string;
        seasonId: string;
        tableId: string;
        playerId: string;
        seat: Seat;
        /** Who sat there before, when the seat is reassigned. */
        previous: Seat | null;
        seatedAt: string;
      };
    }
  | { type: 'SeasonClosed'; data: { leagueId: string; seasonId: string; closedAt: string } }
  | {
      type: 'TradeAnnotated';
      data: {
        leagueId: string;
        annotationId: string;
        tradeId: string;
        trade: TradeRef;
        tableId: string;
        authorId: string;
        comment: string | null;
        flagged: boolean;
        score: number | null;
        annotatedAt: string;
      };
    }
  | {
      type: 'TradeRationaleRecorded';
      data: { leagueId: string; tradeId: string; trade: TradeRef; tableId: string; authorId: string; rationale: string; recordedAt: string };
    };

export type LeagueEventType = LeagueEvent['type'];

/** Who may see the league's games (leagues recorded before the setting have their kind's default). */
export function visibilityOf(league: Pick<ActiveLeague, 'kind' | 'visibility'>): LeagueVisibility {
  return league.kind === 'class' ? 'members' : (league.visibility ?? defaultVisibility(league.kind));
}
