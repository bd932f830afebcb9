import { STOCK_TICKER_GAME_TYPE, STOCK_TICKER_STREAM_PREFIX, tradeIdOf, type AuditTrade } from '@corbeille/identity';
import { stockTicker, type StockTickerEvent, type StockTickerState } from '@corbeille/stock-ticker';
import { ruledStockTicker } from '@corbeille/projections';
import { nothingRecorded, tradeBase, type TradeReader } from './trade-reader';

type InPlay = Exclude<StockTickerState, { phase: 'uncreated' | 'lobby' }>;

const inPlay = (state: StockTickerState): state is InPlay => state.phase !== 'uncreated' && state.phase !== 'lobby';

/**
 * Stock Ticker: `SharesBought` and `SharesSold`, always with the Broker at the market price (in cents
 * already). The round is the trading window's (0 for the opening purchases).
 */
export const stockTickerTradesReader: TradeReader<StockTickerState> = {
  gameType: STOCK_TICKER_GAME_TYPE,
  streamPrefix: STOCK_TICKER_STREAM_PREFIX,
  initialState: () => stockTicker.initialState(),
  read(state, event, gameId) {
    const domainEvent = { type: event.type, data: event.data } as StockTickerEvent;
    // The ruled engine: a referee's correction or rewind marker folds like any event.
    const next = ruledStockTicker.evolve(state, domainEvent);
    if ((domainEvent.type !== 'SharesBought' && domainEvent.type !== 'SharesSold') || !inPlay(state) || !inPlay(next)) {
      return nothingRecorded(next);
    }
    const { playerId, stock, shares, price } = domainEvent.data;
    const before = state.portfolios[playerId];
    const after = next.portfolios[playerId];
    if (!before || !after) return nothingRecorded(next);
    const ref = { gameType: STOCK_TICKER_GAME_TYPE, gameId, revision: event.revision, playerId } as const;
    const trade: AuditTrade = {
      tradeId: tradeIdOf(ref),
      trade: ref,
      ...tradeBase(event),
      round: state.phase === 'trading' || state.phase === 'rolling' ? state.round : 0,
      side: domainEvent.type === 'SharesBought' ? 'buy' : 'sell',
      company: stock,
      shares,
      price,
      amount: domainEvent.type === 'SharesBought' ? domainEvent.data.cost : domainEvent.data.proceeds,
      marketPrice: state.prices[stock],
      cashBefore: before.cash,
      cashAfter: after.cash,
      sharesBefore: before.holdings[stock],
      sharesAfter: after.holdings[stock],
      counterparty: 'broker',
      counterpartyIsPlayer: false,
      via: null,
    };
    return { state: next, trades: [trade], signals: [] };
  },
};
