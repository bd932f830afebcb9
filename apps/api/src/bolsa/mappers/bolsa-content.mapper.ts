import { companyDefinition, newspaperCards, type CompanyId, type NewspaperCardId, type Plan } from '@corbeille/bolsa';
import type { BolsaCompanyBoardModel, BolsaSharesModel } from '../models/bolsa-company.model';
import type { BolsaNewspaperCardModel } from '../models/bolsa-newspaper-card.model';
import type { BolsaPlanModel } from '../models/bolsa-plan.model';

export function toCompanyBoardModel(company: CompanyId): BolsaCompanyBoardModel {
  const definition = companyDefinition(company);
  return {
    company,
    name: definition.name,
    colour: definition.colour,
    risk: definition.risk,
    priceGrid: [...definition.priceGrid],
    dividendGrid: [...definition.dividendGrid],
    startLevel: definition.startLevel,
  };
}

export function toNewspaperCardModel(cardId: NewspaperCardId): BolsaNewspaperCardModel {
  const card = newspaperCards.find((candidate) => candidate.id === cardId);
  if (!card) throw new Error(`No newspaper card ${cardId}`);
  const { effect } = card;
  return {
    id: card.id,
    headline: card.headline,
    moves: effect.kind === 'move' ? effect.moves.map((move) => ({ company: move.company, levels: move.levels })) : [],
    suspends: effect.kind === 'suspend' ? effect.company : null,
  };
}

/** Shares per company, in the order the engine lists them (board order), without zeros. */
export function toSharesModels(record: Partial<Record<CompanyId, number>>): BolsaSharesModel[] {
  return (Object.entries(record) as [CompanyId, number | undefined][]).flatMap(([company, shares]) =>
    shares !== undefined && shares > 0 ? [{ company, shares }] : [],
  );
}

export function toPlanModel(plan: Plan): BolsaPlanModel {
  const sell = toSharesModels(plan.sell);
  const buy = toSharesModels(plan.buy);
  const count = (orders: BolsaSharesModel[]) => orders.reduce((sum, order) => sum + order.shares, 0);
  return { sell, buy, newspaper: plan.newspaper, markers: count(sell) + count(buy) + plan.newspaper };
}
