import type { RandomSource } from '@corbeille/kernel';
import { formatInstant, parseInstant } from './clock';
import { components } from './content';
import { dividendAt, movedLevel, priceAt, quarterBalance } from './market';
import type { EventRecorder } from './recorder';
import { bluePrice, closingPrices } from './state';
import type { Standing, TrendDie } from './types';

export function rollTrendDie(random: RandomSource): TrendDie {
  const faces = components.trendDieFaces;
  const die = faces[random.int(0, faces.length - 1)];
  if (die === undefined) throw new Error('The random source gave a face outside the trend die');
  return die;
}

/**
 * Steps 1-3 of a month: the trend dice, their cubes and, at the end of a quarter, the price moves.
 * Then Step 4 opens: the timer runs from now (from the first timed month on).
 */
export function startMonth(recorder: EventRecorder, month: number, now: string, random: RandomSource): void {
  const { options, companies, suspendedNextMonth } = recorder.state;
  const start = parseInstant(now);
  if (start === undefined) throw new Error(`The clock reading "${now}" was checked before the month started`);
  const deadline = month >= options.timedFromMonth ? formatInstant(start + options.planningSeconds * 1000) : null;
  recorder.emit({ type: 'MonthStarted', data: { month, deadline, suspended: [...suspendedNextMonth] } });

  const monthOfQuarter = (((month - 1) % components.monthsPerQuarter) + 1) as 1 | 2 | 3;
  for (const company of companies) {
    const die = rollTrendDie(random);
    const cubes = { colour: die > 0 ? ('green' as const) : ('red' as const), count: Math.abs(die) };
    recorder.emit({ type: 'TrendDieRolled', data: { month, monthOfQuarter, company, die, cubes } });
  }
  if (monthOfQuarter !== components.monthsPerQuarter) return;
  // Step 3: in March, June, September and December the balance of the cubes moves the blue marker.
  for (const company of companies) {
    const { level, trend } = recorder.state.market[company];
    const { green, red } = quarterBalance(trend);
    const to = movedLevel(company, level, green - red);
    recorder.emit({
      type: 'QuarterPriceMoved',
      data: { month, company, green, red, levels: green - red, fromPrice: priceAt(company, level), toPrice: priceAt(company, to), level: to },
    });
  }
}

/** Step 10, or the end of the year when this was the last month played. */
export function endMonth(recorder: EventRecorder, now: string, random: RandomSource): void {
  const { month, options } = recorder.state;
  recorder.emit({ type: 'MonthEnded', data: { month, closingPrices: closingPrices(recorder.state) } });
  if (month >= options.lastMonth) endYear(recorder);
  else startMonth(recorder, month + 1, now, random);
}

/** End of Year: 1 - dividends on the closing price, 2 - every share sold at that price; most money wins. */
function endYear(recorder: EventRecorder): void {
  const { companies, seatOrder, month } = recorder.state;
  for (const company of companies) {
    const perShare = dividendAt(company, recorder.state.market[company].level);
    const payments = seatOrder.flatMap((playerId) => {
      const shares = recorder.state.portfolios[playerId]?.shares[company] ?? 0;
      return shares > 0 ? [{ playerId, shares, amount: shares * perShare }] : [];
    });
    recorder.emit({ type: 'DividendsPaid', data: { company, price: bluePrice(recorder.state, company), perShare, payments } });
  }
  for (const company of companies) {
    const price = bluePrice(recorder.state, company);
    const sales = seatOrder.flatMap((playerId) => {
      const shares = recorder.state.portfolios[playerId]?.shares[company] ?? 0;
      return shares > 0 ? [{ playerId, shares, proceeds: shares * price }] : [];
    });
    recorder.emit({ type: 'SharesLiquidated', data: { company, price, sales } });
  }
  const cash = seatOrder.map((playerId) => ({ playerId, cash: recorder.state.portfolios[playerId]?.cash ?? 0 }));
  const standings: Standing[] = [...cash]
    .sort((a, b) => b.cash - a.cash)
    .map(({ playerId, cash: final }) => ({ playerId, cash: final, rank: 1 + cash.filter((other) => other.cash > final).length }));
  const winners = standings.filter((standing) => standing.rank === 1).map((standing) => standing.playerId);
  recorder.emit({ type: 'GameEnded', data: { lastMonth: month, standings, winners } });
}
