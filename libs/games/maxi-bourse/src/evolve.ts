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
      const { gameId, options, seats } = state;
      return draftingState({ gameId, options, seats, seatOrder, trackLength, prices, bank, players, decks }, 0);
    }
    case 'DeckShuffled': {
      const next = copyOf(tableOf(state, event));
      next.decks = withEntry(next.decks, event.data.series, { drawPile: event.data.order, discardPile: [] });
      return next;
    }
    case 'StartingCompanyPicked': {
      if (state.phase !== 'drafting') return unexpected(state, event);
      const { playerId, company, shares } = event.data;
      const next = copyOf(moveShares(state, company, shares, 'bank', playerId));
      next.picks = state.picks + 1;
      return next;
    }
    case 'DraftClosed': {
      if (state.phase !== 'drafting') return unexpected(state, event);
      const first = state.seatOrder[0] as PlayerId;
      return playingState(state, { roller: first, tableTurn: 1, dice: null, step: { kind: 'done' }, stack: [] });
    }
    case 'TurnStarted': {
      const next = copyOf(playingOf(state, event));
      next.turn = {
        roller: event.data.playerId,
        tableTurn: event.data.tableTurn,
        dice: null,
        step: { kind: 'awaitingRoll', requestsMade: [] },
        stack: [],
      };
      return next;
    }
    case 'TurnMissed':
      return updatePlayer(playingOf(state, event), event.data.playerId, (p) => {
        const next = copyOfPortfolio(p);
        next.missedTurns = event.data.stillToMiss;
        return next;
      });
    case 'TableTurnCompleted':
      return state;
    case 'DiceRolled': {
      const playing = playingOf(state, event);
      const turn = copyOfTurn(playing.turn);
      turn.dice = event.data.dice;
      const next = copyOf(playing);
      next.turn = turn;
      return next;
    }
    case 'PawnMoved': {
      const playing = withStep(playingOf(state, event), { kind: 'landing' });
      return updatePlayer(playing, event.data.playerId, (p) => {
        const next = copyOfPortfolio(p);
        next.position = event.data.to;
        return next;
      });
    }
    case 'CircuitCompleted':
      return updatePlayer(playingOf(state, event), event.data.playerId, (p) => {
        const next = copyOfPortfolio(p);
        next.circuits = event.data.circuits;
        return next;
      });
    case 'DividendPaid':
    case 'DirectorsFeePaid':
    case 'HorizontalBonusPaid':
    case 'VerticalBonusPaid':
    case 'BankPaidPlayer':
      return updatePlayer(tableOf(state, event), event.data.playerId, (p) => withCash(p, p.cash + event.data.amount));
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
    case 'CarelessPlayerFined': {
      const fined = updatePlayer(playingOf(state, event), event.data.playerId, (p) => {
        const next = copyOfPortfolio(p);
        next.cash = p.cash - event.data.fine;
        next.missedTurns = event.data.turnsToMiss;
        return next;
      });
      const fineOwed = event.data.fineOwed ?? 0;
      return fineOwed > 0 ? mapTop(fined, 'debt', (debt) => ({ ...debt, fineOwed })) : fined;
    }
    case 'CarelessFinePaid':
      return updatePlayer(playingOf(state, event), event.data.playerId, (p) => withCash(p, p.cash - event.data.amount));
    case 'PlayerInsolvent': {
      const playing = updatePlayer(playingOf(state, event), event.data.playerId, (p) => withCash(p, p.cash - event.data.cashPaid));
      return mapTop(playing, 'debt', (debt) => ({ ...debt, stage: 'seizure', cashPaid: event.data.cashPaid }));
    }
    case 'SharesSeized': {
      const { from, company, lots } = event.data;
      return moveShares(playingOf(state, event), company, lots * lotSize, from, 'bank');
    }
    case 'SeizureSettled': {
      const { debtor, creditor, creditorPaid, refund, turnsToMiss } = event.data;
      let playing = pop(playingOf(state, event));
      if (creditor !== 'bank') playing = updatePlayer(playing, creditor, (p) => withCash(p, p.cash + creditorPaid));
      return updatePlayer(playing, debtor, (p) => {
        const next = copyOfPortfolio(p);
        next.cash = p.cash + refund;
        next.missedTurns = turnsToMiss;
        return next;
      });
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
        playing = updatePlayer(playing, seller, (p) => withCash(p, p.cash + amount));
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
      const next = withStep(playing, { kind: 'done' });
      next.decks = withEntry(playing.decks, event.data.series, { drawPile: deck.drawPile, discardPile: [...deck.discardPile, event.data.cardId] });
      return next;
    }
    case 'RumourDrawn': {
      const playing = withStep(drawCard(playingOf(state, event), 'RUMOURS'), { kind: 'done' });
      return updatePlayer(playing, event.data.playerId, (p) => {
        const next = copyOfPortfolio(p);
        next.rumours = [...p.rumours, event.data.cardId];
        return next;
      });
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
      const playing = updatePlayer(playingOf(state, event), event.data.playerId, (p) => withCash(p, p.cash - event.data.amount));
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
  const next = copyOf(state);
  next.players = withEntry(state.players, playerId, update(portfolio));
  return next;
}

