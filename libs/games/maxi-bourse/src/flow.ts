import { assertNever, shuffle } from '@corbeille/kernel';
import type { DecisionContext, PlayerId } from '@corbeille/kernel';
import { maxiBourseContent } from './content';
import type { CardDefinition, CardSeries } from './content';
import { evolve } from './evolve';
import {
  bankLots,
  canTakePart,
  clampPrice,
  companyIds,
  holdsFreeShares,
  isInTheRunning,
  lotCost,
  opponentsOf,
  playersInTheRunning,
  portfolioValue,
  priceOf,
  seatsFrom,
  topActivity,
  trackSpaces,
} from './state';
import type { Activity, EndReason, LotRequest, MaxiBourseEvent, MaxiBourseState, Party, PlayingState, TableState, Valuation } from './types';

/**
 * What happens without anyone having to decide: closing rounds of bidding and auctions, lowering a
 * price after refusals, resolving a space, settling debts, passing the turn. `settle` folds the
 * events of a command and keeps advancing until the game waits for a player again.
 */

type Sale = Extract<Activity, { kind: 'sale' }>;
type Auction = Extract<Activity, { kind: 'auction' }>;
type Bidding = Extract<Activity, { kind: 'bidding' }>;

const { priceStep, lotSize } = maxiBourseContent;
const SETTLE_LIMIT = 10_000;

export function settle(state: MaxiBourseState, produced: readonly MaxiBourseEvent[], context: DecisionContext): MaxiBourseEvent[] {
  const events = [...produced];
  let current = produced.reduce(evolve, state);
  for (let steps = 0; steps < SETTLE_LIMIT; steps += 1) {
    const next = advance(current, context);
    if (next.length === 0) return events;
    events.push(...next);
    current = next.reduce(evolve, current);
  }
  throw new Error('The game did not come to rest after a command');
}

function advance(state: MaxiBourseState, context: DecisionContext): MaxiBourseEvent[] {
  if (state.phase !== 'playing') return [];
  // V: the session closes when only one player remains in the running.
  if (playersInTheRunning(state).length <= 1) return [gameEnded(state, 'ONE_PLAYER_LEFT')];
  const top = topActivity(state);
  if (top) return advanceActivity(state, top);
  const { roller, step } = state.turn;
  if (!isInTheRunning(state, roller)) return passTurn(state);
  switch (step.kind) {
    case 'awaitingRoll':
      return [];
    case 'doublePurchase':
      return canTakePart(state, roller) ? [] : [{ type: 'DoublePurchaseSkipped', data: { playerId: roller } }];
    case 'landing':
      return resolveSpace(state, context);
    case 'shareSpace':
      return canTakePart(state, roller) ? [] : [{ type: 'ShareSpacePassed', data: { playerId: roller, reason: 'penalised' } }];
    case 'done':
      return passTurn(state);
    default:
      return assertNever(step, 'turn step');
  }
}

function advanceActivity(state: PlayingState, activity: Activity): MaxiBourseEvent[] {
  switch (activity.kind) {
    case 'bidding':
      return advanceBidding(state, activity);
    case 'auction':
      return advanceAuction(state, activity);
    case 'sale':
      return advanceSale(state, activity);
    case 'payment':
      return [];
    case 'premiumRequest':
      return canTakePart(state, activity.buyer) && canTakePart(state, activity.seller)
        ? []
        : [{ type: 'ShareRequestLapsed', data: { buyer: activity.buyer, seller: activity.seller } }];
    case 'debt':
      return advanceDebt(state, activity);
    case 'obligation':
      return advanceObligation(state, activity);
    default:
      return assertNever(activity, 'activity');
  }
}

// ---- Share spaces (III.1) -----------------------------------------------------------------------

