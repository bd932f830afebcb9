import type { RecordedEvent } from '@corbeille/event-store';
import { gameOfStream } from '@corbeille/projections';
import type { GameEventModel } from '../models/game-event.model';

/** A stored event as the audit trail shows it: with the dispute whose rewind voided it, if any. */
export type AuditedEvent = RecordedEvent & { readonly voidedByDispute?: string };

const RULING_EVENTS = new Set(['CorrectionApplied', 'EventsVoided', 'GameResultCorrected']);

function rulingOf(event: RecordedEvent): string | null {
  if (!RULING_EVENTS.has(event.type) || typeof event.data !== 'object' || event.data === null) return null;
  const disputeId = (event.data as { disputeId?: unknown }).disputeId;
  return typeof disputeId === 'string' ? disputeId : null;
}

/** Maps a stored event; pass it through the viewer's lens first (GameAccessService) when it may hold secrets. */
export function toGameEventModel(event: AuditedEvent): GameEventModel {
  return {
    id: event.id,
    gameId: gameOfStream(event.streamId)?.gameId ?? event.streamId,
    position: event.position,
    revision: event.revision,
    type: event.type,
    data: event.data,
    occurredAt: typeof event.metadata.occurredAt === 'string' ? event.metadata.occurredAt : event.recordedAt,
    recordedAt: event.recordedAt,
    actor: String(event.metadata.actor),
    commandId: String(event.metadata.commandId),
    causationId: String(event.metadata.causationId ?? event.metadata.commandId),
    voided: event.voidedByDispute !== undefined,
    voidedByDispute: event.voidedByDispute ?? null,
    rulingOfDispute: rulingOf(event),
  };
}
