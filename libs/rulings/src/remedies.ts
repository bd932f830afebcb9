import { RuleViolation } from '@corbeille/kernel';

/**
 * One change a referee's correction makes to a game. Amounts are in the game's own money unit (cents for
 * Stock Ticker, euros for BOLSA, dollars for Maxi Bourse); `stock` is the game's stock or company id.
 */
export type Adjustment =
  /** Adds `delta` (may be negative) to a player's cash. */
  | { readonly kind: 'cash'; readonly playerId: string; readonly delta: number }
  /** Adds `delta` shares (may be negative) to a player's holding of a stock. */
  | { readonly kind: 'holding'; readonly playerId: string; readonly stock: string; readonly delta: number }
  /** Sets a stock's price to `to` (a price the game's board can show). */
  | { readonly kind: 'price'; readonly stock: string; readonly to: number };

export type AdjustmentKind = Adjustment['kind'];

/**
 * A game's pure correction function: the state with the adjustments applied, or a CorrectionRefused
 * when they would break the game's invariants (negative cash or holdings, prices off the board, shares
 * not conserved).
 */
export type ApplyCorrection<State> = (state: State, adjustments: readonly Adjustment[]) => State;

/** A correction that cannot be applied, with a message a referee can act on. */
export class CorrectionRefused extends RuleViolation {
  constructor(code: string, message: string, details: Readonly<Record<string, unknown>> = {}) {
    super(code, message, details);
  }
}

/** Who and why, recorded with every remedy. */
export interface RemedyCitation {
  readonly disputeId: string;
  /** The disputed event: its stream revision and its stored id (the causation id of the remedy's events). */
  readonly disputedRevision: number;
  readonly disputedEventId: string;
  readonly reason: string;
  /** The account that ruled. */
  readonly by: string;
}

export const CORRECTION_APPLIED = 'CorrectionApplied';
export const EVENTS_VOIDED = 'EventsVoided';

/** Commands the rulings add to a game's own commands. */
export type RulingCommand =
  | { readonly type: 'ApplyCorrection'; readonly data: RemedyCitation & { readonly adjustments: readonly Adjustment[] } }
  | { readonly type: 'VoidEvents'; readonly data: RemedyCitation & { readonly afterRevision: number } };

/** Events the rulings add to a game's stream. */
export type RulingEvent =
  /** Compensating change of cash, holdings or prices, citing the disputed event. */
  | { readonly type: typeof CORRECTION_APPLIED; readonly data: RemedyCitation & { readonly adjustments: readonly Adjustment[] } }
  /** Every event after `afterRevision` and before this one is void: folds skip them, the log keeps them. */
  | { readonly type: typeof EVENTS_VOIDED; readonly data: RemedyCitation & { readonly afterRevision: number } };

export function isRulingEvent(event: { readonly type: string }): event is RulingEvent {
  return event.type === CORRECTION_APPLIED || event.type === EVENTS_VOIDED;
}

export function isRulingCommand(command: { readonly type: string }): command is RulingCommand {
  return command.type === 'ApplyCorrection' || command.type === 'VoidEvents';
}
