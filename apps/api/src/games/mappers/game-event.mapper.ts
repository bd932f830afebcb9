import type { RecordedEvent } from '@corbeille/event-store';
import { gameOfStream } from '@corbeille/projections';
import type { GameEventModel } from '../models/game-event.model';

/** Maps a stored event; pass it through the viewer's lens first (GameAccessService) when it may hold secrets. */
export function toGameEventModel(event: RecordedEvent): GameEventModel {
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
  };
}
