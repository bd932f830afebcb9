import type { GameType, TradeRef } from '../league/league.types';

/**
 * The trade audit of a class: every trade made at its tables, read from the games' own events, and
 * the patterns a teacher would want to look at. This module knows no game's rules: the API reads each
 * game's events with its engine and hands over trades and signals in the shapes below. Money is in
 * cents (BOLSA's euros and Maxi Bourse's dollars times 100), quantities in shares.
 */

export type TradeSide = 'buy' | 'sell';

export interface AuditTrade {
  readonly tradeId: string;
  readonly trade: TradeRef;
  /** The id the event store gave the event that recorded the trade. */
  readonly eventId: string;
  readonly eventType: string;
  /** Position of that event in the global log. */
  readonly position: number;
  readonly occurredAt: string;
  /** Stock Ticker's round, BOLSA's month, Maxi Bourse's turn around the table; null before the first. */
  readonly round: number | null;
  readonly side: TradeSide;
  readonly company: string;
  readonly shares: number;
  /** Cents per share. */
  readonly price: number;
  /** Cents paid (a purchase) or received (a sale). */
  readonly amount: number;
  /** The company's market price just before the trade, cents per share. */
  readonly marketPrice: number;
  readonly cashBefore: number;
  readonly cashAfter: number;
  /** Shares of the company the seat held before and after the trade. */
  readonly sharesBefore: number;
  readonly sharesAfter: number;
  /** Who was on the other side: 'broker' (Stock Ticker), 'market' (BOLSA), 'bank' or a seat's player id (Maxi Bourse). */
  readonly counterparty: string;
  readonly counterpartyIsPlayer: boolean;
  /** How the trade came about, when the rules tell (BOLSA's 'lottery', Maxi Bourse's 'premium'); null otherwise. */
  readonly via: string | null;
}

/** A BOLSA plan as the audit compares them: markers per company to sell and buy, and newspaper markers. */
export interface AuditPlan {
  readonly sell: Readonly<Record<string, number>>;
  readonly buy: Readonly<Record<string, number>>;
  readonly newspaper: number;
}

interface SignalBase {
  readonly gameType: GameType;
  readonly gameId: string;
  readonly position: number;
  readonly revision: number;
  readonly occurredAt: string;
}

/** What else of a game's events the flags look at. */
export type AuditSignal =
  /** The month's plans, once revealed (never before: plans are secret until then). */
  | (SignalBase & { readonly kind: 'plans-revealed'; readonly month: number; readonly plans: Readonly<Record<string, AuditPlan>> })
  /** A penalty for not being able to pay (Maxi Bourse's careless player), fine in cents. */
  | (SignalBase & { readonly kind: 'penalty'; readonly round: number | null; readonly playerId: string; readonly fine: number });

export type AuditFlagKind = 'off-market-price' | 'identical-plans' | 'mirrored-plans' | 'repeated-penalties';

export interface FlaggedSeat {
  readonly gameType: GameType;
  readonly gameId: string;
  readonly playerId: string;
  /** Who the seat counts for in the class (an account id, `bot:<playerId>` or `guest:<playerId>`). */
  readonly participantId: string;
}

export interface AuditFlag {
  readonly flagId: string;
  readonly kind: AuditFlagKind;
  readonly seats: readonly FlaggedSeat[];
  /** The trades the flag is about (both sides of a sale between players; the plans' trades of that month). */
  readonly tradeIds: readonly string[];
  /** Log positions of the events behind the flag, in order. */
  readonly positions: readonly number[];
  readonly firstAt: string;
  readonly lastAt: string;
  /** BOLSA's month, for plan flags. */
  readonly month: number | null;
  /** How far the price was from the market price, in percent of the market price (off-market flags). */
  readonly deviationPercent: number | null;
  /** How many events the flag stands for (penalties counted). */
  readonly count: number;
  readonly message: string;
}

export interface FlagThresholds {
  /** A trade between players this far from the market price (in percent, either way) is flagged. */
  readonly minDeviationPercent: number;
  /** This many penalties of one participant, across the class's games, are flagged. */
  readonly minPenalties: number;
}

export const DEFAULT_FLAG_THRESHOLDS: FlagThresholds = { minDeviationPercent: 25, minPenalties: 2 };

export type ParticipantOf = (gameType: GameType, gameId: string, playerId: string) => string;

