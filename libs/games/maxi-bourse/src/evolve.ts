import { assertNever } from '@corbeille/kernel';
import type { PlayerId } from '@corbeille/kernel';
import { maxiBourseContent } from './content';
import type { CardSeries } from './content';
import { clampPrice, sharesOf } from './state';
import type {
  Activity,
  CompanyId,
  Deck,
  MaxiBourseEvent,
  MaxiBourseState,
  Party,
  PlayerPortfolio,
  PlayingState,
  TableState,
  Turn,
  TurnStep,
} from './types';

const { lotSize } = maxiBourseContent;

/**
 * Folds one event into the state. It trusts the event (decide has validated it) and applies the
 * data the event carries, so folding the recorded events alone rebuilds the game.
 */
export function evolve(state: MaxiBourseState, event: MaxiBourseEvent): MaxiBourseState {
  switch (event.type) {
    case 'GameCreated':
      return { phase: 'lobby', gameId: event.data.gameId, options: event.data.options, seats: [] };
    case 'PlayerJoined': {
      if (state.phase !== 'lobby') return unexpected(state, event);
      return { ...state, seats: [...state.seats, { playerId: event.data.playerId, name: event.data.name }] };
    }
    case 'GameStarted': {
      if (state.phase !== 'lobby') return unexpected(state, event);
      const { seatOrder, cash, prices, bank, trackLength } = event.data;
      const players = Object.fromEntries(seatOrder.map((playerId) => [playerId, newPortfolio(cash[playerId] ?? 0)]));
      const emptyDeck: Deck = { drawPile: [], discardPile: [] };
      const decks = Object.fromEntries(maxiBourseContent.cardSeries.map((series) => [series, emptyDeck])) as Record<CardSeries, Deck>;
      return { ...state, phase: 'drafting', picks: 0, seatOrder, trackLength, prices, bank, players, decks };
    }
    case 'DeckShuffled': {
      const table = tableOf(state, event);
      return { ...table, decks: { ...table.decks, [event.data.series]: { drawPile: event.data.order, discardPile: [] } } };
    }
    case 'StartingCompanyPicked': {
      if (state.phase !== 'drafting') return unexpected(state, event);
      const { playerId, company, shares } = event.data;
      const moved = moveShares(state, company, shares, 'bank', playerId);
      return { ...moved, picks: state.picks + 1 };
    }
    case 'DraftClosed': {
      if (state.phase !== 'drafting') return unexpected(state, event);
      const { picks: _picks, ...table } = state;
      const first = table.seatOrder[0] as PlayerId;
      return { ...table, phase: 'playing', turn: { roller: first, tableTurn: 1, dice: null, step: { kind: 'done' }, stack: [] } };
    }
    case 'TurnStarted': {
      const playing = playingOf(state, event);
      const turn: Turn = {
        roller: event.data.playerId,
        tableTurn: event.data.tableTurn,
        dice: null,
        step: { kind: 'awaitingRoll', requestsMade: [] },
        stack: [],
      };
      return { ...playing, turn };
    }
    case 'TurnMissed':
      return updatePlayer(playingOf(state, event), event.data.playerId, (p) => ({ ...p, missedTurns: event.data.stillToMiss }));
    case 'TableTurnCompleted':
      return state;
    case 'DiceRolled': {
      const playing = playingOf(state, event);
      return { ...playing, turn: { ...playing.turn, dice: event.data.dice } };
    }
    case 'PawnMoved': {
      const playing = withStep(playingOf(state, event), { kind: 'landing' });
      return updatePlayer(playing, event.data.playerId, (p) => ({ ...p, position: event.data.to }));
    }
    case 'CircuitCompleted':
      return updatePlayer(playingOf(state, event), event.data.playerId, (p) => ({ ...p, circuits: event.data.circuits }));
    case 'DividendPaid':
    case 'DirectorsFeePaid':
    case 'HorizontalBonusPaid':
    case 'VerticalBonusPaid':
    case 'BankPaidPlayer':
      return updatePlayer(tableOf(state, event), event.data.playerId, (p) => ({ ...p, cash: p.cash + event.data.amount }));
    case 'DoublePurchaseOpened':
      return withStep(playingOf(state, event), { kind: 'doublePurchase' });
    case 'DoublePurchaseSkipped':
    case 'MarketPurchaseDeclared':
      return withStep(playingOf(state, event), { kind: 'landing' });
    case 'ShareSpaceOpened':
      return withStep(playingOf(state, event), { kind: 'shareSpace', company: event.data.company });
    case 'ShareCompanyChosen':
    case 'ShareSpacePassed':
    case 'NoCardLeft':
      return withStep(playingOf(state, event), { kind: 'done' });
    case 'BiddingRoundOpened': {
      const playing = playingOf(state, event);
      const { company, round, speakers, marketPriceFor } = event.data;
      const bidding: Activity = { kind: 'bidding', company, round, status: 'open', speakers, bids: [], marketPriceFor, buyers: [] };
      const top = lastOf(playing.turn.stack);
      return top?.kind === 'bidding' ? replaceTop(playing, bidding) : push(playing, bidding);
    }
    case 'BidDeclared': {
      const playing = playingOf(state, event);
      const { playerId, lots, basis, company, priceAfter } = event.data;
      const withBid = mapTop(playing, 'bidding', (bidding) => ({ ...bidding, bids: [...bidding.bids, { playerId, lots, basis }] }));
      return setPrice(withBid, company, priceAfter);
    }
    case 'BiddingRoundClosed': {
      const playing = playingOf(state, event);
      const { shortage } = event.data;
      return mapTop(playing, 'bidding', (bidding) => ({
        ...bidding,
        status: shortage ? 'auction' : 'settled',
        buyers: bidding.bids.filter((bid) => bid.lots > 0).map((bid) => bid.playerId),
      }));
    }
    case 'ShareTradingClosed':
      return pop(playingOf(state, event));
    case 'AuctionOpened': {
      const { company, supplyLots, bidders, startPrice, preferenceFrom, purpose } = event.data;
      const auction: Activity = {
        kind: 'auction',
        company,
        purpose,
        supplyLots,
        bidders,
        price: startPrice,
        lastPrice: startPrice,
        answers: [],
        preferenceFrom,
      };
      return push(mapTop(playingOf(state, event), 'sale', (sale) => ({ ...sale, status: 'auction' })), auction);
    }
    case 'AuctionPriceProposed':
      return mapTop(playingOf(state, event), 'auction', (auction) => ({ ...auction, price: event.data.price, answers: [] }));
    case 'AuctionAnswered': {
      const { playerId, stay } = event.data;
      return mapTop(playingOf(state, event), 'auction', (auction) => ({ ...auction, answers: [...auction.answers, { playerId, stay }] }));
    }
    case 'AuctionStepResolved': {
      const { stayed, price } = event.data;
      return mapTop(playingOf(state, event), 'auction', (auction) => ({
        ...auction,
        bidders: auction.bidders.filter((bidder) => stayed.includes(bidder.playerId)),
        lastPrice: price,
        answers: [],
      }));
    }
    case 'AuctionClosed': {
      const { company, price, allocations } = event.data;
      const popped = setPrice(pop(playingOf(state, event)), company, price);
      // The round of bidding that ran short is settled by the auction (III.1-6).
      return mapTop(popped, 'bidding', (bidding) => ({
        ...bidding,
        status: 'settled',
        buyers: [
          ...bidding.bids.filter((bid) => bid.basis === 'market' && bid.lots > 0).map((bid) => bid.playerId),
          ...allocations.map((allocation) => allocation.playerId),
        ],
      }));
    }
    case 'PaymentRequested': {
      const { payer, creditor, company, lots, price } = event.data;
      return push(playingOf(state, event), { kind: 'payment', payer, creditor, company, lots, price });
    }
    case 'SharesPaid': {
      const { payer, creditor, company, lots, amount } = event.data;
      const paid = transferCash(playingOf(state, event), payer, creditor, amount);
      return pop(moveShares(paid, company, lots * lotSize, creditor, payer));
    }
    case 'PaymentDefaulted': {
      const playing = playingOf(state, event);
      const top = lastOf(playing.turn.stack);
      if (top?.kind !== 'payment') return playing;
      const { payer, creditor, company, lots, price } = top;
      return replaceTop(playing, {
        kind: 'debt',
        debtor: payer,
        creditor,
        company,
        lots,
        price,
        amount: event.data.amount,
        stage: 'raising',
        cashPaid: 0,
        seizureProceeds: 0,
      });
    }
    case 'CarelessPlayerFined':
      return updatePlayer(playingOf(state, event), event.data.playerId, (p) => ({
        ...p,
        cash: p.cash - event.data.fine,
        missedTurns: event.data.turnsToMiss,
      }));
    case 'PlayerInsolvent': {
      const playing = updatePlayer(playingOf(state, event), event.data.playerId, (p) => ({ ...p, cash: p.cash - event.data.cashPaid }));
      return mapTop(playing, 'debt', (debt) => ({ ...debt, stage: 'seizure', cashPaid: event.data.cashPaid }));
    }
    case 'SharesSeized': {
      const { from, company, lots } = event.data;
      return moveShares(playingOf(state, event), company, lots * lotSize, from, 'bank');
    }
    case 'SeizureSettled': {
      const { debtor, creditor, creditorPaid, refund, turnsToMiss } = event.data;
      let playing = pop(playingOf(state, event));
      if (creditor !== 'bank') playing = updatePlayer(playing, creditor, (p) => ({ ...p, cash: p.cash + creditorPaid }));
      return updatePlayer(playing, debtor, (p) => ({ ...p, cash: p.cash + refund, missedTurns: turnsToMiss }));
    }
    case 'PlayerRuined':
      return ruin(playingOf(state, event), event.data.playerId, event.data.cashSurrendered);
    case 'SaleOpened': {
      const { seller, company, lots, mode, price, responders } = event.data;
      const sale: Activity = { kind: 'sale', seller, company, lots, mode, round: 1, status: 'offering', price, responders, answers: [], proceeds: 0 };
      return push(playingOf(state, event), sale);
    }
    case 'SaleRoundOpened': {
      const { round, price, responders } = event.data;
      return mapTop(playingOf(state, event), 'sale', (sale) => ({ ...sale, round, price, responders, answers: [] }));
    }
    case 'SaleOfferAnswered': {
      const { playerId, lots } = event.data;
      return mapTop(playingOf(state, event), 'sale', (sale) => ({ ...sale, answers: [...sale.answers, { playerId, lots }] }));
    }
    case 'SalePriceLowered': {
      const { company, to } = event.data;
      return setPrice(mapTop(playingOf(state, event), 'sale', (sale) => ({ ...sale, price: to })), company, to);
    }
    case 'SaleAllocated': {
      const { price, allocations } = event.data;
      const sold = allocations.reduce((sum, allocation) => sum + allocation.lots, 0);
      return mapTop(playingOf(state, event), 'sale', (sale) => ({
        ...sale,
        status: 'settling',
        proceeds: sale.proceeds + sold * lotSize * price,
      }));
    }
    case 'SoldToBank': {
      const { seller, company, lots, price, amount } = event.data;
      let playing = setPrice(playingOf(state, event), company, price);
      if (seller !== 'bank') {
        playing = moveShares(playing, company, lots * lotSize, seller, 'bank');
        playing = updatePlayer(playing, seller, (p) => ({ ...p, cash: p.cash + amount }));
      }
      return mapTop(playing, 'sale', (sale) => ({ ...sale, status: 'settling', proceeds: sale.proceeds + amount }));
    }
    case 'SaleClosed': {
      const popped = pop(playingOf(state, event));
      const { proceeds } = event.data;
      const top = lastOf(popped.turn.stack);
      if (top?.kind === 'debt' && top.stage === 'seizure') {
        return replaceTop(popped, { ...top, stage: 'seized', seizureProceeds: proceeds });
      }
      if (top?.kind === 'obligation') return replaceTop(popped, { ...top, raised: top.raised + proceeds });
      return popped;
    }
    case 'ShareRequestMade': {
      const { buyer, seller, company, lots } = event.data;
      const playing = playingOf(state, event);
      const step = playing.turn.step;
      // III.1-7: asking the holders ends the lander's business on the share space.
      const noted =
        step.kind === 'awaitingRoll'
          ? withStep(playing, { ...step, requestsMade: [...step.requestsMade, buyer] })
          : withStep(playing, { kind: 'done' });
      return push(noted, { kind: 'premiumRequest', buyer, seller, company, lots, quote: null, acceptedPrice: null });
    }
    case 'PremiumPriceQuoted':
      return mapTop(playingOf(state, event), 'premiumRequest', (request) => ({ ...request, quote: event.data.price }));
    case 'PremiumPriceAnswered': {
      const { accept, price } = event.data;
      return mapTop(playingOf(state, event), 'premiumRequest', (request) => ({
        ...request,
        quote: null,
        acceptedPrice: accept ? price : request.acceptedPrice,
      }));
    }
    case 'ShareRequestDeclined':
    case 'PremiumSaleAgreed':
    case 'ShareRequestLapsed':
      return pop(playingOf(state, event));
    case 'CardDrawn': {
      const playing = drawCard(playingOf(state, event), event.data.series);
      const deck = playing.decks[event.data.series];
      const discarded = { ...playing, decks: { ...playing.decks, [event.data.series]: { ...deck, discardPile: [...deck.discardPile, event.data.cardId] } } };
      return withStep(discarded, { kind: 'done' });
    }
    case 'RumourDrawn': {
      const playing = withStep(drawCard(playingOf(state, event), 'RUMOURS'), { kind: 'done' });
      return updatePlayer(playing, event.data.playerId, (p) => ({ ...p, rumours: [...p.rumours, event.data.cardId] }));
    }
    case 'RumourRevealed':
      return revealRumour(playingOf(state, event), event);
    case 'PriceMoved':
      return setPrice(tableOf(state, event), event.data.company, event.data.to);
    case 'ObligationOpened': {
      const { playerId, cardId, amount, sellAtLeast } = event.data;
      return push(playingOf(state, event), { kind: 'obligation', playerId, cardId, amount, sellAtLeast, raised: 0 });
    }
    case 'ObligationPaid': {
      const playing = updatePlayer(playingOf(state, event), event.data.playerId, (p) => ({ ...p, cash: p.cash - event.data.amount }));
      return pop(playing);
    }
    case 'GameEnded': {
      const table = tableOf(state, event);
      const { reason, prices, valuations, winners } = event.data;
      const { gameId, options, seats, seatOrder, trackLength, bank, players, decks } = table;
      return { phase: 'finished', gameId, options, seats, seatOrder, trackLength, prices, bank, players, decks, reason, valuations, winners };
    }
    default:
      return assertNever(event, 'event');
  }
}

