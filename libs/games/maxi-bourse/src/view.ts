import { assertNever } from '@corbeille/kernel';
import type { PlayerId, Viewer } from '@corbeille/kernel';
import { maxiBourseContent } from './content';
import type { CardSeries } from './content';
import type { DeckView, MaxiBourseEvent, MaxiBourseState, MaxiBourseView, PlayerView, TableState, TableView } from './types';

/** The placeholder that replaces a card a viewer may not see. */
export const HIDDEN_CARD = 'HIDDEN';

/**
 * What a viewer may see (III.5): rumour cards only by their holder until revealed, the deck order
 * and the undrawn cards only by referees.
 */
export function view(state: MaxiBourseState, viewer: Viewer): MaxiBourseView {
  switch (state.phase) {
    case 'uncreated':
    case 'lobby':
      return state;
    case 'drafting':
      return { ...tableView(state, viewer), picks: state.picks };
    case 'playing':
      return { ...tableView(state, viewer), turn: state.turn };
    case 'finished':
      return { ...tableView(state, viewer), reason: state.reason, valuations: state.valuations, winners: state.winners };
    default:
      return assertNever(state, 'state');
  }
}

function tableView(state: TableState, viewer: Viewer): TableView {
  const referee = viewer.kind === 'referee';
  const players = state.seatOrder.map((playerId): PlayerView => {
    const portfolio = state.players[playerId];
    const { rumours = [], ...rest } = portfolio ?? { rumours: [] };
    const base = {
      cash: 0,
      holdings: {},
      position: -1,
      circuits: 0,
      missedTurns: 0,
      ruined: false,
      ...rest,
      playerId,
      rumourCount: rumours.length,
    };
    return seesHand(viewer, playerId) ? { ...base, rumours } : base;
  });
  const decks = Object.fromEntries(
    maxiBourseContent.cardSeries.map((series) => {
      const deck = state.decks[series];
      const seen: DeckView = { remaining: deck.drawPile.length, discardPile: deck.discardPile };
      return [series, referee ? { ...seen, drawPile: deck.drawPile } : seen];
    }),
  ) as Record<CardSeries, DeckView>;
  const { gameId, options, seats, seatOrder, trackLength, prices, bank } = state;
  return { phase: state.phase, gameId, options, seats, seatOrder, trackLength, prices, bank, players, decks };
}

function seesHand(viewer: Viewer, playerId: PlayerId): boolean {
  return viewer.kind === 'referee' || (viewer.kind === 'player' && viewer.playerId === playerId);
}

/** An event as a viewer may see it: shuffles lose their order, a rumour drawn by someone else its card. */
export function redactEvent(event: MaxiBourseEvent, viewer: Viewer): MaxiBourseEvent {
  if (viewer.kind === 'referee') return event;
  switch (event.type) {
    case 'DeckShuffled':
      return { ...event, data: { ...event.data, order: event.data.order.map(() => HIDDEN_CARD) } };
    case 'RumourDrawn':
      return seesHand(viewer, event.data.playerId) ? event : { ...event, data: { ...event.data, cardId: HIDDEN_CARD } };
    default:
      return event;
  }
}
