import { asPlayerId } from '@corbeille/kernel';
import { maxiBourseContent, type MaxiBourseAction } from '@corbeille/maxi-bourse';
import { MAXI_BOURSE_COMPANIES, MaxiBourseActionType } from '../models/maxi-bourse-enums';
import { toCardModel, toContentModel } from './maxi-bourse-content.mapper';
import { toLegalActionModel } from './maxi-bourse-view.mapper';

describe('Maxi Bourse mappers', () => {
  it('describe the box: 40 companies, each variant’s track, the cards listed by id', () => {
    const content = toContentModel();
    expect(content.companies).toHaveLength(40);
    expect(MAXI_BOURSE_COMPANIES).toEqual(content.companies.map((company) => company.id));
    expect(content.sectors.flatMap((sector) => sector.companies).sort()).toEqual([...MAXI_BOURSE_COMPANIES].sort());
    expect(content.variants.map((variant) => [variant.variant, variant.trackLength, variant.startingCash])).toEqual([
      ['junior', 20, 5_000_000],
      ['senior', 37, 10_000_000],
      ['masters', 50, 15_000_000],
    ]);
    expect(content.cardSeries.map((series) => series.size)).toEqual([32, 32, 32, 32, 32]);
    for (const series of content.cardSeries) {
      const ids = series.cards.map((card) => card.id);
      expect(ids).toEqual([...ids].sort());
    }
    expect(content.rules).toMatchObject({ lotSize: 1_000, maxLotsPerBid: 2, priceStep: 10, defaultTurnLimit: maxiBourseContent.defaultTurnLimit });
  });

  it('turn every kind of legal action into its GraphQL shape', () => {
    const actions: MaxiBourseAction[] = [
      { type: 'JoinGame' },
      { type: 'StartGame' },
      { type: 'PickStartingCompany', companies: ['AEG', 'BP'] },
      { type: 'RollDice' },
      { type: 'OfferShares', company: 'AEG', maxLots: 3 },
      { type: 'AnswerSaleOffer', price: 90, maxLots: 1 },
      { type: 'RequestShares', sellerId: asPlayerId('ana'), company: 'BP', maxLots: 2 },
      { type: 'QuotePremiumPrice', minPrice: 210, maxPrice: 400, step: 10 },
      { type: 'DeclineShareRequest' },
      { type: 'AnswerPremiumPrice', price: 230 },
      { type: 'ClosePremiumSale', price: 220 },
      { type: 'BuyOnDouble', company: 'ELF', price: 300, maxLots: 2 },
      { type: 'SkipDoublePurchase' },
      { type: 'ChooseShareCompany', company: 'FIAT', atMarketPrice: true },
      { type: 'PassShareSpace' },
      { type: 'DeclareBid', company: 'SONY', price: 200, maxLots: 2 },
      { type: 'AnswerAuction', company: 'TWA', price: 330, lots: 2 },
      { type: 'PayForShares', amount: 600_000 },
      { type: 'RevealRumour', cardId: 'RU-01', company: 'COCA_COLA', delta: 60 },
    ];
    const models = actions.map(toLegalActionModel);
    expect(new Set(models.map((model) => model.type))).toEqual(new Set(Object.values(MaxiBourseActionType)));
    expect(models.find((model) => model.type === 'QuotePremiumPrice')).toMatchObject({ minPrice: 210, maxPrice: 400, step: 10 });
    expect(models.find((model) => model.type === 'RevealRumour')).toMatchObject({ cardId: 'RU-01', delta: 60, card: toCardModel('RU-01') });
    expect(toCardModel('RU-01').effects).toEqual([{ kind: 'companyPrice', company: 'COCA_COLA', sector: null, delta: 60, amount: null }]);
    expect(() => toCardModel('XX-99')).toThrow('No Maxi Bourse card XX-99');
  });
});