function setPrice<S extends TableState>(state: S, company: CompanyId, price: number): Draft<S> {
  const next = copyOf(state);
  // An unchanged price (a quarter of the bids, most auctions closing) shares the 40-company record.
  if (state.prices[company] !== price) next.prices = withEntry(state.prices, company, price);
  return next;
}

function moveShares<S extends TableState>(state: S, company: CompanyId, shares: number, from: Party, to: Party): S {
  const take = (holdings: Readonly<Record<CompanyId, number>>, delta: number) => withEntry(holdings, company, sharesOf(holdings, company) + delta);
  const withHoldings = (p: PlayerPortfolio, delta: number) => {
    const next = copyOfPortfolio(p);
    next.holdings = take(p.holdings, delta);
    return next;
  };
  let next: S = state;
  if (from === 'bank') next = withBank(next, take(next.bank, -shares));
  else next = updatePlayer(next, from, (p) => withHoldings(p, -shares));
  if (to === 'bank') next = withBank(next, take(next.bank, shares));
  else next = updatePlayer(next, to, (p) => withHoldings(p, shares));
  return next;
}

function withBank<S extends TableState>(state: S, bank: TableState['bank']): S {
  const next = copyOf(state);
  next.bank = bank;
  return next;
}

function transferCash(state: PlayingState, from: PlayerId, to: Party, amount: number): PlayingState {
  const paid = updatePlayer(state, from, (p) => withCash(p, p.cash - amount));
  return to === 'bank' ? paid : updatePlayer(paid, to, (p) => withCash(p, p.cash + amount));
}

function drawCard(state: PlayingState, series: CardSeries): PlayingState {
  const deck = state.decks[series];
  const next = copyOf(state);
  next.decks = withEntry(state.decks, series, { drawPile: deck.drawPile.slice(1), discardPile: deck.discardPile });
  return next;
}

function withStep(state: PlayingState, step: TurnStep): Draft<PlayingState> {
  const turn = copyOfTurn(state.turn);
  turn.step = step;
  const next = copyOf(state);
  next.turn = turn;
  return next;
}

function withStack(state: PlayingState, stack: readonly Activity[]): Draft<PlayingState> {
  const turn = copyOfTurn(state.turn);
  turn.stack = stack;
  const next = copyOf(state);
  next.turn = turn;
  return next;
}

function lastOf(stack: readonly Activity[]): Activity | undefined {
  return stack[stack.length - 1];
}

function push(state: PlayingState, activity: Activity): PlayingState {
  return withStack(state, [...state.turn.stack, activity]);
}

function pop(state: PlayingState): PlayingState {
  return withStack(state, state.turn.stack.slice(0, -1));
}

