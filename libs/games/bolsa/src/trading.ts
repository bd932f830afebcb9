import type { PlayerId, RandomSource } from '@corbeille/kernel';
import { movedLevel, priceAt } from './market';
import type { EventRecorder } from './recorder';
import { bluePrice, portfolioOf } from './state';
import type { RevealedState } from './state';
import type { CompanyId } from './types';

/** Steps 5 to 8, carried out from the revealed plans; no player decides anything here. */
export function carryOutOrders(recorder: EventRecorder, random: RandomSource): void {
  const { companies } = recorder.state;
  for (const company of companies) sellShares(recorder, company);
  // Step 6 serves the companies with enough shares on the board; Step 7 then draws lots for the others.
  const lotteries: CompanyId[] = [];
  for (const company of companies) {
    const wanted = intentions(revealed(recorder), company);
    const demand = wanted.reduce((sum, [, shares]) => sum + shares, 0);
    if (demand > recorder.state.market[company].available) lotteries.push(company);
    else for (const [playerId, shares] of wanted) buyShares(recorder, playerId, company, shares, 'purchase');
  }
  for (const company of lotteries) runLottery(recorder, company, random);
  replaceYellowMarkers(recorder);
}

function revealed(recorder: EventRecorder): RevealedState {
  const state = recorder.state;
  if (state.phase !== 'trading' && state.phase !== 'newspaper') throw new Error(`No revealed plans in phase ${state.phase}`);
  return state;
}

/** The players' buy markers on a company, in seat order. */
function intentions(state: RevealedState, company: CompanyId): [PlayerId, number][] {
  return state.seatOrder.flatMap((playerId): [PlayerId, number][] => {
    const shares = state.plans[playerId]?.buy[company] ?? 0;
    return shares > 0 ? [[playerId, shares]] : [];
  });
}

/** The virtual yellow marker, or the blue one while no yellow marker has been placed. */
function yellowLevel(recorder: EventRecorder, company: CompanyId): number {
  const state = recorder.state;
  return (state.phase === 'trading' ? state.yellow[company] : undefined) ?? state.market[company].level;
}

/**
 * Step 5, player by player: shares sold at the blue price; the yellow marker goes one level down per share.
 * Selling shares the player does not own has no effect (Important Rules).
 */
function sellShares(recorder: EventRecorder, company: CompanyId): void {
  const state = revealed(recorder);
  const { month } = state;
  for (const playerId of state.seatOrder) {
    const planned = state.plans[playerId]?.sell[company] ?? 0;
    if (planned === 0) continue;
    const shares = Math.min(planned, portfolioOf(recorder.state, playerId).shares[company]);
    if (shares > 0) {
      const price = bluePrice(recorder.state, company);
      const from = yellowLevel(recorder, company);
      const to = movedLevel(company, from, -shares);
      recorder.emit({
        type: 'SharesSold',
        data: {
          month,
          playerId,
          company,
          shares,
          price,
          proceeds: shares * price,
          yellowFromPrice: priceAt(company, from),
          yellowToPrice: priceAt(company, to),
          yellowLevel: to,
        },
      });
    }
    if (planned > shares) {
      recorder.emit({
        type: 'PlannedActionIneffective',
        data: { month, playerId, company, action: 'sell', markers: planned - shares, reason: 'NOT_ENOUGH_SHARES' },
      });
    }
  }
}

/**
 * Steps 6 and 7: the player pays the blue price for each share; the yellow marker goes one level up
 * per share. A share the player cannot pay for is not bought (Important Rules) and stays on the board.
 */
