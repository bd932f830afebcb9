import type { Viewer } from '@corbeille/kernel';

/**
 * Who sent a request. Every game command and every read of a game goes through the
 * GameAccessPolicy with the request's principal: one place decides who may act and what they may see.
 */
export type Scope = 'read' | 'play' | 'referee' | 'admin';

export type Principal =
  | { readonly kind: 'anonymous' }
  | {
      readonly kind: 'account';
      readonly accountId: string;
      readonly displayName: string;
      /** Granted scopes: a signed-in session has all its account's; an API token only those it was created with. */
      readonly scopes: readonly Scope[];
      /** `live-ticket`: a short-lived, read-only ticket that only opens graphql-ws subscriptions. */
      readonly via: 'session' | 'api-token' | 'live-ticket';
    };

export const ANONYMOUS: Principal = { kind: 'anonymous' };

/** The game a request concerns. */
export interface GameRef {
  readonly gameType: string;
  readonly gameId: string;
  readonly league: string | null;
  /** The account that created it (its first event's metadata); null for a game not created yet, or created without an account. */
  readonly createdBy?: string | null;
  /** The player ids seated in the game itself (its read model), e.g. who joined a game outside any league. */
  readonly seatedPlayerIds?: readonly string[];
}

/** A command as the policy sees it: its type and the seat it acts for (none for referee commands). */
export interface CommandRef {
  readonly type: string;
  readonly actingPlayerId: string | undefined;
}

export interface GameAccessPolicy {
  /**
   * Whether the principal may see the game at all (every read path asks: queries, events, audit trail,
   * exports, subscriptions, time travel, fairness, disputes). A game of a members-only league or of a
   * class is for its members; other games are for everyone.
   */
  mayRead(principal: Principal, game: GameRef): Promise<boolean>;
  /** What this principal is in the game: a seated player, a referee, or a spectator. Forbidden unless `mayRead`. */
  viewerFor(principal: Principal, game: GameRef): Promise<Viewer>;
  /** Throws a Forbidden domain error unless the principal may issue the command. */
  assertMayIssue(principal: Principal, game: GameRef, command: CommandRef): Promise<void>;
}

export const GAME_ACCESS_POLICY = Symbol('GAME_ACCESS_POLICY');
