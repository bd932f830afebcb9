import type { RecordedEvent } from '@corbeille/event-store';
import type { Viewer } from '@corbeille/kernel';
import { redactEvent, type MaxiBourseEvent } from '@corbeille/maxi-bourse';
import type { GameProgress } from '../registry/game-definition';

/**
 * What of a Maxi Bourse event a viewer may see: the engine's own `redactEvent` (a drawn Rumours card only
 * by its holder and the referee, a shuffled pile's order only by the referee). Unlike BOLSA nothing is
 * lifted at the end: an unrevealed rumour never had an effect, and the piles' order stays the banker's.
 */
export function redactMaxiBourseEvent(recorded: RecordedEvent, viewer: Viewer, _progress: GameProgress): RecordedEvent {
  const event = { type: recorded.type, data: recorded.data } as MaxiBourseEvent;
  const seen = redactEvent(event, viewer);
  return seen === event ? recorded : { ...recorded, data: seen.data };
}

/** Legal actions name the Rumours cards a player may reveal: only that player and the referee see them. */
export function mayReadMaxiBourseActionsOf(viewer: Viewer, playerId: string): boolean {
  return viewer.kind === 'referee' || (viewer.kind === 'player' && viewer.playerId === playerId);
}
