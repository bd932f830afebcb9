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
      readonly via: 'session' | 'api-token';
    };

export const ANONYMOUS: Principal = { kind: 'anonymous' };

/** The game a request concerns. */
export interface GameRef {
  readonly gameType: string;
  readonly gameId: string;
  readonly league: string | null;
}

/** A command as the policy sees it: its type and the seat it acts for (none for referee commands). */
export interface CommandRef {
  readonly type: string;
  readonly actingPlayerId: string | undefined;
}

export interface GameAccessPolicy {
  /** What this principal is in the game: a seated player, a referee, or a spectator. */
  viewerFor(principal: Principal, game: GameRef): Promise<Viewer>;
  /** Throws a Forbidden domain error unless the principal may issue the command. */
  assertMayIssue(principal: Principal, game: GameRef, command: CommandRef): Promise<void>;
}

export const GAME_ACCESS_POLICY = Symbol('GAME_ACCESS_POLICY');
