import { registerEnumType } from '@nestjs/graphql';
import type {
  AuditFlagKind,
  GameType,
  LeagueKind,
  LeagueRole,
  LeagueVisibility,
  ParticipantKind,
  Scope,
  SeasonExportPart,
  StandingsChangeReason,
  TradeSide,
} from '@corbeille/identity';

/** GraphQL enums mirror the domain's names; `satisfies` keeps them in step with it. */
export const ScopeEnum = { READ: 'read', PLAY: 'play', REFEREE: 'referee', ADMIN: 'admin' } as const satisfies Record<string, Scope>;
registerEnumType(ScopeEnum, {
  name: 'Scope',
  description: 'What a credential may do. Sessions hold all four; an API token the ones it was created with.',
  valuesMap: {
    READ: { description: 'Read leagues and standings, and see games as a player or referee rather than a spectator.' },
    PLAY: { description: "Make moves for the account's own seats." },
    REFEREE: { description: "Referee games of leagues the account organises, and play their bots' seats." },
    ADMIN: { description: 'Manage the API tokens and the leagues the account organises.' },
  },
});

export const LeagueKindEnum = { LEAGUE: 'league', CLASS: 'class' } as const satisfies Record<string, LeagueKind>;
registerEnumType(LeagueKindEnum, {
  name: 'LeagueKind',
  valuesMap: {
    LEAGUE: { description: 'A club: organisers, players, spectators.' },
    CLASS: { description: 'A class: its organisers are teachers and its players students.' },
  },
});

export const LeagueVisibilityEnum = { PUBLIC: 'public', MEMBERS: 'members' } as const satisfies Record<string, LeagueVisibility>;
registerEnumType(LeagueVisibilityEnum, {
  name: 'LeagueVisibility',
  description: "Who may see a league's games (its tables, their events, audit trail and live views).",
  valuesMap: {
    PUBLIC: { description: 'Anyone, signed in or not (hidden information stays hidden).' },
    MEMBERS: { description: "The league's members only (always so for a class: its teachers and students)." },
  },
});

export const LeagueRoleEnum = { ORGANISER: 'organiser', PLAYER: 'player', SPECTATOR: 'spectator' } as const satisfies Record<
  string,
  LeagueRole
>;
registerEnumType(LeagueRoleEnum, {
  name: 'LeagueRole',
  valuesMap: {
    ORGANISER: { description: 'Manages the league and referees its tables (the teacher of a class).' },
    PLAYER: { description: 'Can be seated at its tables (a student of a class).' },
    SPECTATOR: { description: 'Follows the league.' },
  },
});

export const LeagueGameTypeEnum = { STOCK_TICKER: 'stock-ticker', MAXI_BOURSE: 'maxi-bourse', BOLSA: 'bolsa' } as const satisfies Record<
  string,
  GameType
>;
registerEnumType(LeagueGameTypeEnum, { name: 'LeagueGameType', description: 'The rules a league table is played with.' });

export const SeatKindEnum = { ACCOUNT: 'account', BOT: 'bot' } as const;
registerEnumType(SeatKindEnum, { name: 'SeatKind' });

export const ParticipantKindEnum = { ACCOUNT: 'account', BOT: 'bot', GUEST: 'guest' } as const satisfies Record<string, ParticipantKind>;
registerEnumType(ParticipantKindEnum, {
  name: 'ParticipantKind',
  valuesMap: {
    ACCOUNT: { description: 'An account: seated by the organisers, or a member who joined under their account id.' },
    BOT: { description: 'A bot seat, counted by its player id.' },
    GUEST: { description: 'A player id linked to no account.' },
  },
});

export const SeasonStatusEnum = { OPEN: 'open', CLOSED: 'closed' } as const;
export type SeasonStatusValue = (typeof SeasonStatusEnum)[keyof typeof SeasonStatusEnum];
registerEnumType(SeasonStatusEnum, { name: 'SeasonStatus' });

export const StandingChangeReasonEnum = {
  GAME_RESULT: 'GAME_RESULT',
  RESULT_CORRECTED: 'RESULT_CORRECTED',
  TABLE_SCHEDULED: 'TABLE_SCHEDULED',
  SEATING_CHANGED: 'SEATING_CHANGED',
  MEMBERSHIP_CHANGED: 'MEMBERSHIP_CHANGED',
} as const satisfies { [Reason in StandingsChangeReason]: Reason };
registerEnumType(StandingChangeReasonEnum, {
  name: 'StandingChangeReason',
  valuesMap: {
    GAME_RESULT: { description: 'A table of the season finished.' },
    RESULT_CORRECTED: { description: "A table's result was recorded again." },
    TABLE_SCHEDULED: { description: 'An already finished game was scheduled as a table.' },
    SEATING_CHANGED: { description: 'A seat of a finished table was given to someone else.' },
    MEMBERSHIP_CHANGED: { description: 'A member joined whose own account id had played at a table.' },
  },
});

export const SeasonExportFormatEnum = { CSV: 'csv', JSON: 'json' } as const;
export type SeasonExportFormatValue = (typeof SeasonExportFormatEnum)[keyof typeof SeasonExportFormatEnum];
registerEnumType(SeasonExportFormatEnum, { name: 'SeasonExportFormat' });

export const SeasonExportPartEnum = { ALL: 'all', STANDINGS: 'standings', RESULTS: 'results' } as const satisfies Record<
  string,
  SeasonExportPart
>;
registerEnumType(SeasonExportPartEnum, {
  name: 'SeasonExportPart',
  valuesMap: {
    ALL: { description: 'Standings, then results (in CSV: two tables separated by an empty line).' },
    STANDINGS: { description: 'The standings only.' },
    RESULTS: { description: 'One row per player and counted game.' },
  },
});

export const CredentialKindEnum = { SESSION: 'session', API_TOKEN: 'api-token' } as const;
registerEnumType(CredentialKindEnum, { name: 'CredentialKind', description: 'How a request was signed in.' });

export const ClassTradeTypeEnum = { BUY: 'buy', SELL: 'sell' } as const satisfies Record<string, TradeSide>;
registerEnumType(ClassTradeTypeEnum, { name: 'ClassTradeType', description: 'A purchase or a sale.' });

export const ClassFlagKindEnum = {
  OFF_MARKET_PRICE: 'off-market-price',
  IDENTICAL_PLANS: 'identical-plans',
  MIRRORED_PLANS: 'mirrored-plans',
  REPEATED_PENALTIES: 'repeated-penalties',
} as const satisfies Record<string, AuditFlagKind>;
registerEnumType(ClassFlagKindEnum, {
  name: 'ClassFlagKind',
  description: 'Patterns of a class\'s trades a teacher may want to look at.',
  valuesMap: {
    OFF_MARKET_PRICE: { description: 'A trade between two players far from the market price (Maxi Bourse premium sales, for instance).' },
    IDENTICAL_PLANS: { description: 'Two players of a BOLSA game handed in the same plan (with a sale or a purchase) the same month.' },
    MIRRORED_PLANS: { description: 'Two players of a BOLSA game handed in plans that swap sales and purchases the same month.' },
    REPEATED_PENALTIES: { description: "A participant was fined again and again for not paying (Maxi Bourse's careless player)." },
  },
});