function advanceBidding(state: PlayingState, bidding: Bidding): MaxiBourseEvent[] {
  switch (bidding.status) {
    case 'open': {
      const speaker = bidding.speakers[bidding.bids.length];
      if (speaker !== undefined) {
        if (canTakePart(state, speaker)) return [];
        const price = priceOf(state, bidding.company);
        const basis = bidding.marketPriceFor === speaker && bidding.round === 1 ? 'market' : 'atBest';
        return [{ type: 'BidDeclared', data: { playerId: speaker, company: bidding.company, lots: 0, basis, priceBefore: price, priceAfter: price } }];
      }
      return closeBiddingRound(state, bidding);
    }
    case 'auction':
      return [];
    case 'settled': {
      // III.1-3: only the players who bought in the last round speak in the next one.
      const speakers = seatsFrom(state, state.turn.roller).filter((id) => bidding.buyers.includes(id) && canTakePart(state, id));
      const bankShares = bankLots(state, bidding.company) * lotSize;
      if (bankShares > 0 && speakers.length > 0) {
        return [{ type: 'BiddingRoundOpened', data: { company: bidding.company, round: bidding.round + 1, speakers, bankShares, marketPriceFor: null } }];
      }
      return [{ type: 'ShareTradingClosed', data: { company: bidding.company, bankShares } }];
    }
    default:
      return assertNever(bidding.status, 'bidding status');
  }
}

/** III.1-5 and III.1-6: everyone pays the round's last price, unless the bank runs short. */
function closeBiddingRound(state: PlayingState, bidding: Bidding): MaxiBourseEvent[] {
  const { company, round } = bidding;
  const atBest: LotRequest[] = bidding.bids
    .filter((bid) => bid.basis === 'atBest' && bid.lots > 0)
    .map(({ playerId, lots }) => ({ playerId, lots }));
  const demand = sumLots(atBest);
  const supply = bankLots(state, company);
  const price = priceOf(state, company);
  if (demand <= supply || atBest.length === 1) {
    const buyers = atBest.map((bid) => ({ playerId: bid.playerId, lots: Math.min(bid.lots, supply) })).filter((bid) => bid.lots > 0);
    return [
      { type: 'BiddingRoundClosed', data: { company, round, price, buyers, shortage: false } },
      ...paymentsFor(buyers, company, price, 'bank'),
    ];
  }
  return [
    { type: 'BiddingRoundClosed', data: { company, round, price, buyers: atBest, shortage: true } },
    ...openAuction(company, supply, atBest, price, state.turn.roller, 'shortage'),
  ];
}

function openAuction(
  company: string,
  supplyLots: number,
  bidders: LotRequest[],
  startPrice: number,
  preferenceFrom: PlayerId,
  purpose: 'shortage' | 'sale',
): MaxiBourseEvent[] {
  return [
    { type: 'AuctionOpened', data: { company, supplyLots, bidders, startPrice, preferenceFrom, purpose } },
    { type: 'AuctionPriceProposed', data: { company, price: startPrice + priceStep } },
  ];
}

