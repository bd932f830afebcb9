import { asPlayerId, scriptedRandom, type RandomSource } from '@corbeille/kernel';
import {
  decide,
  evolve,
  initialState,
  maxiBourseContent,
  resolveOptions,
  startingCash,
  type MaxiBourseCommand,
  type MaxiBourseEvent,
  type MaxiBourseState,
} from '@corbeille/maxi-bourse';

/**
 * Maxi Bourse tables played with the engine itself, for the audit's tests: a two-player table set up
 * the way the engine's own specs set theirs up, then real commands decided by the engine.
 */

interface TableSetup {
  readonly gameId: string;
  readonly players: readonly string[];
  readonly cash?: Readonly<Record<string, number>>;
  readonly holdings?: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly prices?: Readonly<Record<string, number>>;
}

function tableEvents(setup: TableSetup): MaxiBourseEvent[] {
  const options = resolveOptions({});
  const variant = maxiBourseContent.variants[options.variant];
  const seatOrder = setup.players.map(asPlayerId);
  const prices = Object.fromEntries(maxiBourseContent.companies.map((company) => [company.id, setup.prices?.[company.id] ?? company.nominal]));
  const bank = Object.fromEntries(maxiBourseContent.companies.map((company) => [company.id, maxiBourseContent.sharesPerCompany]));
  const cash = Object.fromEntries(seatOrder.map((playerId) => [playerId, setup.cash?.[playerId] ?? startingCash(variant)]));
  const trackLength = maxiBourseContent.boardSpaces.filter((space) => variant.rings.includes(space.ring)).length;
  const events: MaxiBourseEvent[] = [
    { type: 'GameCreated', data: { gameId: setup.gameId, options } },
    ...seatOrder.map((playerId, seat): MaxiBourseEvent => ({ type: 'PlayerJoined', data: { playerId, name: playerId.toUpperCase(), seat } })),
    { type: 'GameStarted', data: { seatOrder, cash, prices, bank, trackLength } },
    ...maxiBourseContent.cardSeries.map(
      (series): MaxiBourseEvent => ({
        type: 'DeckShuffled',
        data: { series, order: maxiBourseContent.cards.filter((card) => card.series === series).map((card) => card.id) },
      }),
    ),
  ];
  for (const [playerId, holding] of Object.entries(setup.holdings ?? {})) {
    for (const [company, shares] of Object.entries(holding)) {
      events.push({ type: 'StartingCompanyPicked', data: { playerId: asPlayerId(playerId), company, shares } });
    }
  }
  events.push({ type: 'DraftClosed', data: {} }, { type: 'TurnStarted', data: { playerId: asPlayerId(setup.players[0] ?? ''), tableTurn: 1 } });
  return events;
}

class Table {
  private state: MaxiBourseState;
  readonly events: MaxiBourseEvent[];

  constructor(setup: TableSetup) {
    this.events = tableEvents(setup);
    this.state = this.events.reduce(evolve, initialState());
  }

  do(command: MaxiBourseCommand, random: RandomSource = scriptedRandom([])): this {
    const produced = decide(this.state, command, { random, now: '2026-01-01T00:00:00.000Z' });
    this.state = produced.reduce(evolve, this.state);
    this.events.push(...produced);
    return this;
  }
}

/** Before Ann's roll, Bob asks her for 1,000 CANON (market price 200 $) and pays 300 $ a share. */
export function premiumSaleEvents(gameId: string, seller = 'ann', buyer = 'bob'): MaxiBourseEvent[] {
  return new Table({ gameId, players: [seller, buyer], holdings: { [seller]: { CANON: 2_000 } }, prices: { CANON: 200 } })
    .do({ type: 'RequestShares', data: { playerId: buyer, sellerId: seller, company: 'CANON', lots: 1 } })
    .do({ type: 'QuotePremiumPrice', data: { playerId: seller, price: 300 } })
    .do({ type: 'AnswerPremiumPrice', data: { playerId: buyer, accept: true } })
    .do({ type: 'ClosePremiumSale', data: { playerId: seller } })
    .do({ type: 'PayForShares', data: { playerId: buyer } }).events;
}

/** Ann lands on BP, bids for a lot she cannot pay for, and is fined as a careless player (III.8). */
export function carelessFineEvents(gameId: string, careless = 'ann', other = 'bob'): MaxiBourseEvent[] {
  return new Table({ gameId, players: [careless, other], cash: { [careless]: 150_000 }, holdings: { [careless]: { AEG: 1_000 } } })
    .do({ type: 'RollDice', data: { playerId: careless } }, scriptedRandom([2, 4]))
    .do({ type: 'ChooseShareCompany', data: { playerId: careless, company: 'BP' } })
    .do({ type: 'DeclareBid', data: { playerId: careless, lots: 1 } })
    .do({ type: 'PayForShares', data: { playerId: careless } }).events;
}
