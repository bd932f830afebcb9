import { stockTickerChecksumAt } from './registry/boundary-checksums';
import { defineGame, playerIdOf, type GameProjection } from './registry/game-definition';
import { ruledStockTicker } from './rulings/ruled-games';
import {
  projectStockTickerEvent,
  STOCK_TICKER_STREAM_PREFIX,
  stockTickerModelFromRow,
  stockTickerRowOf,
  type StockTickerGameModel,
} from './stock-ticker-projection';

const stockTickerProjection: GameProjection<StockTickerGameModel> = {
  project: (model, event) => {
    const { model: next, trade } = projectStockTickerEvent(model, event);
    return { model: next, ...(trade ? { trades: [trade] } : {}) };
  },
  summaryOf: (model) => model.summary,
  toRow: (model) => ({ ...stockTickerRowOf(model), extras: {} }),
  fromRow: (summary, row) => stockTickerModelFromRow(summary, row),
};

/** Stock Ticker hides nothing: every event and every player's options are public. */
export const STOCK_TICKER_GAME = defineGame({
  type: 'stock-ticker',
  title: 'Stock Ticker',
  streamPrefix: STOCK_TICKER_STREAM_PREFIX,
  decider: ruledStockTicker,
  refereeCommands: ['CreateGame', 'StartGame', 'EndGame'],
  actingPlayerOf: playerIdOf,
  redactEvent: (event) => event,
  mayReadActionsOf: () => true,
  projection: stockTickerProjection,
  checksumAt: stockTickerChecksumAt,
});