/** III.1-6: +10 $ at a time until the stayers' requests fit; a simultaneous withdrawal keeps the last price. */
function advanceAuction(state: PlayingState, auction: Auction): MaxiBourseEvent[] {
  const answered = (playerId: PlayerId) => auction.answers.some((answer) => answer.playerId === playerId);
  const unanswered = auction.bidders.filter((bidder) => !answered(bidder.playerId));
  const absent = unanswered.find((bidder) => !canTakePart(state, bidder.playerId));
  if (absent) return [{ type: 'AuctionAnswered', data: { playerId: absent.playerId, price: auction.price, stay: false } }];
  if (unanswered.length > 0) return [];

  const stays = (playerId: PlayerId) => auction.answers.some((answer) => answer.playerId === playerId && answer.stay);
  const stayed = auction.bidders.filter((bidder) => stays(bidder.playerId));
  const withdrew = auction.bidders.filter((bidder) => !stays(bidder.playerId)).map((bidder) => bidder.playerId);
  if (stayed.length === 0) {
    const allocations = allocateByPreference(state, auction.bidders, auction.supplyLots, auction.preferenceFrom);
    return [
      { type: 'AuctionClosed', data: { company: auction.company, price: auction.lastPrice, allocations, simultaneousWithdrawal: true } },
      ...afterAuction(state, auction, allocations, auction.lastPrice),
    ];
  }
  const resolved: MaxiBourseEvent = {
    type: 'AuctionStepResolved',
    data: { price: auction.price, stayed: stayed.map((bidder) => bidder.playerId), withdrew },
  };
  if (sumLots(stayed) <= auction.supplyLots || stayed.length === 1) {
    const allocations = stayed.map((bidder) => ({ playerId: bidder.playerId, lots: Math.min(bidder.lots, auction.supplyLots) }));
    return [
      resolved,
      { type: 'AuctionClosed', data: { company: auction.company, price: auction.price, allocations, simultaneousWithdrawal: false } },
      ...afterAuction(state, auction, allocations, auction.price),
    ];
  }
  return [resolved, { type: 'AuctionPriceProposed', data: { company: auction.company, price: auction.price + priceStep } }];
}

/** III.1-6 example 3: the player who rolled first, then the seats nearest to him. */
function allocateByPreference(state: PlayingState, bidders: readonly LotRequest[], supplyLots: number, origin: PlayerId): LotRequest[] {
  let remaining = supplyLots;
  const allocations: LotRequest[] = [];
  for (const playerId of seatsFrom(state, origin)) {
    const bidder = bidders.find((candidate) => candidate.playerId === playerId);
    if (!bidder || remaining === 0) continue;
    const lots = Math.min(bidder.lots, remaining);
    remaining -= lots;
    allocations.push({ playerId, lots });
  }
  return allocations;
}

function afterAuction(state: PlayingState, auction: Auction, allocations: LotRequest[], price: number): MaxiBourseEvent[] {
  switch (auction.purpose) {
    case 'shortage':
      return paymentsFor(allocations, auction.company, price, 'bank');
    case 'sale': {
      const sale = state.turn.stack[state.turn.stack.length - 2];
      if (sale?.kind !== 'sale') return [];
      return saleAllocated({ ...sale, price }, allocations);
    }
    default:
      return assertNever(auction.purpose, 'auction purpose');
  }
}

/** Payments in seat order: the first buyer's payment is answered first (pushed last). */
function paymentsFor(buyers: readonly LotRequest[], company: string, price: number, creditor: Party): MaxiBourseEvent[] {
  return buyers
    .filter((buyer) => buyer.lots > 0)
    .map((buyer): MaxiBourseEvent => ({ type: 'PaymentRequested', data: { payer: buyer.playerId, creditor, company, lots: buyer.lots, price } }))
    .reverse();
}

function sumLots(requests: readonly LotRequest[]): number {
  return requests.reduce((sum, request) => sum + request.lots, 0);
}

// ---- Selling (III.2) ----------------------------------------------------------------------------

function advanceSale(state: PlayingState, sale: Sale): MaxiBourseEvent[] {
  switch (sale.status) {
    case 'offering': {
      const responder = sale.responders[sale.answers.length];
      if (responder !== undefined) return canTakePart(state, responder) ? [] : saleAnswer(sale, responder, 0);
      const interest = sale.answers.filter((answer) => answer.lots > 0);
      if (interest.length > 0) {
        if (sumLots(interest) <= sale.lots || interest.length === 1) return saleAllocated(sale, interest);
        const origin = sale.seller === 'bank' ? state.turn.roller : sale.seller;
        return openAuction(sale.company, sale.lots, interest, sale.price, origin, 'sale');
      }
      // III.6: a forced sale goes to the Share Service at market price.
      if (sale.mode === 'forced') return [soldToBank(sale, sale.price)];
      if (sale.round < 2) {
        const responders = sale.seller === 'bank' ? sale.responders.filter((id) => canTakePart(state, id)) : opponentsOf(state, sale.seller);
        return [{ type: 'SaleRoundOpened', data: { round: sale.round + 1, price: sale.price, responders } }];
      }
      // III.2 examples: after the second round the bank buys, a further 10 $ lower per lot.
      return [soldToBank(sale, clampPrice(sale.price - priceStep * sale.lots))];
    }
    case 'auction':
      return [];
    case 'settling':
      return [{ type: 'SaleClosed', data: { seller: sale.seller, company: sale.company, proceeds: sale.proceeds } }];
    default:
      return assertNever(sale.status, 'sale status');
  }
}

