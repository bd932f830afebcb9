import type { RecordedEvent } from '@corbeille/event-store';
import type { Viewer } from '@corbeille/kernel';
import type { BolsaEvent } from '@corbeille/bolsa';
import type { GameProgress } from '../registry/game-definition';

/**
 * What of a BOLSA event a viewer may see, following the engine's view rules: a plan only by its author
 * until the month's reveal; dealt shares (behind the screen) by their owner and the referee until the game
 * is over; drawn newspaper cards and the ones put back by their reader only, at the end too (Step 9: they
 * return "without being revealed to the other players"); the chosen card by its reader until it is played
 * (it is public from then on, so at the end); the deck order by nobody, ever. A referee looking through a
 * player's eyes ("view as") is not that player: a plan or a newspaper hand stays its owner's.
 */
export function redactBolsaEvent(recorded: RecordedEvent, viewer: Viewer, progress: GameProgress): RecordedEvent {
  const finished = progress.phase === 'finished';
  const event = { type: recorded.type, data: recorded.data } as BolsaEvent;
  const me = viewer.kind === 'player' && viewer.asSeenByReferee !== true ? viewer.playerId : undefined;
  const screenOf = viewer.kind === 'player' ? viewer.playerId : undefined;
  switch (event.type) {
    case 'NewspaperDeckShuffled':
      return withData(recorded, { order: null, cards: event.data.order.length });
    case 'SharesDealt':
      if (finished || viewer.kind === 'referee' || event.data.playerId === screenOf) return recorded;
      return withData(recorded, { playerId: event.data.playerId, shares: null });
    case 'PlanSubmitted':
      if (event.data.playerId === me || isMonthRevealed(event.data.month, progress)) return recorded;
      return withData(recorded, { ...event.data, plan: null });
    case 'NewspaperCardsDrawn':
      if (event.data.playerId === me) return recorded;
      return withData(recorded, { playerId: event.data.playerId, cards: null, count: event.data.cards.length });
    case 'NewspaperCardChosen':
      if (event.data.playerId === me) return recorded;
      return withData(recorded, { playerId: event.data.playerId, cardId: finished ? event.data.cardId : null, returned: null });
    default:
      return recorded;
  }
}

/**
 * Whether a month's plans are public: the game has gone past that month's planning. Judged from the read
 * models, which may lag behind the log but are never ahead of it, so a late summary only hides longer.
 */
export function isMonthRevealed(month: number, progress: GameProgress): boolean {
  if (progress.phase === 'finished') return true;
  return progress.round > month || (progress.round === month && progress.phase !== 'planning');
}

/** Legal actions show a player's holdings and newspaper hand: only that player sees them. */
export function mayReadBolsaActionsOf(viewer: Viewer, playerId: string): boolean {
  return viewer.kind === 'player' && viewer.playerId === playerId;
}

function withData(recorded: RecordedEvent, data: Readonly<Record<string, unknown>>): RecordedEvent {
  return { ...recorded, data };
}
