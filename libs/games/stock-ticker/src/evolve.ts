import { assertNever } from '@corbeille/kernel';
import type { PlayerId } from '@corbeille/kernel';
import { emptyPortfolio } from './state';
import type { FinishedState, InPlayState, MarketEvent, OpeningState, RollingState, TradingWindowState } from './state';
import type { Portfolio, StockName, StockTickerEvent, StockTickerPhase, StockTickerState } from './types';

/**
 * Folds one event into the state. It trusts the event (decide has validated it) and applies the
 * data the event carries, so folding the recorded events alone rebuilds the game.
 *
 * Folding is the hot path of every load, projection and replay. Each event copies the state's top level
 * and the record it changes, nothing else (the rest is shared with the previous state). The copies are
 * literals of one shape per phase (`copyOf`), changed in place before they are returned: a spread of a
 * state seen in many hidden classes, or followed by properties it lacks, makes V8 copy the slow way. The
 * fields are written in the order the spreads used to leave them, so a state serialises as it always did.
 */
export function evolve(state: StockTickerState, event: StockTickerEvent): StockTickerState {
  switch (event.type) {
    case 'GameCreated':
      return { phase: 'lobby', gameId: event.data.gameId, options: event.data.options, seats: [] };
    case 'PlayerJoined': {
      const lobby = inPhase(state, event, 'lobby');
      return {
        phase: 'lobby',
        gameId: lobby.gameId,
        options: lobby.options,
        seats: [...lobby.seats, { playerId: event.data.playerId, name: event.data.name }],
      };
    }
    case 'GameStarted': {
      const lobby = inPhase(state, event, 'lobby');
      const { brokerId, seatOrder, startedAt, prices } = event.data;
      const portfolios = Object.fromEntries(seatOrder.map((playerId) => [playerId, emptyPortfolio(lobby.options.startingCash)]));
      return openingState({ gameId: lobby.gameId, options: lobby.options, seats: lobby.seats, brokerId, seatOrder, startedAt, prices, portfolios }, []);
    }
    case 'TradingFinished': {
      const trading = inPhase(state, event, 'opening', 'trading');
      const next = copyOf(trading);
      next.finished = [...trading.finished, event.data.playerId];
      return next;
    }
    case 'OpeningClosed':
      return rollingState(inPhase(state, event, 'opening'), 1, 0);
    case 'TradingWindowOpened':
      return tradingState(inPhase(state, event, 'rolling'), event.data.beforeRound, []);
    case 'TradingWindowClosed':
      return rollingState(inPhase(state, event, 'trading'), event.data.beforeRound, 0);
    case 'DiceRolled':
    case 'RoundCompleted':
      // The roll's outcome and the round's end are carried by the events that follow.
      return state;
    case 'TurnPassed': {
      const rolling = inPhase(state, event, 'rolling');
      return rollingState(rolling, event.data.round, rolling.seatOrder.indexOf(event.data.toPlayerId));
    }
    case 'SharesBought':
    case 'SharesSold':
    case 'PriceChanged':
    case 'DividendPaid':
    case 'DividendNotPaid':
    case 'StockSplit':
    case 'StockOffMarket':
    case 'LoanTaken':
      return applyMarketEvent(inPhase(state, event, 'opening', 'trading', 'rolling'), event);
    case 'GameEnded': {
      const active = inPhase(state, event, 'opening', 'trading', 'rolling');
      const { reason, prices, liquidations, standings, winners } = event.data;
      // Everyone has sold out to the Broker and repaid any loan: only the final cash remains.
      const portfolios = Object.fromEntries(
        liquidations.map(({ playerId, finalCash }) => [
          playerId,
          { ...emptyPortfolio(finalCash), hasBorrowed: active.portfolios[playerId]?.hasBorrowed ?? false },
        ]),
      );
      const { brokerId, seatOrder, startedAt, gameId, options, seats } = active;
      return {
        phase: 'finished',
        gameId,
        options,
        seats,
        brokerId,
        seatOrder,
        startedAt,
        prices,
        portfolios,
        reason,
        standings,
        winners,
      };
    }
    default:
      return assertNever(event, 'event');
  }
}

/** Applies an event that touches only prices and portfolios; the phase is left as it is. */
export function applyMarketEvent<S extends InPlayState>(state: S, event: MarketEvent): S {
  switch (event.type) {
    case 'SharesBought': {
      const { playerId, stock, shares, cost } = event.data;
      const held = portfolioOf(state, playerId);
      return withPortfolio(state, playerId, portfolio(held.cash - cost, withStock(held.holdings, stock, held.holdings[stock] + shares), held.loan, held.hasBorrowed));
    }
    case 'SharesSold': {
      const { playerId, stock, shares, proceeds } = event.data;
      const held = portfolioOf(state, playerId);
      return withPortfolio(state, playerId, portfolio(held.cash + proceeds, withStock(held.holdings, stock, held.holdings[stock] - shares), held.loan, held.hasBorrowed));
    }
    case 'PriceChanged': {
      const next = copyOf(state);
      next.prices = withStock(state.prices, event.data.stock, event.data.to);
      return next;
    }
    case 'DividendPaid': {
      if (event.data.payments.length === 0) return state;
      const portfolios = { ...state.portfolios };
      for (const payment of event.data.payments) {
        const held = portfolioIn(portfolios, payment.playerId);
        portfolios[payment.playerId] = portfolio(held.cash + payment.amount, held.holdings, held.loan, held.hasBorrowed);
      }
      const next = copyOf(state);
      next.portfolios = portfolios;
      return next;
    }
    case 'DividendNotPaid':
      return state;
    case 'StockSplit':
      return setHoldings(state, event.data.stock, event.data.holdings);
    case 'StockOffMarket':
      return setHoldings(state, event.data.stock, event.data.forfeited);
    case 'LoanTaken': {
      const { playerId, amount } = event.data;
      const held = portfolioOf(state, playerId);
      return withPortfolio(state, playerId, portfolio(held.cash + amount, held.holdings, held.loan + amount, true));
    }
    default:
      return assertNever(event, 'market event');
  }
}