/** (price - market) / market in percent, to one decimal; null without a market price. */
export function deviationPercent(price: number, marketPrice: number): number | null {
  if (marketPrice <= 0) return null;
  return Math.round(((price - marketPrice) / marketPrice) * 1000) / 10;
}

/** Every flag of the class, in log order. */
export function detectFlags(input: {
  readonly trades: readonly AuditTrade[];
  readonly signals: readonly AuditSignal[];
  readonly participantOf: ParticipantOf;
  readonly thresholds?: Partial<FlagThresholds>;
}): AuditFlag[] {
  const thresholds = { ...DEFAULT_FLAG_THRESHOLDS, ...input.thresholds };
  const flags = [
    ...offMarketFlags(input.trades, input.participantOf, thresholds.minDeviationPercent),
    ...planFlags(input.signals, input.trades, input.participantOf),
    ...penaltyFlags(input.signals, input.participantOf, thresholds.minPenalties),
  ];
  return flags.sort((a, b) => (a.positions[0] ?? 0) - (b.positions[0] ?? 0) || a.flagId.localeCompare(b.flagId));
}

/** Trades between two players (not with the broker, the market or the bank) far from the market price. */
export function offMarketFlags(trades: readonly AuditTrade[], participantOf: ParticipantOf, minDeviationPercent: number): AuditFlag[] {
  const byEvent = new Map<string, AuditTrade[]>();
  for (const trade of trades) {
    if (!trade.counterpartyIsPlayer) continue;
    const deviation = deviationPercent(trade.price, trade.marketPrice);
    if (deviation === null || Math.abs(deviation) < minDeviationPercent) continue;
    const key = `${trade.trade.gameType}:${trade.trade.gameId}:${trade.trade.revision}`;
    byEvent.set(key, [...(byEvent.get(key) ?? []), trade]);
  }
  return [...byEvent.entries()].map(([key, sides]) => {
    const first = sides[0] as AuditTrade;
    const buyer = sides.find((side) => side.side === 'buy')?.trade.playerId ?? (first.side === 'sell' ? first.counterparty : first.trade.playerId);
    const seller = sides.find((side) => side.side === 'sell')?.trade.playerId ?? (first.side === 'buy' ? first.counterparty : first.trade.playerId);
    const deviation = deviationPercent(first.price, first.marketPrice);
    const players = [...new Set([buyer, seller])].sort();
    return {
      flagId: `off-market-price:${key}`,
      kind: 'off-market-price',
      seats: players.map((playerId) => seatOf(first.trade.gameType, first.trade.gameId, playerId, participantOf)),
      tradeIds: sides.map((side) => side.tradeId),
      positions: [first.position],
      firstAt: first.occurredAt,
      lastAt: first.occurredAt,
      month: null,
      deviationPercent: deviation,
      count: 1,
      message: `${seller} sold ${first.shares} ${first.company} to ${buyer} at ${formatCents(first.price)} a share, ${formatPercent(deviation)} from the market price of ${formatCents(first.marketPrice)}`,
    };
  });
}

/**
 * BOLSA plans of two players revealed the same month that are the same (identical), or that swap
 * sales and purchases company for company (mirrored: one sells what the other buys, and buys what the
 * other sells). Plans without a sale or a purchase are never flagged; a mirror needs both.
 */
export function planFlags(signals: readonly AuditSignal[], trades: readonly AuditTrade[], participantOf: ParticipantOf): AuditFlag[] {
  const flags: AuditFlag[] = [];
  for (const signal of signals) {
    if (signal.kind !== 'plans-revealed') continue;
    const players = Object.keys(signal.plans).sort();
    for (const [index, a] of players.entries()) {
      for (const b of players.slice(index + 1)) {
        const planA = signal.plans[a] as AuditPlan;
        const planB = signal.plans[b] as AuditPlan;
        const kind = identicalPlans(planA, planB) ? 'identical-plans' : mirroredPlans(planA, planB) ? 'mirrored-plans' : undefined;
        if (!kind) continue;
        const tradeIds = trades
          .filter(
            (trade) =>
              trade.trade.gameType === signal.gameType &&
              trade.trade.gameId === signal.gameId &&
              trade.round === signal.month &&
              (trade.trade.playerId === a || trade.trade.playerId === b),
          )
          .map((trade) => trade.tradeId);
        flags.push({
          flagId: `${kind}:${signal.gameType}:${signal.gameId}:${signal.month}:${a}+${b}`,
          kind,
          seats: [a, b].map((playerId) => seatOf(signal.gameType, signal.gameId, playerId, participantOf)),
          tradeIds,
          positions: [signal.position],
          firstAt: signal.occurredAt,
          lastAt: signal.occurredAt,
          month: signal.month,
          deviationPercent: null,
          count: 1,
          message:
            kind === 'identical-plans'
              ? `${a} and ${b} handed in the same plan in month ${signal.month}: ${describePlan(planA)}`
              : `${a} and ${b} handed in mirrored plans in month ${signal.month}: ${describePlan(planA)} against ${describePlan(planB)}`,
        });
      }
    }
  }
  return flags;
}

