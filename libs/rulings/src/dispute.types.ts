import type { Adjustment } from './remedies';

/** Streams: one per dispute, one per game for its dispute settings. */
export const DISPUTE_STREAM_PREFIX = 'dispute-';
export const DISPUTE_SETTINGS_STREAM_PREFIX = 'dispute-settings-';

export const disputeStreamId = (disputeId: string) => `${DISPUTE_STREAM_PREFIX}${disputeId}`;
export const disputeSettingsStreamId = (gameId: string) => `${DISPUTE_SETTINGS_STREAM_PREFIX}${gameId}`;

/** Which side opened the dispute: a seated player or the game's referee (organiser, teacher). */
export type DisputantRole = 'player' | 'referee';

/** The remedy of an upheld dispute. */
export type Remedy =
  | { readonly kind: 'correction'; readonly adjustments: readonly Adjustment[] }
  | { readonly kind: 'rewind'; readonly afterRevision: number };

export interface DisputedEvent {
  readonly revision: number;
  readonly position: number;
  readonly eventId: string;
  readonly type: string;
}

export interface OpenDisputeData {
  readonly disputeId: string;
  readonly gameType: string;
  readonly gameId: string;
  readonly league: string | null;
  readonly event: DisputedEvent;
  readonly claim: string;
  /** Account id of who opened it. */
  readonly openedBy: string;
  readonly openedAs: DisputantRole;
  /** The seat of the player who opened it (null for a referee). */
  readonly playerId: string | null;
  /** Whether the game is paused until the ruling (the game's dispute settings at the time). */
  readonly pausesGame: boolean;
}

export type DisputeCommand =
  | { readonly type: 'OpenDispute'; readonly data: OpenDisputeData }
  | { readonly type: 'RejectDispute'; readonly data: { readonly reason: string; readonly by: string } }
  | {
      readonly type: 'UpholdDispute';
      readonly data: {
        readonly remedy: Remedy;
        readonly reason: string;
        readonly by: string;
        /** The game stream's revisions the remedy wrote (its compensating events or rewind marker). */
        readonly remedyRevisions: readonly number[];
      };
    };

export type DisputeEvent =
  | { readonly type: 'DisputeOpened'; readonly data: OpenDisputeData & { readonly openedAt: string } }
  | { readonly type: 'DisputeRejected'; readonly data: { readonly disputeId: string; readonly reason: string; readonly by: string; readonly ruledAt: string } }
  | {
      readonly type: 'DisputeUpheld';
      readonly data: {
        readonly disputeId: string;
        readonly remedy: Remedy;
        readonly reason: string;
        readonly by: string;
        readonly ruledAt: string;
        readonly remedyRevisions: readonly number[];
      };
    };

export type DisputeStatus = 'open' | 'rejected' | 'upheld';

export interface DisputeRuling {
  readonly outcome: 'rejected' | 'upheld';
  readonly reason: string;
  readonly by: string;
  readonly ruledAt: string;
  readonly remedy: Remedy | null;
  readonly remedyRevisions: readonly number[];
}

export type DisputeState =
  | { readonly status: 'none' }
  | ({ readonly status: DisputeStatus; readonly openedAt: string; readonly ruling: DisputeRuling | null } & OpenDisputeData);

export type OpenedDispute = Exclude<DisputeState, { status: 'none' }>;

export interface DisputeSettings {
  readonly pauseOnDispute: boolean;
}

export type DisputeSettingsCommand = { readonly type: 'ChangeDisputeSettings'; readonly data: DisputeSettings & { readonly gameId: string; readonly by: string } };
export type DisputeSettingsEvent = {
  readonly type: 'DisputeSettingsChanged';
  readonly data: DisputeSettings & { readonly gameId: string; readonly by: string; readonly changedAt: string };
};