function setHoldings<S extends InPlayState>(
  state: S,
  stock: StockName,
  changes: readonly { playerId: PlayerId; after: number }[],
): S {
  if (changes.length === 0) return state;
  const portfolios = { ...state.portfolios };
  for (const change of changes) {
    const held = portfolioIn(portfolios, change.playerId);
    portfolios[change.playerId] = portfolio(held.cash, withStock(held.holdings, stock, change.after), held.loan, held.hasBorrowed);
  }
  const next = copyOf(state);
  next.portfolios = portfolios;
  return next;
}

function withPortfolio<S extends InPlayState>(state: S, playerId: PlayerId, changed: Portfolio): S {
  const portfolios = { ...state.portfolios };
  portfolios[playerId] = changed;
  const next = copyOf(state);
  next.portfolios = portfolios;
  return next;
}

function portfolioOf(state: InPlayState, playerId: PlayerId): Portfolio {
  return portfolioIn(state.portfolios, playerId);
}

function portfolioIn(portfolios: Readonly<Record<string, Portfolio>>, playerId: PlayerId): Portfolio {
  const held = portfolios[playerId];
  if (!held) throw new Error(`No portfolio for player ${playerId}`);
  return held;
}

/** A portfolio of one shape (the fields in the order `emptyPortfolio` writes them). */
function portfolio(cash: number, holdings: Portfolio['holdings'], loan: number, hasBorrowed: boolean): Portfolio {
  return { cash, holdings, loan, hasBorrowed };
}

/** A record over the six stocks with one of them changed, in the order `recordOfStocks` writes them. */
function withStock(record: Readonly<Record<StockName, number>>, stock: StockName, value: number): Record<StockName, number> {
  return {
    GOLD: stock === 'GOLD' ? value : record.GOLD,
    TECH: stock === 'TECH' ? value : record.TECH,
    OIL: stock === 'OIL' ? value : record.OIL,
    INDUSTRIAL: stock === 'INDUSTRIAL' ? value : record.INDUSTRIAL,
    BONDS: stock === 'BONDS' ? value : record.BONDS,
    GRAIN: stock === 'GRAIN' ? value : record.GRAIN,
  };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** What every phase from the start on carries, whatever the phase. */
type InPlayFields = Pick<InPlayState, 'gameId' | 'options' | 'seats' | 'brokerId' | 'seatOrder' | 'startedAt' | 'prices' | 'portfolios'>;

function openingState(from: InPlayFields, finished: readonly PlayerId[]): Mutable<OpeningState> {
  return {
    phase: 'opening',
    gameId: from.gameId,
    options: from.options,
    seats: from.seats,
    finished,
    brokerId: from.brokerId,
    seatOrder: from.seatOrder,
    startedAt: from.startedAt,
    prices: from.prices,
    portfolios: from.portfolios,
  };
}

function tradingState(from: InPlayFields, round: number, finished: readonly PlayerId[]): Mutable<TradingWindowState> {
  return {
    phase: 'trading',
    gameId: from.gameId,
    options: from.options,
    seats: from.seats,
    brokerId: from.brokerId,
    seatOrder: from.seatOrder,
    startedAt: from.startedAt,
    prices: from.prices,
    portfolios: from.portfolios,
    round,
    finished,
  };
}

function rollingState(from: InPlayFields, round: number, turn: number): Mutable<RollingState> {
  return {
    phase: 'rolling',
    gameId: from.gameId,
    options: from.options,
    seats: from.seats,
    brokerId: from.brokerId,
    seatOrder: from.seatOrder,
    startedAt: from.startedAt,
    prices: from.prices,
    portfolios: from.portfolios,
    round,
    turn,
  };
}

function finishedState(from: FinishedState): Mutable<FinishedState> {
  return {
    phase: 'finished',
    gameId: from.gameId,
    options: from.options,
    seats: from.seats,
    brokerId: from.brokerId,
    seatOrder: from.seatOrder,
    startedAt: from.startedAt,
    prices: from.prices,
    portfolios: from.portfolios,
    reason: from.reason,
    standings: from.standings,
    winners: from.winners,
  };
}

/** A copy of the top level of a state, to be changed before it is returned. */
function copyOf<S extends InPlayState>(state: S): Mutable<S> {
  // Sound: each case copies a state of the phase it is given, so the copy has the type of its source.
  return copyOfPhase(state) as Mutable<S>;
}

function copyOfPhase(state: InPlayState): Mutable<InPlayState> {
  switch (state.phase) {
    case 'opening':
      return openingState(state, state.finished);
    case 'trading':
      return tradingState(state, state.round, state.finished);
    case 'rolling':
      return rollingState(state, state.round, state.turn);
    case 'finished':
      return finishedState(state);
    default:
      return assertNever(state, 'phase');
  }
}

/** Narrows the state for an event; a mismatch means the stream is corrupt, not that a rule was broken. */
function inPhase<P extends StockTickerPhase>(
  state: StockTickerState,
  event: StockTickerEvent,
  ...phases: P[]
): Extract<StockTickerState, { phase: P }> {
  if (!isInPhase(state, phases)) throw new Error(`Cannot apply ${event.type} in phase ${state.phase}`);
  return state;
}

function isInPhase<P extends StockTickerPhase>(
  state: StockTickerState,
  phases: readonly P[],
): state is Extract<StockTickerState, { phase: P }> {
  return phases.some((phase) => phase === state.phase);
}