function newPortfolio(cash: number): PlayerPortfolio {
  return { cash, holdings: {}, rumours: [], position: -1, circuits: 0, missedTurns: 0, ruined: false };
}

function unexpected(state: MaxiBourseState, event: MaxiBourseEvent): never {
  throw new Error(`Event ${event.type} cannot apply in phase ${state.phase}`);
}

function tableOf(state: MaxiBourseState, event: MaxiBourseEvent): TableState {
  if (state.phase === 'uncreated' || state.phase === 'lobby') return unexpected(state, event);
  return state;
}

function playingOf(state: MaxiBourseState, event: MaxiBourseEvent): PlayingState {
  if (state.phase !== 'playing') return unexpected(state, event);
  return state;
}

function updatePlayer<S extends TableState>(state: S, playerId: PlayerId, update: (p: PlayerPortfolio) => PlayerPortfolio): S {
  const portfolio = state.players[playerId];
  if (!portfolio) return state;
  return { ...state, players: { ...state.players, [playerId]: update(portfolio) } };
}

function setPrice<S extends TableState>(state: S, company: CompanyId, price: number): S {
  return { ...state, prices: { ...state.prices, [company]: price } };
}

function moveShares<S extends TableState>(state: S, company: CompanyId, shares: number, from: Party, to: Party): S {
  const take = (holdings: Readonly<Record<CompanyId, number>>, delta: number) => ({
    ...holdings,
    [company]: sharesOf(holdings, company) + delta,
  });
  let next: S = state;
  if (from === 'bank') next = { ...next, bank: take(next.bank, -shares) };
  else next = updatePlayer(next, from, (p) => ({ ...p, holdings: take(p.holdings, -shares) }));
  if (to === 'bank') next = { ...next, bank: take(next.bank, shares) };
  else next = updatePlayer(next, to, (p) => ({ ...p, holdings: take(p.holdings, shares) }));
  return next;
}