/** An answer to an offer; while nobody has shown interest, each refusal lowers the price 10 $ per lot. */
export function saleAnswer(sale: Sale, playerId: PlayerId, lots: number): MaxiBourseEvent[] {
  const events: MaxiBourseEvent[] = [{ type: 'SaleOfferAnswered', data: { playerId, lots, price: sale.price } }];
  const interestShown = lots > 0 || sale.answers.some((answer) => answer.lots > 0);
  if (interestShown || sale.mode === 'forced') return events;
  const to = clampPrice(sale.price - priceStep * sale.lots);
  if (to !== sale.price) events.push({ type: 'SalePriceLowered', data: { company: sale.company, from: sale.price, to, refusedBy: playerId } });
  return events;
}

function saleAllocated(sale: Sale, interest: readonly LotRequest[]): MaxiBourseEvent[] {
  let remaining = sale.lots;
  const allocations = interest.map((request) => {
    const lots = Math.min(request.lots, remaining);
    remaining -= lots;
    return { playerId: request.playerId, lots };
  });
  const events: MaxiBourseEvent[] = [
    { type: 'SaleAllocated', data: { company: sale.company, price: sale.price, allocations, unsoldLots: remaining } },
  ];
  // III.8: the banker buys the seized shares that remain unsold.
  if (sale.mode === 'seizure' && remaining > 0) events.push(soldToBank({ ...sale, lots: remaining }, sale.price));
  return [...events, ...paymentsFor(allocations, sale.company, sale.price, sale.seller)];
}

function soldToBank(sale: Sale, price: number): MaxiBourseEvent {
  return {
    type: 'SoldToBank',
    data: { seller: sale.seller, company: sale.company, lots: sale.lots, price, amount: lotCost(sale.lots, price), priceBefore: sale.price },
  };
}

// ---- Careless players and cards (III.6, III.8) --------------------------------------------------

function advanceDebt(state: PlayingState, debt: Extract<Activity, { kind: 'debt' }>): MaxiBourseEvent[] {
  const portfolio = state.players[debt.debtor];
  if (!portfolio) return [];
  switch (debt.stage) {
    case 'raising': {
      const { debtor, creditor, company, lots, price, amount } = debt;
      const fineOwed = debt.fineOwed ?? 0;
      const paid: MaxiBourseEvent = { type: 'SharesPaid', data: { payer: debtor, creditor, company, lots, price, amount } };
      if (portfolio.cash >= amount + fineOwed) {
        return fineOwed > 0 ? [paid, { type: 'CarelessFinePaid', data: { playerId: debtor, amount: fineOwed } }] : [paid];
      }
      // III.8: the player sells shares until the cash covers the purchase and the rest of the fine.
      if (holdsFreeShares(state, debt.debtor)) return [];
      if (portfolio.cash >= amount) {
        // Nothing left to sell: the creditor is paid first, the bank gets what is left towards the fine.
        const rest = portfolio.cash - amount;
        return rest > 0 ? [paid, { type: 'CarelessFinePaid', data: { playerId: debtor, amount: rest } }] : [paid];
      }
      // Insolvent: the banker seizes the shares the player wished to acquire and resells them.
      return [
        { type: 'PlayerInsolvent', data: { playerId: debt.debtor, cashPaid: portfolio.cash } },
        { type: 'SharesSeized', data: { from: debt.creditor, company: debt.company, lots: debt.lots } },
        {
          type: 'SaleOpened',
          data: {
            seller: 'bank',
            company: debt.company,
            lots: debt.lots,
            mode: 'seizure',
            price: priceOf(state, debt.company),
            responders: opponentsOf(state, debt.debtor),
          },
        },
      ];
    }
    case 'seizure':
      return [];
    case 'seized': {
      // III.8: the rest of the fine is taken from the surplus before it goes back to the player.
      const surplus = Math.max(0, debt.cashPaid + debt.seizureProceeds - debt.amount);
      const finePaid = Math.min(surplus, debt.fineOwed ?? 0);
      const refund = surplus - finePaid;
      const turnsToMiss = refund > 0 ? portfolio.missedTurns + 1 : portfolio.missedTurns;
      const base = { debtor: debt.debtor, creditor: debt.creditor, creditorPaid: debt.amount, refund };
      const settled: MaxiBourseEvent = {
        type: 'SeizureSettled',
        data: finePaid > 0 ? { ...base, finePaid, turnsToMiss } : { ...base, turnsToMiss },
      };
      return refund > 0 ? [settled] : [settled, { type: 'PlayerRuined', data: { playerId: debt.debtor, cashSurrendered: 0 } }];
    }
    default:
      return assertNever(debt.stage, 'debt stage');
  }
}

