import type { PlayerId, RandomSource } from '@corbeille/kernel';
import { assertNever, shuffle } from '@corbeille/kernel';
import { components } from './content';
import { endMonth } from './month';
import { movedLevel, namesCompanyInPlay, priceAt } from './market';
import type { EventRecorder } from './recorder';
import { cardById } from './state';
import type { NewspaperState } from './state';
import type { NewspaperCardId } from './types';

/**
 * Step 9: the players with most markers on the newspaper each draw 3 cards and keep 1; when nobody
 * placed a marker the top card is turned over and applied at once.
 */
export function openNewspaper(recorder: EventRecorder, now: string, random: RandomSource): void {
  const state = recorder.state;
  if (state.phase !== 'trading') throw new Error(`The newspaper follows the trading steps, not phase ${state.phase}`);
  const bids = state.seatOrder.map((playerId) => ({ playerId, markers: state.plans[playerId]?.newspaper ?? 0 }));
  const markers = Math.max(0, ...bids.map((bid) => bid.markers));
  const readers = markers === 0 ? [] : bids.filter((bid) => bid.markers === markers).map((bid) => bid.playerId);
  recorder.emit({ type: 'NewspaperReadersChosen', data: { month: state.month, readers, markers } });

  if (readers.length === 0) {
    const [top] = drawCards(recorder, 1, random);
    if (top === undefined) throw new Error('The newspaper deck gave no card');
    playCard(recorder, null, top);
    endMonth(recorder, now, random);
    return;
  }
  for (const playerId of readers) {
    recorder.emit({ type: 'NewspaperCardsDrawn', data: { playerId, cards: drawCards(recorder, components.cardsDrawnByReader, random) } });
  }
}

/** A reader keeps one card; once every reader has chosen, the cards are revealed together and applied. */
export function chooseCard(recorder: EventRecorder, playerId: PlayerId, cardId: NewspaperCardId, now: string, random: RandomSource): void {
  const hand = newspaper(recorder).hands[playerId];
  if (!hand) throw new Error(`${playerId} holds no newspaper cards`);
  recorder.emit({ type: 'NewspaperCardChosen', data: { playerId, cardId, returned: hand.drawn.filter((id) => id !== cardId) } });

  const state = newspaper(recorder);
  const choices = state.readers.map((reader) => ({ reader, chosen: state.hands[reader]?.chosen ?? null }));
  if (choices.some((choice) => choice.chosen === null)) return;
  for (const { reader, chosen } of choices) if (chosen !== null) playCard(recorder, reader, chosen);
  endMonth(recorder, now, random);
}

function newspaper(recorder: EventRecorder): NewspaperState {
  const state = recorder.state;
  if (state.phase !== 'newspaper') throw new Error(`No newspaper cards are being chosen in phase ${state.phase}`);
  return state;
}

/**
 * Cards from the top of the deck; a card naming only companies not in play is set aside and another
 * drawn. An empty deck is made again from the shuffled discards.
 */
function drawCards(recorder: EventRecorder, count: number, random: RandomSource): NewspaperCardId[] {
  const drawn: NewspaperCardId[] = [];
  while (drawn.length < count) {
    const top = recorder.state.deck.find((cardId) => !drawn.includes(cardId));
    if (top === undefined) {
      const { discard, companies } = recorder.state;
      if (!discard.some((cardId) => namesCompanyInPlay(cardById(cardId), companies))) {
        throw new Error('No newspaper card naming a company in play is left to draw');
      }
      recorder.emit({ type: 'NewspaperDeckShuffled', data: { order: shuffle(recorder.state.discard, random) } });
    } else if (namesCompanyInPlay(cardById(top), recorder.state.companies)) {
      drawn.push(top);
    } else {
      recorder.emit({ type: 'NewspaperCardSkipped', data: { cardId: top, reason: 'NO_COMPANY_IN_PLAY' } });
    }
  }
  return drawn;
}

/** The card's effects: the blue marker moves (clamped at the grid), or the company is suspended next month. */
function playCard(recorder: EventRecorder, playerId: PlayerId | null, cardId: NewspaperCardId): void {
  const { month, companies } = recorder.state;
  recorder.emit({ type: 'NewspaperCardPlayed', data: { month, playerId, cardId } });
  const { effect } = cardById(cardId);
  switch (effect.kind) {
    case 'move':
      for (const { company, levels } of effect.moves) {
        if (!companies.includes(company)) continue;
        const from = recorder.state.market[company].level;
        const to = movedLevel(company, from, levels);
        recorder.emit({
          type: 'PriceMovedByNewspaper',
          data: { month, cardId, company, levels, fromPrice: priceAt(company, from), toPrice: priceAt(company, to), level: to },
        });
      }
      return;
    case 'suspend':
      // "In the next turn, shares of that company cannot be bought or sold."
      recorder.emit({ type: 'TradingSuspended', data: { cardId, company: effect.company, month: month + 1 } });
      return;
    default:
      assertNever(effect, 'card effect');
  }
}