function transferCash(state: PlayingState, from: PlayerId, to: Party, amount: number): PlayingState {
  const paid = updatePlayer(state, from, (p) => ({ ...p, cash: p.cash - amount }));
  return to === 'bank' ? paid : updatePlayer(paid, to, (p) => ({ ...p, cash: p.cash + amount }));
}

function drawCard(state: PlayingState, series: CardSeries): PlayingState {
  const deck = state.decks[series];
  return { ...state, decks: { ...state.decks, [series]: { ...deck, drawPile: deck.drawPile.slice(1) } } };
}

function withStep(state: PlayingState, step: TurnStep): PlayingState {
  return { ...state, turn: { ...state.turn, step } };
}

function lastOf(stack: readonly Activity[]): Activity | undefined {
  return stack[stack.length - 1];
}

function push(state: PlayingState, activity: Activity): PlayingState {
  return { ...state, turn: { ...state.turn, stack: [...state.turn.stack, activity] } };
}

function pop(state: PlayingState): PlayingState {
  return { ...state, turn: { ...state.turn, stack: state.turn.stack.slice(0, -1) } };
}

function replaceTop(state: PlayingState, activity: Activity): PlayingState {
  return push(pop(state), activity);
}

function mapTop<K extends Activity['kind']>(
  state: PlayingState,
  kind: K,
  update: (activity: Extract<Activity, { kind: K }>) => Activity,
): PlayingState {
  const top = lastOf(state.turn.stack);
  if (top?.kind !== kind) return state;
  return replaceTop(state, update(top as Extract<Activity, { kind: K }>));
}

