import type { RecordedEvent } from '@corbeille/event-store';
import { assertNever, type Viewer } from '@corbeille/kernel';
import { components, dividendAt, type BolsaAction, type BolsaView, type CompanyId, type MonthRecord, type Plan } from '@corbeille/bolsa';
import type { BolsaLedgerEntry, BolsaMonthStatus, BolsaPublicPortfolio } from '@corbeille/projections';
import type { BolsaLegalActionModel } from '../models/bolsa-legal-action.model';
import type { BolsaMonthModel, BolsaMonthRecordModel, BolsaPlayedCardModel } from '../models/bolsa-month.model';
import type { BolsaPlayerPlanModel } from '../models/bolsa-plan.model';
import type { BolsaHoldingModel, BolsaLotModel, BolsaPortfolioModel, BolsaStandingModel } from '../models/bolsa-portfolio.model';
import type { BolsaSnapshotModel } from '../models/bolsa-snapshot.model';
import { toNewspaperCardModel, toPlanModel, toSharesModels } from './bolsa-content.mapper';
import { toBolsaPhase } from './bolsa-read-model.mapper';

/** The seat this viewer plays, if any. */
export function seatOf(viewer: Viewer): string | null {
  return viewer.kind === 'player' ? viewer.playerId : null;
}

function playerPlans(plans: Readonly<Record<string, Plan>>, seatOrder: readonly string[]): BolsaPlayerPlanModel[] {
  return seatOrder.flatMap((playerId) => {
    const plan = plans[playerId];
    return plan ? [{ playerId, plan: toPlanModel(plan) }] : [];
  });
}

function playedCards(cards: MonthRecord['cardsPlayed']): BolsaPlayedCardModel[] {
  return cards.map((card) => ({ playerId: card.playerId, card: toNewspaperCardModel(card.cardId) }));
}

function monthRecordModel(record: MonthRecord, seatOrder: readonly string[]): BolsaMonthRecordModel {
  return {
    month: record.month,
    plans: playerPlans(record.plans, seatOrder),
    excluded: [...record.excluded],
    cardsPlayed: playedCards(record.cardsPlayed),
  };
}

/**
 * The month: where it is and who has planned come from the public read model; the plans and the
 * newspaper hand only from the engine's view for this viewer.
 */
export function toMonthModel(gameId: string, status: BolsaMonthStatus, view: BolsaView, viewer: Viewer, lastPosition: number): BolsaMonthModel {
  const table = view.table;
  const seatOrder = table?.seatOrder ?? [];
  const me = seatOf(viewer);
  const visiblePlans: BolsaPlayerPlanModel[] = table?.revealedPlans
    ? playerPlans(table.revealedPlans, seatOrder)
    : me !== null && table?.myPlan
      ? [{ playerId: me, plan: toPlanModel(table.myPlan) }]
      : [];
  const hand = table?.newspaper.myHand ?? null;
  return {
    gameId,
    month: status.month,
    monthName: components.monthNames[status.month - 1] ?? '',
    quarter: status.quarter,
    monthOfQuarter: status.monthOfQuarter,
    phase: toBolsaPhase(status.phase),
    deadline: status.deadline,
    timed: view.options !== null && status.month >= view.options.timedFromMonth,
    planned: [...status.planned],
    awaiting: [...status.awaiting],
    excluded: [...status.excluded],
    readers: [...status.readers],
    readersWhoChose: [...status.readersWhoChose],
    cardsPlayed: status.cardsPlayed.map((card) => ({ playerId: card.playerId, card: toNewspaperCardModel(card.cardId) })),
    suspended: [...status.suspended],
    deckSize: status.deckSize,
    plans: visiblePlans,
    myHand: hand ? { drawn: hand.drawn.map(toNewspaperCardModel), chosen: hand.chosen === null ? null : toNewspaperCardModel(hand.chosen) } : null,
    previousMonth: table?.previousMonth ? monthRecordModel(table.previousMonth, seatOrder) : null,
    lastPosition,
  };
}

/**
 * Portfolios: cash from the public read model; shares only where the view shows them; what was paid
 * per share only for the viewer's own seat (from the public ledger of that player's trades).
 */
