import type { Adjustment, OpenedDispute, Remedy } from '@corbeille/rulings';
import { InputValidationError, type FieldError } from '../common/errors/input-validation.error';
import type { AdjustmentInput, RemedyInput } from './dtos/dispute.inputs';
import type { AdjustmentModel, DisputeModel, GameStateAtModel, RemedyModel } from './models/dispute.model';
import type { StateAt } from './services/disputes.service';

export function toRemedyModel(remedy: Remedy): RemedyModel {
  return remedy.kind === 'correction'
    ? { kind: 'correction', adjustments: remedy.adjustments.map(toAdjustmentModel), afterRevision: null }
    : { kind: 'rewind', adjustments: [], afterRevision: remedy.afterRevision };
}

function toAdjustmentModel(adjustment: Adjustment): AdjustmentModel {
  switch (adjustment.kind) {
    case 'cash':
      return { kind: 'cash', playerId: adjustment.playerId, stock: null, delta: adjustment.delta, to: null };
    case 'holding':
      return { kind: 'holding', playerId: adjustment.playerId, stock: adjustment.stock, delta: adjustment.delta, to: null };
    case 'price':
      return { kind: 'price', playerId: null, stock: adjustment.stock, delta: null, to: adjustment.to };
  }
}

export function toDisputeModel(dispute: OpenedDispute): DisputeModel {
  const { ruling } = dispute;
  return {
    id: dispute.disputeId,
    gameId: dispute.gameId,
    gameType: dispute.gameType,
    leagueId: dispute.league,
    disputedEvent: { ...dispute.event },
    claim: dispute.claim,
    openedBy: dispute.openedBy,
    openedAs: dispute.openedAs,
    playerId: dispute.playerId,
    openedAt: dispute.openedAt,
    pausesGame: dispute.pausesGame,
    status: dispute.status,
    ruling: ruling
      ? {
          outcome: ruling.outcome,
          reason: ruling.reason,
          ruledBy: ruling.by,
          ruledAt: ruling.ruledAt,
          remedy: ruling.remedy ? toRemedyModel(ruling.remedy) : null,
          remedyRevisions: [...ruling.remedyRevisions],
        }
      : null,
  };
}

export function toGameStateAtModel(at: StateAt): GameStateAtModel {
  return { revision: at.last?.revision ?? null, position: at.last?.position ?? null, eventType: at.last?.type ?? null, state: at.state };
}

/** The remedy an input describes, or the fields it lacks for its kind. */
export function toRemedy(input: RemedyInput, field = 'remedy'): Remedy {
  if (input.kind === 'rewind') {
    if (input.afterRevision === undefined || input.afterRevision === null) {
      throw new InputValidationError([{ field: `${field}.afterRevision`, messages: ['a REWIND needs afterRevision'] }]);
    }
    return { kind: 'rewind', afterRevision: input.afterRevision };
  }
  const errors: FieldError[] = [];
  const adjustments = (input.adjustments ?? []).flatMap((adjustment, index): Adjustment[] => {
    const path = `${field}.adjustments.${index}`;
    const read = toAdjustment(adjustment);
    if (typeof read === 'string') {
      errors.push({ field: path, messages: [read] });
      return [];
    }
    return [read];
  });
  if (adjustments.length === 0 && errors.length === 0) errors.push({ field: `${field}.adjustments`, messages: ['a CORRECTION needs at least one adjustment'] });
  if (errors.length > 0) throw new InputValidationError(errors);
  return { kind: 'correction', adjustments };
}

function toAdjustment(input: AdjustmentInput): Adjustment | string {
  const { playerId, stock, delta, to } = input;
  switch (input.kind) {
    case 'cash':
      return playerId && typeof delta === 'number' ? { kind: 'cash', playerId, delta } : 'a CASH adjustment needs playerId and delta';
    case 'holding':
      return playerId && stock && typeof delta === 'number' ? { kind: 'holding', playerId, stock, delta } : 'a HOLDING adjustment needs playerId, stock and delta';
    case 'price':
      return stock && typeof to === 'number' ? { kind: 'price', stock, to } : 'a PRICE adjustment needs stock and to';
  }
}
