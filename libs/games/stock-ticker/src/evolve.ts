import { assertNever } from '@corbeille/kernel';
import type { PlayerId } from '@corbeille/kernel';
import { emptyPortfolio } from './state';
import type { InPlayState, MarketEvent } from './state';
import type { Portfolio, StockName, StockTickerEvent, StockTickerPhase, StockTickerState } from './types';

/**
 * Folds one event into the state. It trusts the event (decide has validated it) and applies the
 * data the event carries, so folding the recorded events alone rebuilds the game.
 */
export function evolve(state: StockTickerState, event: StockTickerEvent): StockTickerState {
  switch (event.type) {
    case 'GameCreated':
      return { phase: 'lobby', gameId: event.data.gameId, options: event.data.options, seats: [] };
    case 'PlayerJoined': {
      const lobby = inPhase(state, event, 'lobby');
      return { ...lobby, seats: [...lobby.seats, { playerId: event.data.playerId, name: event.data.name }] };
    }
    case 'GameStarted': {
      const lobby = inPhase(state, event, 'lobby');
      const { brokerId, seatOrder, startedAt, prices } = event.data;
      const portfolios = Object.fromEntries(seatOrder.map((playerId) => [playerId, emptyPortfolio(lobby.options.startingCash)]));
      return { ...lobby, phase: 'opening', finished: [], brokerId, seatOrder, startedAt, prices, portfolios };
    }
    case 'TradingFinished': {
      const trading = inPhase(state, event, 'opening', 'trading');
      return { ...trading, finished: [...trading.finished, event.data.playerId] };
    }
    case 'OpeningClosed': {
      const opening = inPhase(state, event, 'opening');
      const { finished: _finished, ...inPlay } = opening;
      return { ...inPlay, phase: 'rolling', round: 1, turn: 0 };
    }
    case 'TradingWindowOpened': {
      const rolling = inPhase(state, event, 'rolling');
      const { turn: _turn, ...inPlay } = rolling;
      return { ...inPlay, phase: 'trading', round: event.data.beforeRound, finished: [] };
    }
    case 'TradingWindowClosed': {
      const trading = inPhase(state, event, 'trading');
      const { finished: _finished, ...inPlay } = trading;
      return { ...inPlay, phase: 'rolling', round: event.data.beforeRound, turn: 0 };
    }
    case 'DiceRolled':
    case 'RoundCompleted':
      // The roll's outcome and the round's end are carried by the events that follow.
      return state;
    case 'TurnPassed': {
      const rolling = inPhase(state, event, 'rolling');
      return { ...rolling, round: event.data.round, turn: rolling.seatOrder.indexOf(event.data.toPlayerId) };
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
      return updatePortfolio(state, playerId, (portfolio) => ({
        ...portfolio,
        cash: portfolio.cash - cost,
        holdings: { ...portfolio.holdings, [stock]: portfolio.holdings[stock] + shares },
      }));
    }
    case 'SharesSold': {
      const { playerId, stock, shares, proceeds } = event.data;
      return updatePortfolio(state, playerId, (portfolio) => ({
        ...portfolio,
        cash: portfolio.cash + proceeds,
        holdings: { ...portfolio.holdings, [stock]: portfolio.holdings[stock] - shares },
      }));
    }
    case 'PriceChanged':
      return { ...state, prices: { ...state.prices, [event.data.stock]: event.data.to } };
    case 'DividendPaid':
      return event.data.payments.reduce(
        (current, payment) =>
          updatePortfolio(current, payment.playerId, (portfolio) => ({ ...portfolio, cash: portfolio.cash + payment.amount })),
        state,
      );
    case 'DividendNotPaid':
      return state;
    case 'StockSplit':
      return setHoldings(state, event.data.stock, event.data.holdings);
    case 'StockOffMarket':
      return setHoldings(state, event.data.stock, event.data.forfeited);
    case 'LoanTaken': {
      const { playerId, amount } = event.data;
      return updatePortfolio(state, playerId, (portfolio) => ({
        ...portfolio,
        cash: portfolio.cash + amount,
        loan: portfolio.loan + amount,
        hasBorrowed: true,
      }));
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
  return changes.reduce(
    (current, change) =>
      updatePortfolio(current, change.playerId, (portfolio) => ({
        ...portfolio,
        holdings: { ...portfolio.holdings, [stock]: change.after },
      })),
    state,
  );
}

function updatePortfolio<S extends InPlayState>(state: S, playerId: PlayerId, change: (portfolio: Portfolio) => Portfolio): S {
  const portfolio = state.portfolios[playerId];
  if (!portfolio) throw new Error(`No portfolio for player ${playerId}`);
  return { ...state, portfolios: { ...state.portfolios, [playerId]: change(portfolio) } };
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