export function toPortfolioModels(
  portfolios: readonly BolsaPublicPortfolio[],
  view: BolsaView,
  viewer: Viewer,
  ownTrades: readonly BolsaLedgerEntry[],
): BolsaPortfolioModel[] {
  const table = view.table;
  const me = seatOf(viewer);
  return portfolios.map((portfolio) => {
    const shares = table?.players.find((player) => player.playerId === portfolio.playerId)?.shares ?? null;
    const holdings: BolsaHoldingModel[] | null =
      shares === null || table === null
        ? null
        : table.companies.map((company) => {
            const held = shares[company.id];
            return {
              company: company.id,
              shares: held,
              value: held * company.price,
              dividend: held * dividendAt(company.id, company.level),
              paid: portfolio.playerId === me ? lotsOf(company.id, held, ownTrades) : null,
            };
          });
    return {
      playerId: portfolio.playerId,
      name: portfolio.name,
      seat: portfolio.seat,
      cash: portfolio.cash,
      holdings,
      worth: holdings === null ? null : portfolio.cash + holdings.reduce((sum, holding) => sum + holding.value, 0),
      excludedMonths: [...portfolio.excludedMonths],
      rank: portfolio.rank,
    };
  });
}

/**
 * The scale on the back of the screen: the shares held, by the price paid. Sales take the oldest shares
 * first (the dealt ones, then purchases in order); the book leaves the choice to the player.
 */
export function lotsOf(company: CompanyId, held: number, trades: readonly BolsaLedgerEntry[]): BolsaLotModel[] {
  const ofCompany = trades.filter((entry) => entry.company === company);
  const bought = ofCompany.filter((entry) => entry.kind === 'PURCHASE').reduce((sum, entry) => sum + entry.shares, 0);
  const gone = ofCompany.filter((entry) => entry.kind === 'SALE' || entry.kind === 'LIQUIDATION').reduce((sum, entry) => sum + entry.shares, 0);
  const lots: { price: number | null; shares: number }[] = [{ price: null, shares: Math.max(0, held + gone - bought) }];
  for (const entry of ofCompany) {
    if (entry.kind === 'PURCHASE') lots.push({ price: entry.price, shares: entry.shares });
    if (entry.kind !== 'SALE' && entry.kind !== 'LIQUIDATION') continue;
    let left = entry.shares;
    for (const lot of lots) {
      const taken = Math.min(left, lot.shares);
      lot.shares -= taken;
      left -= taken;
      if (left === 0) break;
    }
  }
  const merged: BolsaLotModel[] = [];
  for (const lot of lots) {
    if (lot.shares === 0) continue;
    const previous = merged[merged.length - 1];
    if (previous && previous.price === lot.price) previous.shares += lot.shares;
    else merged.push({ ...lot });
  }
  return merged;
}

export function toStandingModels(view: BolsaView): BolsaStandingModel[] {
  return (view.table?.standings ?? []).map((standing) => ({ playerId: standing.playerId, rank: standing.rank, cash: standing.cash }));
}

export function toLegalActionModel(action: BolsaAction): BolsaLegalActionModel {
  const none = { maxMarkers: null, sellable: [], buyable: [], deadline: null, cards: [] };
  switch (action.type) {
    case 'JoinGame':
    case 'StartGame':
      return { ...none, type: action.type };
    case 'SubmitPlan':
      return {
        ...none,
        type: action.type,
        maxMarkers: action.maxMarkers,
        sellable: toSharesModels(action.sellable),
        buyable: [...action.buyable],
        deadline: action.deadline,
      };
    case 'ChooseNewspaperCard':
      return { ...none, type: action.type, cards: action.cards.map(toNewspaperCardModel) };
    default:
      return assertNever(action, 'action');
  }
}

/** A time-travel snapshot: the view of the state after `last`. */
export function toSnapshotModel(gameId: string, view: BolsaView, last: RecordedEvent): BolsaSnapshotModel {
  const table = view.table;
  return {
    gameId,
    position: last.position,
    revision: last.revision,
    phase: toBolsaPhase(view.phase),
    month: table?.month ?? 0,
    prices: (table?.companies ?? []).map((company) => ({ company: company.id, price: company.price })),
    players: table
      ? table.players.map((player) => ({
          playerId: player.playerId,
          name: player.name,
          cash: player.cash,
          shares: player.shares === null ? null : toSharesModels(player.shares),
          hasSubmittedPlan: player.hasSubmittedPlan,
        }))
      : view.seats.map((seat) => ({ playerId: seat.playerId, name: seat.name, cash: 0, shares: null, hasSubmittedPlan: false })),
    state: view,
  };
}