/** III.5: the revealed price change applies at once, including to payments not yet made. */
function revealRumour(state: PlayingState, event: Extract<MaxiBourseEvent, { type: 'RumourRevealed' }>): PlayingState {
  const { playerId, cardId, company, delta } = event.data;
  const deck = state.decks.RUMOURS;
  const shift = (price: number) => clampPrice(price + delta);
  const stack = state.turn.stack.map((activity): Activity => {
    if (!('company' in activity) || activity.company !== company) return activity;
    switch (activity.kind) {
      case 'payment':
      case 'sale':
        return { ...activity, price: shift(activity.price) };
      case 'auction':
        return { ...activity, price: shift(activity.price), lastPrice: shift(activity.lastPrice) };
      case 'bidding':
      case 'debt':
      case 'premiumRequest':
        return activity;
      default:
        return assertNever(activity, 'activity');
    }
  });
  const revealed = updatePlayer(state, playerId, (p) => ({ ...p, rumours: p.rumours.filter((id) => id !== cardId) }));
  return {
    ...setPrice(revealed, company, shift(state.prices[company] ?? 0)),
    decks: { ...state.decks, RUMOURS: { ...deck, discardPile: [...deck.discardPile, cardId] } },
    turn: { ...state.turn, stack },
  };
}

/** III.8: a ruined player leaves the game; whatever was pending for them lapses. */
function ruin(state: PlayingState, playerId: PlayerId, cashSurrendered: number): PlayingState {
  const portfolio = state.players[playerId];
  if (!portfolio) return state;
  const deck = state.decks.RUMOURS;
  const stack = state.turn.stack
    .filter((activity) => {
      switch (activity.kind) {
        case 'payment':
          return activity.payer !== playerId;
        case 'debt':
          return activity.debtor !== playerId;
        case 'obligation':
          return activity.playerId !== playerId;
        case 'premiumRequest':
          return activity.buyer !== playerId && activity.seller !== playerId;
        case 'bidding':
        case 'auction':
        case 'sale':
          return true;
        default:
          return assertNever(activity, 'activity');
      }
    })
    .map((activity): Activity => {
      switch (activity.kind) {
        case 'bidding':
          return { ...activity, speakers: activity.speakers.filter((id) => id !== playerId), bids: activity.bids.filter((bid) => bid.playerId !== playerId) };
        case 'auction':
          return {
            ...activity,
            bidders: activity.bidders.filter((bidder) => bidder.playerId !== playerId),
            answers: activity.answers.filter((answer) => answer.playerId !== playerId),
          };
        case 'sale':
          return {
            ...activity,
            responders: activity.responders.filter((id) => id !== playerId),
            answers: activity.answers.filter((answer) => answer.playerId !== playerId),
          };
        default:
          return activity;
      }
    });
  const ruined = updatePlayer(state, playerId, (p) => ({ ...p, cash: p.cash - cashSurrendered, rumours: [], ruined: true }));
  return {
    ...ruined,
    decks: { ...state.decks, RUMOURS: { ...deck, discardPile: [...deck.discardPile, ...portfolio.rumours] } },
    turn: { ...ruined.turn, stack },
  };
}
