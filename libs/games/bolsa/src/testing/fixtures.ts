import { asPlayerId, seededRandom } from '@corbeille/kernel';
import type { PlayerId, RandomSource } from '@corbeille/kernel';
import { deciderSpecification } from '@corbeille/kernel/testing';
import { components, newspaperCards, setupTables } from '../content';
import { bolsa } from '../decider';
import { companyDefinition, movedLevel, priceAt, recordOfCompanies } from '../market';
import { resolveOptions } from '../options';
import type { BolsaEvent, BolsaOptions, CompanyId, NewspaperCardId, Plan, TrendDie } from '../types';

/** Shared scenarios for the specs: events that set a table up in January, and chance scripted to given outcomes. */

export const [alice, bob, carol, dave, erin, frank] = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'].map(asPlayerId) as [
  PlayerId,
  PlayerId,
  PlayerId,
  PlayerId,
  PlayerId,
  PlayerId,
];

/** The deciderSpecification's default clock reading, and January's deadline 30 s later. */
export const startTime = '2026-01-01T00:00:00.000Z';
export const januaryDeadline = '2026-01-01T00:00:30.000Z';
export const afterJanuaryDeadline = '2026-01-01T00:00:31.000Z';

export const spec = deciderSpecification(bolsa);

export interface TableSetup {
  readonly players?: readonly PlayerId[];
  readonly options?: Partial<BolsaOptions>;
  /** Shares dealt to each player (default 2 CEREAL, 2 BIOTECH, 2 INDUSTRIAL). */
  readonly deals?: Readonly<Record<string, Partial<Record<CompanyId, number>>>>;
  /** Opening trend dice (default +1 for every company). */
  readonly opening?: Partial<Record<CompanyId, TrendDie>>;
  /** The newspaper deck, top first (default card-01 to card-60). */
  readonly deck?: readonly NewspaperCardId[];
  /** January's trend dice (default +1 for every company). */
  readonly january?: Partial<Record<CompanyId, TrendDie>>;
}

export function created(options: Partial<BolsaOptions> = {}): BolsaEvent[] {
  return [{ type: 'GameCreated', data: { gameId: 'game-1', options: resolveOptions(options) } }];
}

export function seated(players: readonly PlayerId[], options: Partial<BolsaOptions> = {}): BolsaEvent[] {
  return [
    ...created(options),
    ...players.map((playerId, seat): BolsaEvent => ({ type: 'PlayerJoined', data: { playerId, name: playerId.toUpperCase(), seat } })),
  ];
}

/** A game set up as the rules do, then January's dice: planning is open until `januaryDeadline`. */
export function januaryTable(setup: TableSetup = {}): BolsaEvent[] {
  const players = setup.players ?? [alice, bob];
  const options = resolveOptions(setup.options);
  const table = setupTables.find((row) => row.players === players.length);
  if (!table) throw new Error(`No table for ${players.length} players`);
  const { companies, sharesPerCompany } = table;
  const events: BolsaEvent[] = [
    ...seated(players, setup.options),
    { type: 'GameStarted', data: { seatOrder: [...players], companies: [...companies], sharesPerCompany, startingCash: components.startingCash } },
    { type: 'NewspaperDeckShuffled', data: { order: [...(setup.deck ?? newspaperCards.map((card) => card.id))] } },
  ];
  for (const playerId of players) {
    const deal = setup.deals?.[playerId] ?? { CEREAL: 2, BIOTECH: 2, INDUSTRIAL: 2 };
    events.push({ type: 'SharesDealt', data: { playerId, shares: recordOfCompanies((company) => deal[company] ?? 0) } });
  }
  for (const company of companies) {
    const die = setup.opening?.[company] ?? 1;
    const from = companyDefinition(company).startLevel;
    const level = movedLevel(company, from, die);
    events.push({ type: 'OpeningPriceSet', data: { company, die, fromPrice: priceAt(company, from), toPrice: priceAt(company, level), level } });
  }
  const deadline = options.timedFromMonth <= 1 ? januaryDeadline : null;
  events.push({ type: 'MonthStarted', data: { month: 1, deadline, suspended: [] } });
  for (const company of companies) {
    const die = setup.january?.[company] ?? 1;
    events.push({
      type: 'TrendDieRolled',
      data: { month: 1, monthOfQuarter: 1, company, die, cubes: { colour: die > 0 ? 'green' : 'red', count: Math.abs(die) } },
    });
  }
  return events;
}

export function planned(playerId: PlayerId, plan: Partial<Plan>, month = 1, submittedAt = startTime): BolsaEvent {
  return { type: 'PlanSubmitted', data: { playerId, month, plan: { sell: {}, buy: {}, newspaper: 0, ...plan }, submittedAt } };
}

export function submit(playerId: PlayerId, plan: Partial<Plan>) {
  return { type: 'SubmitPlan' as const, data: { playerId, plan: { sell: {}, buy: {}, newspaper: 0, ...plan } } };
}

export const closePlanning = { type: 'ClosePlanning' as const, data: {} };

/** The given values first (each must fit the range asked), then a seeded source for whatever follows. */
export function scriptedThenSeeded(values: readonly number[], seed = 1): RandomSource {
  const rest = seededRandom(seed);
  let index = 0;
  return {
    int(min, max) {
      const value = values[index];
      index += 1;
      if (value === undefined) return rest.int(min, max);
      if (value < min || value > max) throw new Error(`Scripted value ${value} at ${index - 1} is outside [${min}, ${max}]`);
      return value;
    },
  };
}

/** The index of a trend die face, for scripting dice. */
export function face(die: TrendDie): number {
  return components.trendDieFaces.indexOf(die);
}

type EventData = { [Event in BolsaEvent as Event['type']]: Event['data'] };

/** The data of the events of one type, in order. */
export function ofType<Type extends BolsaEvent['type']>(events: readonly BolsaEvent[], type: Type): EventData[Type][] {
  return events.flatMap((event) => (event.type === type ? [event.data as EventData[Type]] : []));
}