function advanceObligation(state: PlayingState, obligation: Extract<Activity, { kind: 'obligation' }>): MaxiBourseEvent[] {
  const portfolio = state.players[obligation.playerId];
  if (!portfolio) return [];
  const mustSell = holdsFreeShares(state, obligation.playerId) && (obligation.raised < obligation.sellAtLeast || portfolio.cash < obligation.amount);
  if (mustSell) return [];
  const { playerId, cardId, amount } = obligation;
  if (portfolio.cash >= amount) return [{ type: 'ObligationPaid', data: { playerId, cardId, amount } }];
  return [{ type: 'PlayerRuined', data: { playerId, cashSurrendered: portfolio.cash } }];
}

// ---- Spaces and cards (III.3 to III.6) ----------------------------------------------------------

function resolveSpace(state: PlayingState, context: DecisionContext): MaxiBourseEvent[] {
  const roller = state.turn.roller;
  const position = state.players[roller]?.position ?? 0;
  const space = trackSpaces(state.options)[position];
  if (!space) throw new Error(`No space at ${position} on the track`);
  switch (space.kind) {
    case 'share':
      return [{ type: 'ShareSpaceOpened', data: { playerId: roller, company: space.company } }];
    case 'card':
      return drawCard(state, roller, space.series, context);
    default:
      return assertNever(space, 'space');
  }
}

export function cardById(cardId: string): CardDefinition {
  const card = maxiBourseContent.cards.find((candidate) => candidate.id === cardId);
  if (!card) throw new Error(`Unknown card ${cardId}`);
  return card;
}

function drawCard(state: PlayingState, playerId: PlayerId, series: CardSeries, context: DecisionContext): MaxiBourseEvent[] {
  const deck = state.decks[series];
  const events: MaxiBourseEvent[] = [];
  let pile = deck.drawPile;
  if (pile.length === 0) {
    if (deck.discardPile.length === 0) return [{ type: 'NoCardLeft', data: { playerId, series } }];
    pile = shuffle(deck.discardPile, context.random);
    events.push({ type: 'DeckShuffled', data: { series, order: [...pile] } });
  }
  const cardId = pile[0] as string;
  // III.5: a rumour stays secret until its holder reveals it.
  if (series === 'RUMOURS') return [...events, { type: 'RumourDrawn', data: { playerId, cardId } }];
  return [...events, { type: 'CardDrawn', data: { playerId, series, cardId } }, ...cardEffects(state, playerId, cardById(cardId))];
}