/** Participants penalised `minPenalties` times or more across the class's games. */
export function penaltyFlags(signals: readonly AuditSignal[], participantOf: ParticipantOf, minPenalties: number): AuditFlag[] {
  const byParticipant = new Map<string, Extract<AuditSignal, { kind: 'penalty' }>[]>();
  for (const signal of signals) {
    if (signal.kind !== 'penalty') continue;
    const participantId = participantOf(signal.gameType, signal.gameId, signal.playerId);
    byParticipant.set(participantId, [...(byParticipant.get(participantId) ?? []), signal]);
  }
  const flags: AuditFlag[] = [];
  for (const [participantId, penalties] of byParticipant) {
    if (penalties.length < Math.max(1, minPenalties)) continue;
    const ordered = [...penalties].sort((a, b) => a.position - b.position);
    const first = ordered[0] as (typeof ordered)[number];
    const last = ordered[ordered.length - 1] as (typeof ordered)[number];
    const seats = new Map<string, FlaggedSeat>();
    for (const penalty of ordered) {
      seats.set(`${penalty.gameType}:${penalty.gameId}:${penalty.playerId}`, { gameType: penalty.gameType, gameId: penalty.gameId, playerId: penalty.playerId, participantId });
    }
    const fines = ordered.reduce((sum, penalty) => sum + penalty.fine, 0);
    flags.push({
      flagId: `repeated-penalties:${participantId}`,
      kind: 'repeated-penalties',
      seats: [...seats.values()],
      tradeIds: [],
      positions: ordered.map((penalty) => penalty.position),
      firstAt: first.occurredAt,
      lastAt: last.occurredAt,
      month: null,
      deviationPercent: null,
      count: ordered.length,
      message: `${first.playerId} was fined ${ordered.length} times for failing to pay (${formatCents(fines)} in all)`,
    });
  }
  return flags;
}

export function identicalPlans(a: AuditPlan, b: AuditPlan): boolean {
  return hasTrades(a) && sameMarkers(a.sell, b.sell) && sameMarkers(a.buy, b.buy) && a.newspaper === b.newspaper;
}

export function mirroredPlans(a: AuditPlan, b: AuditPlan): boolean {
  return markerCount(a.sell) > 0 && markerCount(a.buy) > 0 && sameMarkers(a.sell, b.buy) && sameMarkers(a.buy, b.sell);
}

function hasTrades(plan: AuditPlan): boolean {
  return markerCount(plan.sell) + markerCount(plan.buy) > 0;
}

function markerCount(markers: Readonly<Record<string, number>>): number {
  return Object.values(markers).reduce((sum, count) => sum + count, 0);
}

function sameMarkers(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): boolean {
  const companies = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...companies].every((company) => (a[company] ?? 0) === (b[company] ?? 0));
}

function describePlan(plan: AuditPlan): string {
  const list = (markers: Readonly<Record<string, number>>) =>
    Object.entries(markers)
      .filter(([, count]) => count > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([company, count]) => `${count} ${company}`)
      .join(', ');
  const parts = [
    markerCount(plan.sell) > 0 ? `sell ${list(plan.sell)}` : '',
    markerCount(plan.buy) > 0 ? `buy ${list(plan.buy)}` : '',
    plan.newspaper > 0 ? `${plan.newspaper} on the newspaper` : '',
  ].filter((part) => part !== '');
  return parts.join('; ');
}

function seatOf(gameType: GameType, gameId: string, playerId: string, participantOf: ParticipantOf): FlaggedSeat {
  return { gameType, gameId, playerId, participantId: participantOf(gameType, gameId, playerId) };
}

function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function formatPercent(value: number | null): string {
  if (value === null) return 'an unknown distance';
  return `${value > 0 ? '+' : ''}${value}%`;
}
