import type { RecordedEvent } from '@corbeille/event-store';
import { assertNever } from '@corbeille/kernel';
import { maxiBourseContent, type MaxiBourseAction, type MaxiBourseView } from '@corbeille/maxi-bourse';
import type { MaxiBoursePortfolio } from '@corbeille/projections';
import type { MaxiBourseLegalActionModel } from '../models/maxi-bourse-legal-action.model';
import type { MaxiBoursePortfolioModel } from '../models/maxi-bourse-portfolio.model';
import type { MaxiBourseSnapshotModel } from '../models/maxi-bourse-snapshot.model';
import { toCardModel } from './maxi-bourse-content.mapper';
import { toMaxiBoursePhase } from './maxi-bourse-read-model.mapper';

type TableView = Exclude<MaxiBourseView, { phase: 'uncreated' } | { phase: 'lobby' }>;

function tableOf(view: MaxiBourseView): TableView | undefined {
  return view.phase === 'uncreated' || view.phase === 'lobby' ? undefined : view;
}

/**
 * Portfolios: cash, shares and how many Rumours cards from the public read model; the cards themselves
 * only where the engine's view shows them (the holder and the referee).
 */
export function toPortfolioModels(portfolios: readonly MaxiBoursePortfolio[], view: MaxiBourseView): MaxiBoursePortfolioModel[] {
  const table = tableOf(view);
  return portfolios.map((portfolio) => {
    const rumours = table?.players.find((player) => player.playerId === portfolio.playerId)?.rumours;
    return {
      playerId: portfolio.playerId,
      name: portfolio.name,
      seat: portfolio.seat,
      cash: portfolio.cash,
      holdings: portfolio.holdings.map((holding) => ({ ...holding })),
      shareValue: portfolio.shareValue,
      worth: portfolio.worth,
      rumourCount: portfolio.rumourCount,
      rumours: rumours === undefined ? null : rumours.map(toCardModel),
      missedTurns: portfolio.missedTurns,
      ruined: portfolio.ruined,
      rank: portfolio.rank,
    };
  });
}

export function toLegalActionModel(action: MaxiBourseAction): MaxiBourseLegalActionModel {
  const none = {
    companies: [],
    company: null,
    maxLots: null,
    lots: null,
    price: null,
    minPrice: null,
    maxPrice: null,
    step: null,
    sellerId: null,
    amount: null,
    atMarketPrice: null,
    cardId: null,
    card: null,
    delta: null,
  };
  switch (action.type) {
    case 'JoinGame':
    case 'StartGame':
    case 'RollDice':
    case 'DeclineShareRequest':
    case 'SkipDoublePurchase':
    case 'PassShareSpace':
      return { ...none, type: action.type };
    case 'PickStartingCompany':
      return { ...none, type: action.type, companies: [...action.companies] };
    case 'OfferShares':
      return { ...none, type: action.type, company: action.company, maxLots: action.maxLots };
    case 'AnswerSaleOffer':
      return { ...none, type: action.type, price: action.price, maxLots: action.maxLots };
    case 'RequestShares':
      return { ...none, type: action.type, sellerId: action.sellerId, company: action.company, maxLots: action.maxLots };
    case 'QuotePremiumPrice':
      return { ...none, type: action.type, minPrice: action.minPrice, maxPrice: action.maxPrice, step: action.step };
    case 'AnswerPremiumPrice':
    case 'ClosePremiumSale':
      return { ...none, type: action.type, price: action.price };
    case 'BuyOnDouble':
    case 'DeclareBid':
      return { ...none, type: action.type, company: action.company, price: action.price, maxLots: action.maxLots };
    case 'ChooseShareCompany':
      return { ...none, type: action.type, company: action.company, atMarketPrice: action.atMarketPrice };
    case 'AnswerAuction':
      return { ...none, type: action.type, company: action.company, price: action.price, lots: action.lots };
    case 'PayForShares':
      return { ...none, type: action.type, amount: action.amount };
    case 'RevealRumour':
      return { ...none, type: action.type, cardId: action.cardId, card: toCardModel(action.cardId), company: action.company, delta: action.delta };
    default:
      return assertNever(action, 'action');
  }
}

/** A time-travel snapshot: the view of the state after `last`. */
export function toSnapshotModel(gameId: string, view: Exclude<MaxiBourseView, { phase: 'uncreated' }>, last: RecordedEvent): MaxiBourseSnapshotModel {
  const table = tableOf(view);
  const base = { gameId, position: last.position, revision: last.revision, phase: toMaxiBoursePhase(view.phase), state: view };
  if (!table) {
    return {
      ...base,
      tableTurn: null,
      roller: null,
      prices: [],
      players: view.seats.map((seat) => ({ playerId: seat.playerId, name: seat.name, cash: 0, holdings: [], position: -1, rumourCount: 0, rumours: null, ruined: false })),
    };
  }
  return {
    ...base,
    tableTurn: table.turn?.tableTurn ?? null,
    roller: table.turn?.roller ?? null,
    prices: maxiBourseContent.companies.map((company) => ({ company: company.id, price: table.prices[company.id] ?? company.nominal })),
    players: table.players.map((player) => ({
      playerId: player.playerId,
      name: table.seats.find((seat) => seat.playerId === player.playerId)?.name ?? player.playerId,
      cash: player.cash,
      holdings: maxiBourseContent.companies.flatMap((company) => {
        const shares = player.holdings[company.id] ?? 0;
        return shares > 0 ? [{ company: company.id, shares }] : [];
      }),
      position: player.position,
      rumourCount: player.rumourCount,
      rumours: player.rumours === undefined ? null : [...player.rumours],
      ruined: player.ruined,
    })),
  };
}