function buyShares(recorder: EventRecorder, playerId: PlayerId, company: CompanyId, planned: number, via: 'purchase' | 'lottery'): void {
  const { month } = recorder.state;
  const price = bluePrice(recorder.state, company);
  const shares = Math.min(planned, Math.floor(portfolioOf(recorder.state, playerId).cash / price));
  if (shares > 0) {
    const from = yellowLevel(recorder, company);
    const to = movedLevel(company, from, shares);
    recorder.emit({
      type: 'SharesBought',
      data: {
        month,
        playerId,
        company,
        shares,
        price,
        cost: shares * price,
        via,
        yellowFromPrice: priceAt(company, from),
        yellowToPrice: priceAt(company, to),
        yellowLevel: to,
      },
    });
  }
  if (planned > shares) {
    recorder.emit({
      type: 'PlannedActionIneffective',
      data: { month, playerId, company, action: 'buy', markers: planned - shares, reason: 'NOT_ENOUGH_CASH' },
    });
  }
}

/**
 * Step 7: the available shares plus blank ones make a pile as large as all the buy intentions.
 * The player with most intentions draws first (a tie is drawn at random), then the turn passes
 * around the table to the players who still have markers. Whether a draw is real is decided at
 * the moment of the draw, from what is left in the pile; the pile has no order before that.
 */
function runLottery(recorder: EventRecorder, company: CompanyId, random: RandomSource): void {
  const state = revealed(recorder);
  const { month, seatOrder, options } = state;
  const wanted = intentions(state, company);
  const realShares = state.market[company].available;
  const blankShares = wanted.reduce((sum, [, shares]) => sum + shares, 0) - realShares;
  const most = Math.max(...wanted.map(([, shares]) => shares));
  const tied = wanted.filter(([, shares]) => shares === most).map(([playerId]) => playerId);
  const firstDrawer = tied.length === 1 ? tied[0] : tied[random.int(0, tied.length - 1)];
  if (firstDrawer === undefined) throw new Error(`A lottery for ${company} without buyers`);
  recorder.emit({
    type: 'LotteryStarted',
    data: {
      month,
      company,
      realShares,
      blankShares,
      intentions: Object.fromEntries(wanted),
      firstDrawer,
      tiedForFirst: tied.length > 1 ? tied : [],
    },
  });

  const markersLeft = new Map(wanted);
  const won = new Map<PlayerId, number>();
  const step = options.lotteryRotation === 'next-seat' ? 1 : seatOrder.length - 1;
  let seat = seatOrder.indexOf(firstDrawer);
  let realLeft = realShares;
  let blankLeft = blankShares;
  // Around the table, skipping players without markers: the last one left draws again and again.
  for (let draw = 1; realLeft + blankLeft > 0; seat = (seat + step) % seatOrder.length) {
    const playerId = seatOrder[seat];
    const left = playerId === undefined ? 0 : (markersLeft.get(playerId) ?? 0);
    if (playerId === undefined || left === 0) continue;
    const real = blankLeft === 0 || (realLeft > 0 && random.int(0, realLeft + blankLeft - 1) < realLeft);
    if (real) realLeft -= 1;
    else blankLeft -= 1;
    markersLeft.set(playerId, left - 1);
    if (real) won.set(playerId, (won.get(playerId) ?? 0) + 1);
    recorder.emit({ type: 'LotteryShareDrawn', data: { month, company, playerId, draw, real, realLeft, blankLeft } });
    draw += 1;
  }
  // "When all the shares have been drawn, the players pay according to the actual shares they received."
  for (const playerId of seatOrder) {
    const shares = won.get(playerId) ?? 0;
    if (shares > 0) buyShares(recorder, playerId, company, shares, 'lottery');
  }
}

/** Step 8: the blue marker replaces each virtual yellow marker. */
function replaceYellowMarkers(recorder: EventRecorder): void {
  const state = recorder.state;
  if (state.phase !== 'trading') return;
  for (const company of state.companies) {
    const level = state.yellow[company];
    if (level === undefined) continue;
    recorder.emit({
      type: 'YellowMarkerReplaced',
      data: { month: state.month, company, fromPrice: bluePrice(state, company), toPrice: priceAt(company, level), level },
    });
  }
}
