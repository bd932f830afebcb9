import { fold, seededRandom } from '@corbeille/kernel';
import { bolsa, legalActions } from './decider';
import { alice, bob, carol, januaryTable, ofType, planned, spec, submit } from './testing/fixtures';
import type { BolsaEvent, NewspaperCardId } from './types';

const random = seededRandom(5);
const choose = (playerId: string, cardId: NewspaperCardId) => ({ type: 'ChooseNewspaperCard' as const, data: { playerId, cardId } });

function januaryAfterPlans(plans: BolsaEvent[], last: ReturnType<typeof submit>, deck?: NewspaperCardId[]): BolsaEvent[] {
  const given = [...januaryTable({ players: [alice, bob, carol], ...(deck ? { deck } : {}) }), ...plans];
  return [...given, ...spec.given(given).when(last, { random }).then(() => undefined)];
}

describe('Step 9: the newspaper', () => {
  it('turns over the top card when nobody placed a marker on the newspaper', () => {
    const events = januaryAfterPlans([planned(alice, {}), planned(bob, {})], submit(carol, {}));
    expect(ofType(events, 'NewspaperReadersChosen')).toEqual([{ month: 1, readers: [], markers: 0 }]);
    expect(ofType(events, 'NewspaperCardPlayed')).toEqual([{ month: 1, playerId: null, cardId: 'card-01' }]);
    expect(ofType(events, 'PriceMovedByNewspaper')).toEqual([
      { month: 1, cardId: 'card-01', company: 'CEREAL', levels: -3, fromPrice: 31, toPrice: 28, level: 7 },
    ]);
    expect(ofType(events, 'MonthEnded')[0]).toEqual({ month: 1, closingPrices: { CEREAL: 28, BIOTECH: 33, INDUSTRIAL: 32, ENERGY: 32 } });
  });

  it('lets the player with most markers draw 3 cards and keep 1; the other two go to the bottom of the deck', () => {
    const events = januaryAfterPlans([planned(alice, { newspaper: 2 }), planned(bob, { newspaper: 1 })], submit(carol, {}));
    expect(ofType(events, 'NewspaperReadersChosen')).toEqual([{ month: 1, readers: [alice], markers: 2 }]);
    expect(ofType(events, 'NewspaperCardsDrawn')).toEqual([{ playerId: alice, cards: ['card-01', 'card-02', 'card-03'] }]);
    expect(legalActions(fold(bolsa, events), alice)).toEqual([{ type: 'ChooseNewspaperCard', cards: ['card-01', 'card-02', 'card-03'] }]);
    expect(legalActions(fold(bolsa, events), bob)).toEqual([]);

    spec
      .given(events)
      .when(choose('alice', 'card-07'), { random })
      .thenThrows({ code: 'CARD_NOT_IN_HAND', message: 'Step 9: choose one of the three cards you drew' });
    spec.given(events).when(choose('bob', 'card-01'), { random }).thenThrows({ code: 'NOT_A_READER', kind: 'RULE_VIOLATION' });
    const chosen = spec
      .given(events)
      .when(choose('alice', 'card-02'), { random })
      .then((produced) => {
        expect(produced.slice(0, 3)).toEqual([
          { type: 'NewspaperCardChosen', data: { playerId: alice, cardId: 'card-02', returned: ['card-01', 'card-03'] } },
          { type: 'NewspaperCardPlayed', data: { month: 1, playerId: alice, cardId: 'card-02' } },
          {
            type: 'PriceMovedByNewspaper',
            data: { month: 1, cardId: 'card-02', company: 'CEREAL', levels: -2, fromPrice: 31, toPrice: 29, level: 8 },
          },
        ]);
        expect(ofType(produced, 'MonthStarted').map((started) => started.month)).toEqual([2]);
      });
    const state = fold(bolsa, [...events, ...chosen]);
    expect(state.phase === 'planning' && state.deck.slice(-2)).toEqual(['card-01', 'card-03']);
    spec.given([...events, ...chosen]).when(choose('alice', 'card-02')).thenThrows({ code: 'NOT_CHOOSING_NEWSPAPER' });
  });

  it('lets every tied reader choose, and reveals the chosen cards together', () => {
    const events = januaryAfterPlans([planned(alice, { newspaper: 2 }), planned(bob, { newspaper: 2 })], submit(carol, { newspaper: 1 }));
    expect(ofType(events, 'NewspaperCardsDrawn')).toEqual([
      { playerId: alice, cards: ['card-01', 'card-02', 'card-03'] },
      { playerId: bob, cards: ['card-04', 'card-05', 'card-06'] },
    ]);
    const first = spec
      .given(events)
      .when(choose('bob', 'card-06'), { random })
      .then([{ type: 'NewspaperCardChosen', data: { playerId: bob, cardId: 'card-06', returned: ['card-04', 'card-05'] } }]);
    spec.given([...events, ...first]).when(choose('bob', 'card-05')).thenThrows({ code: 'CARD_ALREADY_CHOSEN' });
    spec
      .given([...events, ...first])
      .when(choose('alice', 'card-03'), { random })
      .then((produced) => {
        expect(ofType(produced, 'NewspaperCardPlayed')).toEqual([
          { month: 1, playerId: alice, cardId: 'card-03' },
          { month: 1, playerId: bob, cardId: 'card-06' },
        ]);
        // CEREAL 31: -1 then +1.
        expect(ofType(produced, 'PriceMovedByNewspaper').map((moved) => moved.toPrice)).toEqual([30, 31]);
      });
  });

  it('draws another card when a card names only companies not in play', () => {
    // Three players: BANCA SA (card-41) and PHONE SA (card-33) are not in play.
    const events = januaryAfterPlans([planned(alice, {}), planned(bob, {})], submit(carol, {}), ['card-41', 'card-33', 'card-53', 'card-01']);
    expect(ofType(events, 'NewspaperCardSkipped')).toEqual([
      { cardId: 'card-41', reason: 'NO_COMPANY_IN_PLAY' },
      { cardId: 'card-33', reason: 'NO_COMPANY_IN_PLAY' },
    ]);
    // card-53 names PHONE SA (not in play) and INDUSTRIAL SA (in play): only INDUSTRIAL moves.
    expect(ofType(events, 'NewspaperCardPlayed')).toEqual([{ month: 1, playerId: null, cardId: 'card-53' }]);
    expect(ofType(events, 'PriceMovedByNewspaper').map((moved) => moved.company)).toEqual(['INDUSTRIAL']);
  });

  it('makes a new deck from the shuffled discards when the deck is empty', () => {
    const january = januaryAfterPlans([planned(alice, {}), planned(bob, {})], submit(carol, {}), ['card-01']);
    const february = spec
      .given([...january, planned(alice, {}, 2), planned(bob, {}, 2)])
      .when(submit(carol, {}), { random })
      .then(() => undefined);
    expect(ofType(february, 'NewspaperDeckShuffled')).toEqual([{ order: ['card-01'] }]);
    expect(ofType(february, 'NewspaperCardPlayed')).toEqual([{ month: 2, playerId: null, cardId: 'card-01' }]);
  });

  it('Suspend Trading: shares of the company cannot be bought or sold in the next month only', () => {
    const january = januaryAfterPlans([planned(alice, {}), planned(bob, {})], submit(carol, {}), ['card-56', 'card-01', 'card-02']);
    expect(ofType(january, 'TradingSuspended')).toEqual([{ cardId: 'card-56', company: 'BIOTECH', month: 2 }]);
    expect(ofType(january, 'MonthStarted').at(-1)).toMatchObject({ month: 2, suspended: ['BIOTECH'] });
    spec
      .given(january)
      .when(submit(alice, { sell: { BIOTECH: 1 } }))
      .thenThrows({ code: 'COMPANY_SUSPENDED', message: 'Step 9, Suspend Trading: shares of BIOTECH SA cannot be bought or sold this month' });
    const [action] = legalActions(fold(bolsa, january), alice);
    expect(action?.type === 'SubmitPlan' && [action.buyable, action.sellable]).toEqual([
      ['CEREAL', 'INDUSTRIAL', 'ENERGY'],
      { CEREAL: 2, INDUSTRIAL: 2 },
    ]);
    const february = spec
      .given([...january, planned(alice, {}, 2), planned(bob, {}, 2)])
      .when(submit(carol, {}), { random })
      .then(() => undefined);
    expect(ofType(february, 'MonthStarted')[0]).toMatchObject({ month: 3, suspended: [] });
  });
});
