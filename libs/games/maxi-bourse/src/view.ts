import { assertNever } from '@corbeille/kernel';
import type { PlayerId, Viewer } from '@corbeille/kernel';
import { maxiBourseContent } from './content';
import type { CardSeries } from './content';
import type {
  ActivityView,
  DeckView,
  MaxiBourseEvent,
  MaxiBourseEventView,
  MaxiBourseState,
  MaxiBourseView,
  PlayerView,
  TableState,
  TableView,
  Turn,
  TurnView,
} from './types';

/** The placeholder that replaces a card a viewer may not see. */
export const HIDDEN_CARD = 'HIDDEN';

/**
 * What a viewer may see (III.5): rumour cards only by their holder until revealed, the deck order
 * and the undrawn cards only by referees; in an auction step (III.1-6) each bidder's answer only by
 * that bidder until the step is resolved, since the answers count as simultaneous.
 */
export function view(state: MaxiBourseState, viewer: Viewer): MaxiBourseView {
  switch (state.phase) {
    case 'uncreated':
    case 'lobby':
      return state;
    case 'drafting':
      return { ...tableView(state, viewer), picks: state.picks };
    case 'playing':
      return { ...tableView(state, viewer), turn: turnView(state.turn, viewer) };
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

function turnView(turn: Turn, viewer: Viewer): TurnView {
  if (viewer.kind === 'referee') return turn;
  const stack = turn.stack.map((activity): ActivityView => {
    if (activity.kind !== 'auction') return activity;
    const answers = activity.answers.map((answer) => (seesHand(viewer, answer.playerId) ? answer : { playerId: answer.playerId }));
    return { ...activity, answers };
  });
  return { ...turn, stack };
}

function seesHand(viewer: Viewer, playerId: PlayerId): boolean {
  return viewer.kind === 'referee' || (viewer.kind === 'player' && viewer.playerId === playerId);
}

/** An event with the cards a viewer may not see hidden: shuffles lose their order, a rumour drawn by someone else its card. */
export function redactCards(event: MaxiBourseEvent, viewer: Viewer): MaxiBourseEvent {
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

/**
 * An event as a viewer may see it: its cards as `redactCards` leaves them, and an auction answer by
 * someone else without whether they stay (III.1-6: the answers of a step count as simultaneous). The
 * step's outcome is public in the events that resolve it (`AuctionStepResolved`: who stayed and who
 * withdrew; `AuctionClosed`), so the answer itself stays hidden for good: this needs no knowledge of
 * later events, and a replay still shows every step.
 */
export function redactEvent(event: MaxiBourseEvent, viewer: Viewer): MaxiBourseEventView {
  if (event.type === 'AuctionAnswered' && !seesHand(viewer, event.data.playerId)) {
    return { ...event, data: { playerId: event.data.playerId, price: event.data.price, stay: null } };
  }
  return redactCards(event, viewer);
}