function cardEffects(state: TableState, playerId: PlayerId, card: CardDefinition): MaxiBourseEvent[] {
  const prices: Record<string, number> = { ...state.prices };
  const move = (company: string, delta: number): MaxiBourseEvent => {
    const from = prices[company] ?? 0;
    const to = clampPrice(from + delta);
    prices[company] = to;
    return { type: 'PriceMoved', data: { company, from, to, cardId: card.id } };
  };
  return card.effects.flatMap((effect): MaxiBourseEvent[] => {
    switch (effect.kind) {
      case 'companyPrice':
        return [move(effect.company, effect.delta)];
      case 'sectorPrice':
        return maxiBourseContent.companies.filter((company) => company.sector === effect.sector).map((company) => move(company.id, effect.delta));
      case 'receive':
        return [{ type: 'BankPaidPlayer', data: { playerId, amount: effect.amount, cardId: card.id } }];
      case 'pay':
        return [{ type: 'ObligationOpened', data: { playerId, cardId: card.id, amount: effect.amount, sellAtLeast: 0 } }];
      case 'sellShares':
        return [{ type: 'ObligationOpened', data: { playerId, cardId: card.id, amount: effect.amount, sellAtLeast: effect.amount } }];
      default:
        return assertNever(effect, 'card effect');
    }
  });
}

// ---- Turns and the close (II, V) ----------------------------------------------------------------

function passTurn(state: PlayingState): MaxiBourseEvent[] {
  // V: the session closes when the Share Service has sold everything.
  if (companyIds().every((company) => bankLots(state, company) === 0)) return [gameEnded(state, 'ALL_SHARES_SOLD')];
  const events: MaxiBourseEvent[] = [];
  const { seatOrder, options } = state;
  const stillToMiss = new Map(seatOrder.map((id) => [id, state.players[id]?.missedTurns ?? 0]));
  let index = seatOrder.indexOf(state.turn.roller);
  let tableTurn = state.turn.tableTurn;
  const guard = seatOrder.length * (2 + [...stillToMiss.values()].reduce((sum, missed) => sum + missed, 0));
  for (let step = 0; step < guard; step += 1) {
    index += 1;
    if (index >= seatOrder.length) {
      index = 0;
      events.push({ type: 'TableTurnCompleted', data: { tableTurn } });
      if (options.turnLimit !== null && tableTurn >= options.turnLimit) return [...events, gameEnded(state, 'TURN_LIMIT')];
      tableTurn += 1;
    }
    const playerId = seatOrder[index] as PlayerId;
    if (!isInTheRunning(state, playerId)) continue;
    const missed = stillToMiss.get(playerId) ?? 0;
    if (missed > 0) {
      // III.8: the careless player misses the turn.
      stillToMiss.set(playerId, missed - 1);
      events.push({ type: 'TurnMissed', data: { playerId, stillToMiss: missed - 1 } });
      continue;
    }
    return [...events, { type: 'TurnStarted', data: { playerId, tableTurn } }];
  }
  throw new Error('No player could take the next turn');
}

/** V: the richest player, counting cheques and shares at their stock market value, wins. */
export function gameEnded(state: TableState, reason: EndReason): MaxiBourseEvent {
  const totals = state.seatOrder.map((playerId) => {
    const portfolio = state.players[playerId];
    const cash = portfolio?.cash ?? 0;
    const shareValue = portfolio ? portfolioValue(state, portfolio) : 0;
    return { playerId, cash, shareValue, total: cash + shareValue };
  });
  const valuations: Valuation[] = totals.map((entry) => ({
    ...entry,
    rank: 1 + totals.filter((other) => other.total > entry.total).length,
  }));
  const contenders = valuations.filter((valuation) => isInTheRunning(state, valuation.playerId));
  const best = Math.max(...contenders.map((valuation) => valuation.total));
  const winners = contenders.filter((valuation) => valuation.total === best).map((valuation) => valuation.playerId);
  return { type: 'GameEnded', data: { reason, prices: { ...state.prices }, valuations, winners } };
}
