import type { Decider, Viewer } from '@corbeille/kernel';
import { decide } from './decide';
import { evolve } from './evolve';
import { legalActions } from './legal-actions';
import type { StockTickerAction, StockTickerCommand, StockTickerEvent, StockTickerState, StockTickerView } from './types';

export { decide, evolve, legalActions };

export function initialState(): StockTickerState {
  return { phase: 'uncreated' };
}

/** Stock Ticker has no hidden information: every viewer sees the whole state. */
export function view(state: StockTickerState, _viewer: Viewer): StockTickerView {
  return state;
}

export function isTerminal(state: StockTickerState): boolean {
  return state.phase === 'finished';
}

export const stockTicker: Decider<StockTickerState, StockTickerCommand, StockTickerEvent, StockTickerView, StockTickerAction> = {
  initialState,
  decide,
  evolve,
  view,
  legalActions,
  isTerminal,
};
