import type { PlayerId } from '@corbeille/kernel';
import { newspaperCards } from './content';
import { priceAt } from './market';
import type { BolsaState, CompanyId, NewspaperCard, NewspaperCardId, Plan, Portfolio } from './types';

export type LobbyState = Extract<BolsaState, { phase: 'lobby' }>;
export type SetupState = Extract<BolsaState, { phase: 'setup' }>;
export type PlanningState = Extract<BolsaState, { phase: 'planning' }>;
export type TradingState = Extract<BolsaState, { phase: 'trading' }>;
export type NewspaperState = Extract<BolsaState, { phase: 'newspaper' }>;
export type FinishedState = Extract<BolsaState, { phase: 'finished' }>;
/** Every phase from the start of the game on. */
export type InPlayState = SetupState | PlanningState | TradingState | NewspaperState | FinishedState;
/** Phases in which this month's plans have been revealed. */
export type RevealedState = TradingState | NewspaperState;

export function isInPlay(state: BolsaState): state is InPlayState {
  return state.phase !== 'uncreated' && state.phase !== 'lobby';
}

/** For the engine's own steps, which only run on a game in play. */
export function inPlay(state: BolsaState): InPlayState {
  if (!isInPlay(state)) throw new Error(`The game is not in play (phase ${state.phase})`);
  return state;
}

export function portfolioOf(state: InPlayState, playerId: PlayerId): Portfolio {
  const portfolio = state.portfolios[playerId];
  if (!portfolio) throw new Error(`No portfolio for ${playerId}`);
  return portfolio;
}

/** The blue marker's price. */
export function bluePrice(state: InPlayState, company: CompanyId): number {
  return priceAt(company, state.market[company].level);
}

export function closingPrices(state: InPlayState): Partial<Record<CompanyId, number>> {
  return Object.fromEntries(state.companies.map((company) => [company, bluePrice(state, company)]));
}

export function cardById(cardId: NewspaperCardId): NewspaperCard {
  const card = newspaperCards.find((candidate) => candidate.id === cardId);
  if (!card) throw new Error(`No newspaper card ${cardId}`);
  return card;
}

export function playerName(state: InPlayState, playerId: PlayerId): string {
  return state.seats.find((seat) => seat.playerId === playerId)?.name ?? playerId;
}

export function markersUsed(plan: Plan): number {
  const count = (orders: Plan['sell']) => Object.values(orders).reduce<number>((sum, shares) => sum + (shares ?? 0), 0);
  return count(plan.sell) + count(plan.buy) + plan.newspaper;
}
