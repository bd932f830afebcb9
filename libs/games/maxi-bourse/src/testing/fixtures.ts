import { asPlayerId, fold, scriptedRandom } from '@corbeille/kernel';
import type { DecisionContext, PlayerId, RandomSource } from '@corbeille/kernel';
import { maxiBourseContent, startingCash } from '../content';
import type { CardSeries, VariantName } from '../content';
import { decide, evolve, initialState } from '../decider';
import { resolveOptions } from '../options';
import { trackSpaces } from '../state';
import type { MaxiBourseCommand, MaxiBourseEvent, MaxiBourseOptions, MaxiBourseState, PlayingState } from '../types';

/** Scenarios for the specs: events that set a table up exactly as a rulebook example describes it. */

export interface TableSetup {
  readonly players: readonly string[];
  readonly options?: Partial<MaxiBourseOptions>;
  /** Cash per player (default: the variant's starting cash). */
  readonly cash?: Readonly<Record<string, number>>;
  readonly holdings?: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly prices?: Readonly<Record<string, number>>;
  /** Pawn positions (index on the track). */
  readonly positions?: Readonly<Record<string, number>>;
  /** Cards to put on top of a pile, in order. */
  readonly topCards?: Partial<Record<CardSeries, readonly string[]>>;
  readonly missedTurns?: Readonly<Record<string, number>>;
  /** Whose turn it is (default the first player). */
  readonly roller?: string;
}

export function table(setup: TableSetup): MaxiBourseEvent[] {
  const options = resolveOptions(setup.options);
  const seatOrder = setup.players.map(asPlayerId);
  const variant = maxiBourseContent.variants[options.variant];
  const prices = Object.fromEntries(maxiBourseContent.companies.map((company) => [company.id, setup.prices?.[company.id] ?? company.nominal]));
  // The holdings below are taken from the bank by StartingCompanyPicked.
  const bank = Object.fromEntries(maxiBourseContent.companies.map((company) => [company.id, maxiBourseContent.sharesPerCompany]));
  const cash = Object.fromEntries(seatOrder.map((id) => [id, setup.cash?.[id] ?? startingCash(variant)]));
  const events: MaxiBourseEvent[] = [
    { type: 'GameCreated', data: { gameId: 'game-1', options } },
    ...seatOrder.map((playerId, seat): MaxiBourseEvent => ({ type: 'PlayerJoined', data: { playerId, name: playerId, seat } })),
    { type: 'GameStarted', data: { seatOrder, cash, prices, bank, trackLength: trackSpaces(options).length } },
    ...maxiBourseContent.cardSeries.map((series): MaxiBourseEvent => {
      const top = setup.topCards?.[series] ?? [];
      const rest = maxiBourseContent.cards.filter((card) => card.series === series && !top.includes(card.id)).map((card) => card.id);
      return { type: 'DeckShuffled', data: { series, order: [...top, ...rest] } };
    }),
  ];
  for (const [playerId, holding] of Object.entries(setup.holdings ?? {})) {
    for (const [company, shares] of Object.entries(holding)) {
      events.push({ type: 'StartingCompanyPicked', data: { playerId: asPlayerId(playerId), company, shares } });
    }
  }
  events.push({ type: 'DraftClosed', data: {} });
  for (const [playerId, position] of Object.entries(setup.positions ?? {})) {
    events.push({ type: 'PawnMoved', data: { playerId: asPlayerId(playerId), from: -1, to: position, circuitCompleted: false } });
  }
  for (const [playerId, stillToMiss] of Object.entries(setup.missedTurns ?? {})) {
    events.push({ type: 'TurnMissed', data: { playerId: asPlayerId(playerId), stillToMiss } });
  }
  events.push({ type: 'TurnStarted', data: { playerId: asPlayerId(setup.roller ?? setup.players[0] ?? ''), tableTurn: 1 } });
  return events;
}

/** The index on the track of a company's share space or of the first card space of a series. */
export function spaceOf(target: string, variant: VariantName = 'masters'): number {
  const index = trackSpaces(resolveOptions({ variant })).findIndex((space) =>
    space.kind === 'share' ? space.company === target : space.series === target,
  );
  if (index < 0) throw new Error(`${target} is not on the ${variant} track`);
  return index;
}

export function dice(first: number, second: number): Partial<DecisionContext> {
  return { random: scriptedRandom([first, second]) };
}

/** A table being played command by command, keeping every event. */
export class Scenario {
  state: MaxiBourseState;
  readonly events: MaxiBourseEvent[];

  constructor(given: readonly MaxiBourseEvent[]) {
    this.events = [...given];
    this.state = fold({ initialState, evolve }, given);
  }

  /** Runs a command and returns the events it produced. */
  do(command: MaxiBourseCommand, random?: RandomSource): MaxiBourseEvent[] {
    const produced = decide(this.state, command, { random: random ?? scriptedRandom([]), now: '2026-01-01T00:00:00.000Z' });
    this.state = produced.reduce(evolve, this.state);
    this.events.push(...produced);
    return produced;
  }

  roll(playerId: string, first: number, second: number): MaxiBourseEvent[] {
    return this.do({ type: 'RollDice', data: { playerId } }, scriptedRandom([first, second]));
  }

  bid(playerId: string, lots: number): MaxiBourseEvent[] {
    return this.do({ type: 'DeclareBid', data: { playerId, lots } });
  }

  pay(playerId: string): MaxiBourseEvent[] {
    return this.do({ type: 'PayForShares', data: { playerId } });
  }

  answer(playerId: string, lots: number): MaxiBourseEvent[] {
    return this.do({ type: 'AnswerSaleOffer', data: { playerId, lots } });
  }

  auction(playerId: string, stay: boolean): MaxiBourseEvent[] {
    return this.do({ type: 'AnswerAuction', data: { playerId, stay } });
  }

  get playing(): PlayingState {
    if (this.state.phase !== 'playing') throw new Error(`The game is ${this.state.phase}`);
    return this.state;
  }

  cash(playerId: string): number {
    return this.player(playerId).cash;
  }

  shares(playerId: string, company: string): number {
    return this.player(playerId).holdings[company] ?? 0;
  }

  price(company: string): number {
    return this.playing.prices[company] ?? 0;
  }

  player(playerId: string) {
    if (this.state.phase === 'uncreated' || this.state.phase === 'lobby') throw new Error('No table yet');
    const portfolio = this.state.players[playerId];
    if (!portfolio) throw new Error(`No player ${playerId}`);
    return portfolio;
  }
}

export function ofType<T extends MaxiBourseEvent['type']>(events: readonly MaxiBourseEvent[], type: T): Extract<MaxiBourseEvent, { type: T }>[] {
  return events.filter((event): event is Extract<MaxiBourseEvent, { type: T }> => event.type === type);
}

export const id = (value: string): PlayerId => asPlayerId(value);
