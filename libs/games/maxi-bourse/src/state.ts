import { assertNever } from '@corbeille/kernel';
import { maxiBourseContent } from './content';
import type { BoardSpace } from './content';
import type { PlayerId } from '@corbeille/kernel';
import type { Activity, CompanyId, MaxiBourseOptions, PlayerPortfolio, PlayingState, TableState } from './types';

/** Read-only helpers over the state shared by decide, evolve, legalActions and the bots. */

const { lotSize, priceFloor, priceStep } = maxiBourseContent;

export function companyIds(): CompanyId[] {
  return maxiBourseContent.companies.map((company) => company.id);
}

export function isCompany(company: unknown): company is CompanyId {
  return typeof company === 'string' && maxiBourseContent.companies.some((definition) => definition.id === company);
}

export function companyName(company: CompanyId): string {
  return maxiBourseContent.companies.find((definition) => definition.id === company)?.name ?? company;
}

export function companySector(company: CompanyId): string {
  return maxiBourseContent.companies.find((definition) => definition.id === company)?.sector ?? '';
}

/** The spaces of the variant's track, in order (IV.6). */
export function trackSpaces(options: MaxiBourseOptions): BoardSpace[] {
  const rings = maxiBourseContent.variants[options.variant].rings;
  return maxiBourseContent.boardSpaces.filter((space) => rings.includes(space.ring));
}

/** Prices stay multiples of 10 $ and never fall below the floor. */
export function clampPrice(price: number): number {
  const stepped = Math.round(price / priceStep) * priceStep;
  return Math.max(priceFloor, stepped);
}

export function sharesOf(holdings: Readonly<Record<CompanyId, number>>, company: CompanyId): number {
  return holdings[company] ?? 0;
}

export function lotsOf(shares: number): number {
  return Math.floor(shares / lotSize);
}

export function bankLots(state: TableState, company: CompanyId): number {
  return lotsOf(sharesOf(state.bank, company));
}

export function priceOf(state: TableState, company: CompanyId): number {
  return state.prices[company] ?? priceFloor;
}

export function portfolioOf(state: TableState, playerId: PlayerId): PlayerPortfolio | undefined {
  return state.seatOrder.includes(playerId) ? state.players[playerId] : undefined;
}

export function playerName(state: TableState, playerId: PlayerId): string {
  return state.seats.find((seat) => seat.playerId === playerId)?.name ?? playerId;
}

export function isInTheRunning(state: TableState, playerId: PlayerId): boolean {
  const portfolio = portfolioOf(state, playerId);
  return portfolio !== undefined && !portfolio.ruined;
}

/** III.8: a penalised player takes no part in the game (no buying, selling or revealing) until the missed turn. */
export function canTakePart(state: TableState, playerId: PlayerId): boolean {
  const portfolio = portfolioOf(state, playerId);
  return portfolio !== undefined && !portfolio.ruined && portfolio.missedTurns === 0;
}

export function playersInTheRunning(state: TableState): PlayerId[] {
  return state.seatOrder.filter((playerId) => isInTheRunning(state, playerId));
}

/** Seats in play order starting with `origin` (included) and going round the table. */
export function seatsFrom(state: TableState, origin: PlayerId): PlayerId[] {
  const start = Math.max(0, state.seatOrder.indexOf(origin));
  return [...state.seatOrder.slice(start), ...state.seatOrder.slice(0, start)];
}

/** The other players, from the one seated after `origin`, who may take part now. */
export function opponentsOf(state: TableState, origin: PlayerId, excluding: readonly PlayerId[] = []): PlayerId[] {
  return seatsFrom(state, origin)
    .slice(1)
    .filter((playerId) => canTakePart(state, playerId) && !excluding.includes(playerId));
}

export function totalShares(portfolio: PlayerPortfolio): number {
  return Object.values(portfolio.holdings).reduce((sum, shares) => sum + shares, 0);
}

export function topActivity(state: PlayingState): Activity | undefined {
  return state.turn.stack[state.turn.stack.length - 1];
}

export function lotCost(lots: number, price: number): number {
  return lots * lotSize * price;
}

export function portfolioValue(state: TableState, portfolio: PlayerPortfolio): number {
  return Object.entries(portfolio.holdings).reduce((sum, [company, shares]) => sum + shares * priceOf(state, company), 0);
}

/** Lots a player has promised and not yet delivered: on offer, sold and awaiting payment, or asked for. */
function committedLots(state: PlayingState, playerId: PlayerId, company: CompanyId): number {
  return state.turn.stack.reduce((sum, activity) => {
    switch (activity.kind) {
      case 'sale':
        return activity.seller === playerId && activity.company === company && activity.status !== 'settling' ? sum + activity.lots : sum;
      case 'payment':
        return activity.creditor === playerId && activity.company === company ? sum + activity.lots : sum;
      case 'debt':
        return activity.stage === 'raising' && activity.creditor === playerId && activity.company === company ? sum + activity.lots : sum;
      case 'premiumRequest':
        return activity.seller === playerId && activity.company === company ? sum + activity.lots : sum;
      case 'bidding':
      case 'auction':
      case 'obligation':
        return sum;
      default:
        return assertNever(activity, 'activity');
    }
  }, 0);
}

/** Lots a player may still put up for sale or be asked for. */
export function freeLots(state: TableState, playerId: PlayerId, company: CompanyId): number {
  const portfolio = portfolioOf(state, playerId);
  if (!portfolio) return 0;
  const held = lotsOf(sharesOf(portfolio.holdings, company));
  return state.phase === 'playing' ? held - committedLots(state, playerId, company) : held;
}

export function holdsFreeShares(state: TableState, playerId: PlayerId): boolean {
  return companyIds().some((company) => freeLots(state, playerId, company) > 0);
}