function replaceTop(state: PlayingState, activity: Activity): PlayingState {
  const stack = state.turn.stack.slice();
  stack[stack.length - 1] = activity;
  return withStack(state, stack);
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

function withCash(portfolio: PlayerPortfolio, cash: number): PlayerPortfolio {
  const next = copyOfPortfolio(portfolio);
  next.cash = cash;
  return next;
}

/** A record with one entry set (added or replaced). */
function withEntry<K extends string, V>(record: Readonly<Record<K, V>>, key: NoInfer<K>, value: V): Record<K, V> {
  const next: Record<K, V> = { ...record };
  next[key] = value;
  return next;
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
  const revealed = updatePlayer(state, playerId, (p) => {
    const next = copyOfPortfolio(p);
    next.rumours = p.rumours.filter((id) => id !== cardId);
    return next;
  });
  const next = setPrice(revealed, company, shift(state.prices[company] ?? 0));
  next.decks = withEntry(state.decks, 'RUMOURS', { drawPile: deck.drawPile, discardPile: [...deck.discardPile, cardId] });
  const turn = copyOfTurn(state.turn);
  turn.stack = stack;
  next.turn = turn;
  return next;
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
  const ruined = updatePlayer(state, playerId, (p) => {
    const next = copyOfPortfolio(p);
    next.cash = p.cash - cashSurrendered;
    next.rumours = [];
    next.ruined = true;
    return next;
  });
  const next = withStack(ruined, stack);
  next.decks = withEntry(state.decks, 'RUMOURS', { drawPile: deck.drawPile, discardPile: [...deck.discardPile, ...portfolio.rumours] });
  return next;
}

// ---- Copies of one shape --------------------------------------------------------------------------
// Folding is the hot path of every load, projection and replay. Each event copies the state's top level
// and what it changes, nothing else (the rest is shared with the previous state). The copies are
// literals of one shape per phase (and per turn, per portfolio), changed in place before they are
// returned: a spread of objects of many hidden classes makes V8 copy them the slow way, about a
// microsecond each. The keys keep the order in which the state has always been serialised.

type Draft<T> = { -readonly [K in keyof T]: T[K] };
type DraftTurn = Draft<Turn>;
/** The fields of every phase from the draft on. */
type TableFields = Omit<Extract<MaxiBourseState, { phase: 'drafting' }>, 'phase' | 'picks'>;

function copyOf<S extends TableState>(state: S): Draft<S>;
function copyOf(state: TableState): Draft<TableState> {
  switch (state.phase) {
    case 'drafting':
      return draftingState(state, state.picks);
    case 'playing':
      return playingState(state, state.turn);
    case 'finished':
      return {
        phase: 'finished',
        gameId: state.gameId,
        options: state.options,
        seats: state.seats,
        seatOrder: state.seatOrder,
        trackLength: state.trackLength,
        prices: state.prices,
        bank: state.bank,
        players: state.players,
        decks: state.decks,
        reason: state.reason,
        valuations: state.valuations,
        winners: state.winners,
      };
    default:
      return assertNever(state, 'state');
  }
}

function draftingState(table: TableFields, picks: number): Draft<Extract<MaxiBourseState, { phase: 'drafting' }>> {
  return {
    phase: 'drafting',
    gameId: table.gameId,
    options: table.options,
    seats: table.seats,
    picks,
    seatOrder: table.seatOrder,
    trackLength: table.trackLength,
    prices: table.prices,
    bank: table.bank,
    players: table.players,
    decks: table.decks,
  };
}

function playingState(table: TableFields, turn: Turn): Draft<PlayingState> {
  return {
    phase: 'playing',
    gameId: table.gameId,
    options: table.options,
    seats: table.seats,
    seatOrder: table.seatOrder,
    trackLength: table.trackLength,
    prices: table.prices,
    bank: table.bank,
    players: table.players,
    decks: table.decks,
    turn,
  };
}

function copyOfTurn(turn: Turn): DraftTurn {
  return { roller: turn.roller, tableTurn: turn.tableTurn, dice: turn.dice, step: turn.step, stack: turn.stack };
}

function copyOfPortfolio(p: PlayerPortfolio): Draft<PlayerPortfolio> {
  return {
    cash: p.cash,
    holdings: p.holdings,
    rumours: p.rumours,
    position: p.position,
    circuits: p.circuits,
    missedTurns: p.missedTurns,
    ruined: p.ruined,
  };
}
