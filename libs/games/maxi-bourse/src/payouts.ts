import type { PlayerId } from '@corbeille/kernel';
import { maxiBourseContent } from './content';
import { companySector, sharesOf, totalShares } from './state';
import type { CompanyId, MaxiBourseEvent, PlayerPortfolio } from './types';

type PayoutEvent = Extract<MaxiBourseEvent, { type: 'DividendPaid' | 'DirectorsFeePaid' | 'HorizontalBonusPaid' | 'VerticalBonusPaid' }>;

const rules = maxiBourseContent.payouts;

/**
 * IV: what a portfolio earns at the end of a complete round, item by item. Gains stack (IV.4):
 * a majority counts for its director's fee, a horizontal and a vertical concentration at once.
 */
export function payoutsFor(
  playerId: PlayerId,
  portfolio: PlayerPortfolio,
  prices: Readonly<Record<CompanyId, number>>,
): PayoutEvent[] {
  const events: PayoutEvent[] = [];
  const shares = totalShares(portfolio);
  // IV.1: 10 $ per share held.
  if (shares > 0) events.push({ type: 'DividendPaid', data: { playerId, shares, amount: shares * rules.dividendPerShare } });

  const held = maxiBourseContent.companies.filter((company) => sharesOf(portfolio.holdings, company.id) > 0);
  const majorities = held.filter((company) => sharesOf(portfolio.holdings, company.id) >= rules.majorityShares);
  // IV.2: the value of 1,000 shares at the current price, never the nominal value.
  for (const company of majorities) {
    const price = prices[company.id] ?? 0;
    events.push({
      type: 'DirectorsFeePaid',
      data: { playerId, company: company.id, price, amount: price * rules.directorsFeeShares },
    });
  }

  // IV.3 horizontal: a majority and two other companies of the same sector with 3,000 shares or more.
  for (const sector of maxiBourseContent.sectors) {
    const inSector = held
      .filter((company) => company.sector === sector.id)
      .sort((a, b) => sharesOf(portfolio.holdings, b.id) - sharesOf(portfolio.holdings, a.id));
    const leader = inSector[0];
    if (!leader || sharesOf(portfolio.holdings, leader.id) < rules.majorityShares) continue;
    const others = inSector.slice(1).filter((company) => sharesOf(portfolio.holdings, company.id) >= rules.horizontalMinorityShares);
    if (others.length < rules.horizontalCompanies - 1) continue;
    const companies = [leader, ...others.slice(0, rules.horizontalCompanies - 1)].map((company) => company.id);
    events.push({ type: 'HorizontalBonusPaid', data: { playerId, sector: sector.id, companies, amount: rules.horizontalBonus } });
  }

  // IV.3 vertical: each set of majorities in three different sectors.
  for (const companies of verticalSets(majorities.map((company) => company.id))) {
    events.push({ type: 'VerticalBonusPaid', data: { playerId, companies, amount: rules.verticalBonus } });
  }
  return events;
}

/** As many disjoint sets of majorities in distinct sectors as possible: always draw from the fullest sectors. */
function verticalSets(majorities: readonly CompanyId[]): CompanyId[][] {
  const bySector = new Map<string, CompanyId[]>();
  for (const company of majorities) {
    const sector = companySector(company);
    bySector.set(sector, [...(bySector.get(sector) ?? []), company]);
  }
  const sets: CompanyId[][] = [];
  for (;;) {
    const fullest = [...bySector.entries()]
      .filter(([, companies]) => companies.length > 0)
      .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
      .slice(0, rules.verticalCompanies);
    if (fullest.length < rules.verticalCompanies) return sets;
    sets.push(fullest.map(([sector, companies]) => {
      const [first, ...rest] = companies;
      bySector.set(sector, rest);
      return first as CompanyId;
    }));
  }
}
