import { assertNever } from '@corbeille/kernel';
import { maxiBourseContent, startingCash, type CardEffect, type VariantName } from '@corbeille/maxi-bourse';
import { maxiBourseTrack, type MaxiBourseSpace } from '@corbeille/projections';
import type { MaxiBourseSpaceModel } from '../models/maxi-bourse-board.model';
import type { MaxiBourseCardEffectModel, MaxiBourseCardModel } from '../models/maxi-bourse-card.model';
import type { MaxiBourseContentModel } from '../models/maxi-bourse-content.model';

const CARDS = new Map(maxiBourseContent.cards.map((card) => [card.id, card]));
const COMPANIES = new Map(maxiBourseContent.companies.map((company) => [company.id, company]));

export function companyName(company: string): string {
  return COMPANIES.get(company)?.name ?? company;
}

function toEffectModel(effect: CardEffect): MaxiBourseCardEffectModel {
  const none = { company: null, sector: null, delta: null, amount: null };
  switch (effect.kind) {
    case 'companyPrice':
      return { ...none, kind: effect.kind, company: effect.company, delta: effect.delta };
    case 'sectorPrice':
      return { ...none, kind: effect.kind, sector: effect.sector, delta: effect.delta };
    case 'receive':
    case 'pay':
    case 'sellShares':
      return { ...none, kind: effect.kind, amount: effect.amount };
    default:
      return assertNever(effect, 'card effect');
  }
}

export function toCardModel(cardId: string): MaxiBourseCardModel {
  const card = CARDS.get(cardId);
  if (!card) throw new Error(`No Maxi Bourse card ${cardId}`);
  return { id: card.id, series: card.series, text: card.text, effects: card.effects.map(toEffectModel) };
}

export function toSpaceModel(space: MaxiBourseSpace): MaxiBourseSpaceModel {
  return { index: space.index, ring: space.ring, kind: space.kind, company: space.company, series: space.series };
}

/** The box's content. Each pile's cards are listed by id: the order they will be drawn in stays the banker's. */
export function toContentModel(): MaxiBourseContentModel {
  const { companies, sectors, variants, cards, cardSeries, payouts } = maxiBourseContent;
  return {
    companies: companies.map((company) => ({ id: company.id, name: company.name, sector: company.sector, nominal: company.nominal })),
    sectors: sectors.map((sector) => ({
      id: sector.id,
      name: sector.name,
      companies: companies.filter((company) => company.sector === sector.id).map((company) => company.id),
    })),
    variants: (Object.keys(variants) as VariantName[]).map((variant) => {
      const definition = variants[variant];
      const spaces = maxiBourseTrack(variant);
      return {
        variant,
        label: definition.label,
        rings: [...definition.rings],
        startingCash: startingCash(definition),
        startingCompanies: definition.startingCompanies,
        startingNominals: [...definition.startingNominals],
        trackLength: spaces.length,
        spaces: spaces.map(toSpaceModel),
      };
    }),
    cardSeries: cardSeries.map((series) => {
      const inSeries = cards
        .filter((card) => card.series === series)
        .map((card) => card.id)
        .sort();
      return { series, size: inSeries.length, cards: inSeries.map(toCardModel) };
    }),
    rules: {
      minPlayers: maxiBourseContent.players.min,
      maxPlayers: maxiBourseContent.players.max,
      sharesPerCompany: maxiBourseContent.sharesPerCompany,
      lotSize: maxiBourseContent.lotSize,
      maxLotsPerBid: maxiBourseContent.maxLotsPerBid,
      priceStep: maxiBourseContent.priceStep,
      priceFloor: maxiBourseContent.priceFloor,
      carelessFine: maxiBourseContent.carelessFine,
      defaultTurnLimit: maxiBourseContent.defaultTurnLimit,
      dividendPerShare: payouts.dividendPerShare,
      majorityShares: payouts.majorityShares,
      horizontalBonus: payouts.horizontalBonus,
      verticalBonus: payouts.verticalBonus,
    },
  };
}
